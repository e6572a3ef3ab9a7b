import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultWorkshopFacts } from "~/domain/workshop";
import { serviceFieldMessages } from "~/messages";
import AdminSettings from "./settings";

/** 'Einstellungen' → Leistungen: a service's combined time (issue 28), its field and its history entry. */
function page(canChange: boolean) {
  const facts = defaultWorkshopFacts();
  facts.services[1] = { ...facts.services[1]!, combinedSteps: 1 };
  const history = [
    {
      id: 1,
      changedAt: "2026-11-27T08:41:00.000Z",
      actor: "owner@happycar.example",
      field: "services.57a-ueberpruefung.combinedSteps",
      oldValue: null,
      newValue: 1,
    },
  ];
  const Stub = createRoutesStub([{ id: "settings", path: "/admin/einstellungen", Component: AdminSettings as never, loader: () => null }]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/admin/einstellungen"]}
      hydrationData={{ loaderData: { settings: { facts, version: 1, envLocked: {}, outsideHours: [], history, canChange } } }}
    />,
  );
}

/** The `<input …/>` tag named `name` in `html`. */
function inputNamed(html: string, name: string): string {
  return html.match(new RegExp(`<input[^>]*name="${name}"[^>]*/>`))?.[0] ?? "";
}

describe("'Einstellungen': a service's combined time (issue 28)", () => {
  it("each service has the optional field beside its duration, labelled, with its hint read along; empty where none is set", () => {
    const html = page(true);
    expect(html).toMatch(/<label for="services-combinedSteps_1"[^>]*>Dauer zusammen mit anderen Leistungen \(halbe Stunden\)<\/label>/);
    const input = inputNamed(html, "combinedSteps_1");
    expect(input).toContain('id="services-combinedSteps_1"');
    expect(input).toContain('aria-describedby="services-combinedSteps_1-hint"');
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('value="1"');
    expect(input).not.toContain("readOnly");
    expect(html).toMatch(new RegExp(`<p id="services-combinedSteps_1-hint"[^>]*>${serviceFieldMessages.combinedHint}</p>`));
    expect(inputNamed(html, "combinedSteps_0")).toContain('value=""');
    // The row of a new service has it too.
    expect(inputNamed(html, "combinedSteps_new")).toContain('value=""');
  });

  it("staff read it, read-only", () => {
    const input = inputNamed(page(false), "combinedSteps_1");
    expect(input).toContain('readOnly=""');
    expect(input).toContain('value="1"');
  });

  it("the history names the change in German: the service and the field, none as 'leer (volle Dauer)'", () => {
    const html = page(false);
    expect(html).toContain(
      "owner@happycar.example · Leistung „§57a Überprüfung“: Dauer zusammen mit anderen Leistungen (halbe Stunden)</span>",
    );
    expect(html).toContain('<span class="text-muted-foreground">alt:</span> leer (volle Dauer)');
    expect(html).toContain('<span class="text-muted-foreground">neu:</span> 1</span>');
  });
});

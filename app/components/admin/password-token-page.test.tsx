import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminInvitation from "~/routes/admin/invitation";
import AdminSetup from "~/routes/admin/setup";

/** Issue 25: the first setup and the invitation are one page component (./password-token-page.tsx) with the same texts as before. */

type PageProps = { loaderData: Record<string, unknown>; actionData?: { error: string } };

/** A route's component with the loader's (and the action's) data, inside a router for its Form and Link. */
function render(route: unknown, props: PageProps): string {
  const Page = route as React.ComponentType<PageProps>;
  const Component = () => <Page {...props} />;
  const Stub = createRoutesStub([{ path: "/", Component }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

const TOKEN = "t".repeat(43);
const passwordFields = ['name="password"', 'name="passwordRepeat"', "Passwort (mindestens 12 Zeichen)", "Passwort wiederholen"];

describe("the pages of a one-time password link", () => {
  it("setup: the e-mail, the display name and the new password, posted with the token", () => {
    const html = render(AdminSetup, { loaderData: { token: TOKEN, invalidMessage: null } });
    expect(html).toContain(">Admin-Konto einrichten</h1>");
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain(`<input type="hidden" name="token" value="${TOKEN}"/>`);
    for (const part of [
      'id="setup-email"',
      'name="email"',
      'id="setup-name"',
      'name="displayName"',
      'id="setup-password"',
      ...passwordFields,
    ]) {
      expect(html).toContain(part);
    }
    expect(html).toContain(">Konto anlegen</button>");
    expect(html).not.toContain('role="alert"');
  });

  it("invitation: the account's address, a username for password managers and the new password", () => {
    const html = render(AdminInvitation, { loaderData: { token: TOKEN, email: "tom@happycar.example", invalidMessage: null } });
    expect(html).toContain(">Einladung annehmen</h1>");
    expect(html).toContain("Konto: tom@happycar.example");
    expect(html).toContain(`<input type="hidden" name="token" value="${TOKEN}"/>`);
    expect(html).toContain('<input type="hidden" autoComplete="username" name="username" value="tom@happycar.example"/>');
    for (const part of ['id="invitation-password"', ...passwordFields]) expect(html).toContain(part);
    expect(html).not.toContain('name="email"');
    expect(html).toContain(">Passwort speichern und anmelden</button>");
  });

  it("shows the action's German error as an alert in the form", () => {
    const html = render(AdminInvitation, {
      loaderData: { token: TOKEN, email: "tom@happycar.example", invalidMessage: null },
      actionData: { error: "Die Passwörter stimmen nicht überein." },
    });
    expect(html).toContain('<p role="alert" class="text-sm font-medium text-destructive">Die Passwörter stimmen nicht überein.</p>');
  });

  it.each([
    [AdminSetup, "Admin-Konto einrichten", { token: "", invalidMessage: "Dieser Link ist ungültig." }],
    [AdminInvitation, "Einladung annehmen", { token: "", email: "", invalidMessage: "Diese Einladung ist ungültig." }],
  ] as const)("a link that no longer works: the reason and the way to the login, no form", (Page, title, loaderData) => {
    const html = render(Page, { loaderData });
    expect(html).toContain(`>${title}</h1>`);
    expect(html).toContain(`<p role="alert">${loaderData.invalidMessage}</p>`);
    expect(html).toMatch(/<a [^>]*href="\/admin-login"[^>]*>Zum Admin-Login<\/a>/);
    expect(html).not.toContain("<form");
    expect(html).not.toContain("Konto:");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./board";

describe("admin board error boundary", () => {
  it("says 'Fehler' / 'Termine konnten nicht geladen werden.' when the list fails to load, with 'Erneut versuchen'", () => {
    const Stub = createRoutesStub([{ id: "board", path: "/admin", Component: () => null, ErrorBoundary, loader: () => null }]);
    const html = renderToStaticMarkup(
      <Stub initialEntries={["/admin"]} hydrationData={{ errors: { board: new TypeError("Failed to fetch") } }} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("<h2");
    expect(html).toContain(">Fehler</h2>");
    expect(html).toContain("Termine konnten nicht geladen werden.");
    expect(html).toContain("Internetverbindung");
    expect(html).toContain("Erneut versuchen");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./board";

describe("admin board error boundary", () => {
  it("says 'Fehler' / 'Termine konnten nicht geladen werden.' when the list fails to load", () => {
    const html = renderToStaticMarkup(<ErrorBoundary />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("<h2");
    expect(html).toContain(">Fehler</h2>");
    expect(html).toContain("Termine konnten nicht geladen werden.");
  });
});

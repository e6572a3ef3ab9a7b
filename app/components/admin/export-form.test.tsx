import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ExportForm } from "./export-form";

describe("ExportForm", () => {
  it("is a plain GET form to the CSV export (works without JavaScript) with the board's tab and the dates", () => {
    const html = renderToStaticMarkup(<ExportForm tab="bestätigt" from="2026-11-01" to="2026-11-30" />);
    expect(html).toMatch(/<form [^>]*method="get"/);
    expect(html).toMatch(/<form [^>]*action="\/api\/v1\/admin\/export.csv"/);
    expect(html).toContain('<input type="hidden" name="status" value="bestätigt"/>');
    expect(html).toMatch(/name="from"[^>]*value="2026-11-01"/);
    expect(html).toMatch(/name="to"[^>]*value="2026-11-30"/);
    expect(html).toContain("Export (CSV)</button>");
  });

  it("sends no status for the tab 'alle'", () => {
    expect(renderToStaticMarkup(<ExportForm tab="alle" from="2026-11-01" to="2026-11-30" />)).not.toContain('name="status"');
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ExportForm } from "./export-form";

const closedForm = { q: "", period: "upcoming", from: "2026-11-01", to: "2026-11-30", error: null } as const;

describe("ExportForm", () => {
  it("is a closed disclosure 'Export (CSV)' holding a plain GET form to the board (works without JavaScript) with the tab and the dates", () => {
    const html = renderToStaticMarkup(<ExportForm tab="bestätigt" {...closedForm} />);
    expect(html).toMatch(/^<details class="group relative"><summary[^>]*>Export \(CSV\)/);
    expect(html).toMatch(/<form [^>]*method="get"/);
    expect(html).toMatch(/<form [^>]*action="\/admin"/);
    expect(html).toContain('<input type="hidden" name="export" value="csv"/>');
    expect(html).toContain('<input type="hidden" name="status" value="bestätigt"/>');
    expect(html).toMatch(/name="from"[^>]*value="2026-11-01"/);
    expect(html).toMatch(/name="to"[^>]*value="2026-11-30"/);
    expect(html).toContain("CSV herunterladen</button>");
    expect(html).not.toContain('role="alert"');
  });

  it("sends no status for the tab 'alle', and the board's search and past view along", () => {
    const html = renderToStaticMarkup(<ExportForm tab="alle" {...closedForm} q="Maria" period="past" />);
    expect(html).not.toContain('name="status"');
    expect(html).toContain('<input type="hidden" name="q" value="Maria"/>');
    expect(html).toContain('<input type="hidden" name="period" value="past"/>');
  });

  it("opens with the reason beside the dates, which it marks invalid", () => {
    const html = renderToStaticMarkup(<ExportForm tab="alle" {...closedForm} error="„Von“ darf nicht nach „Bis“ liegen." />);
    expect(html).toMatch(/^<details open="" class="group relative">/);
    expect(html).toMatch(/<p id="export-error" role="alert"[^>]*>„Von“ darf nicht nach „Bis“ liegen.<\/p>/);
    for (const name of ["from", "to"]) {
      const field = new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(html)![0];
      expect(field).toContain('aria-invalid="true"');
      expect(field).toContain('aria-describedby="export-error"');
    }
  });
});

import { type TabKey, tabLabels } from "~/components/admin/appointment-tabs";
import { Button } from "~/components/ui/button";
import { DisclosureSummary } from "~/components/ui/disclosure";
import { FieldError, Input, Label } from "~/components/ui/form-controls";
import type { ListPeriod } from "~/domain/appointment";
import { cn } from "~/lib/cn";

/**
 * The owner's 'Export (CSV)', closed until asked for, so that its dates read as the export's, not as a
 * filter of the list. A plain GET form to the board itself (with or without JavaScript): the board's
 * loader sends valid dates on to the file, which the browser downloads while the board stays; otherwise
 * it shows the board again with this form open and `error` beside the dates. The board's view travels
 * along, so that it looks as before. It exports the board's current tab.
 */
export function ExportForm({
  tab,
  q,
  period,
  from,
  to,
  error,
  className,
}: {
  tab: TabKey;
  q: string;
  period: ListPeriod;
  from: string;
  to: string;
  error: string | null;
  className?: string;
}) {
  const invalid = error ? { "aria-invalid": true, "aria-describedby": "export-error" } : {};
  return (
    <details open={error ? true : undefined} className={cn("group relative", className)}>
      <DisclosureSummary>Export (CSV)</DisclosureSummary>
      <form
        method="get"
        action="/admin"
        aria-label="Termine exportieren"
        // From md up it opens below its button like a menu, over the list, instead of pushing the search aside.
        className="mt-2 grid gap-3 rounded-md border border-border bg-card p-3 md:absolute md:right-0 md:top-full md:z-30 md:w-max md:grid-cols-[auto_auto_auto] md:items-end md:shadow-lg"
      >
        <input type="hidden" name="export" value="csv" />
        {tab !== "alle" ? <input type="hidden" name="status" value={tab} /> : null}
        {q ? <input type="hidden" name="q" value={q} /> : null}
        {period === "past" ? <input type="hidden" name="period" value="past" /> : null}
        <p className="text-sm text-muted-foreground md:col-span-3">{`„${tabLabels[tab]}“ vom gewählten Zeitraum als CSV-Datei für Excel.`}</p>
        <div className="grid gap-2">
          <Label htmlFor="export-from">Von</Label>
          <Input id="export-from" type="date" name="from" defaultValue={from} required {...invalid} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="export-to">Bis</Label>
          <Input id="export-to" type="date" name="to" defaultValue={to} required {...invalid} />
        </div>
        <Button type="submit">CSV herunterladen</Button>
        {error ? (
          <div className="md:col-span-3">
            <FieldError id="export-error">{error}</FieldError>
          </div>
        ) : null}
      </form>
    </details>
  );
}

import type { TabKey } from "~/components/admin/appointment-tabs";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form-controls";

/**
 * The owner's 'Export (CSV)': a plain GET form to /api/v1/admin/export.csv, so
 * the browser downloads the file with or without JavaScript. It exports the
 * board's current tab for the chosen dates (the current month to start with).
 */
export function ExportForm({ tab, from, to }: { tab: TabKey; from: string; to: string }) {
  return (
    <form method="get" action="/api/v1/admin/export.csv" aria-label="Termine exportieren" className="flex flex-wrap items-end gap-2">
      {tab !== "alle" ? <input type="hidden" name="status" value={tab} /> : null}
      <div className="grid gap-2">
        <Label htmlFor="export-from">Von</Label>
        <Input id="export-from" type="date" name="from" defaultValue={from} required />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="export-to">Bis</Label>
        <Input id="export-to" type="date" name="to" defaultValue={to} required />
      </div>
      <Button type="submit" variant="outline">
        Export (CSV)
      </Button>
    </form>
  );
}

import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { availableActions } from "~/domain/appointment";
import { formatDateDE } from "~/lib/format-date";
import type { AdminAppointment } from "~/domain/appointment";
import { type AdminActionData, useActionToast } from "./action-result";
import { EmailStateBadge, StatusBadge } from "./status-badge";

const columns = ["Name", "Email", "Telefon", "Datum", "Uhrzeit", "Leistung", "Status", "Aktionen"];

/** Plain left click: the dialog opens instead of following the no-JavaScript link. */
function opensDialog(event: React.MouseEvent, open: () => void) {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  open();
}

export function AppointmentTable({
  items,
  hrefWith,
  onCancel,
  onDelete,
}: {
  items: AdminAppointment[];
  /** The current board URL with extra parameters (the no-JavaScript dialogs). */
  hrefWith: (extra: Record<string, string>) => string;
  onCancel: (item: AdminAppointment) => void;
  onDelete: (item: AdminAppointment) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-border">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-muted-foreground">
                Keine Termine vorhanden
              </td>
            </tr>
          ) : (
            items.map((item) => (
              <AppointmentRow
                key={item.id}
                item={item}
                hrefWith={hrefWith}
                onCancel={() => onCancel(item)}
                onDelete={() => onDelete(item)}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function AppointmentRow({
  item,
  hrefWith,
  onCancel,
  onDelete,
}: {
  item: AdminAppointment;
  hrefWith: (extra: Record<string, string>) => string;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const actions = availableActions(item.status);
  return (
    <tr className="border-b border-border align-top" data-appointment-id={item.id}>
      <td className="px-3 py-2 font-medium">
        <Link
          to={`/admin/termine/${item.id}`}
          className="underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {item.name}
        </Link>
      </td>
      <td className="px-3 py-2 break-all">{item.email}</td>
      <td className="px-3 py-2 whitespace-nowrap">{item.phone}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDateDE(item.date)}</td>
      <td className="px-3 py-2">{item.time}</td>
      <td className="px-3 py-2">{item.service}</td>
      <td className="px-3 py-2">
        <div className="flex flex-col items-start gap-1">
          <StatusBadge status={item.status} />
          <EmailStateBadge state={item.emailState} />
        </div>
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          {actions.includes("confirm") ? (
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={item.id} />
              <Button type="submit" name="intent" value="confirm" size="sm" disabled={busy}>
                Bestätigen
              </Button>
            </fetcher.Form>
          ) : null}
          {actions.includes("cancel") ? (
            <Button asChild size="sm" variant="outline">
              <Link to={hrefWith({ cancel: item.id })} onClick={(event) => opensDialog(event, onCancel)}>
                Stornieren
              </Link>
            </Button>
          ) : null}
          {actions.includes("delete") ? (
            <Button asChild size="sm" variant="destructive">
              <Link to={hrefWith({ delete: item.id })} onClick={(event) => opensDialog(event, onDelete)}>
                Löschen
              </Link>
            </Button>
          ) : null}
          {item.emailState === "failed" ? (
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={item.id} />
              <Button type="submit" name="intent" value="resend" size="sm" variant="secondary" disabled={busy}>
                Erneut senden
              </Button>
            </fetcher.Form>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

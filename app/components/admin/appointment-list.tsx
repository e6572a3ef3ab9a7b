import { Fragment } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import type { AdminAppointment } from "~/domain/appointment";
import { availableActions, noShowRefusal } from "~/domain/appointment";
import { zonedInstant } from "~/domain/calendar-date";
import { formatDateDE } from "~/lib/format-date";
import { servicesLine } from "~/lib/format-services";
import { useHydrated } from "~/lib/use-hydrated";
import { adminMessages } from "~/messages";
import { type AdminActionData, useActionToast } from "./action-result";
import { EmailStateBadge, StatusBadge } from "./status-badge";

// The seed's columns, plus the car's plate (issue 14).
const columns = ["Name", "Email", "Telefon", "Datum", "Uhrzeit", "Leistung", "Kennzeichen", "Status", "Aktionen"];

type ListProps = {
  items: AdminAppointment[];
  /** The current board URL with extra parameters (the no-JavaScript dialogs). */
  hrefWith: (extra: Record<string, string>) => string;
  /** Opens the cancel dialog; `opener` is the control that did, where focus returns. */
  onCancel: (item: AdminAppointment, opener: HTMLElement) => void;
  /** Absent for staff: only an owner deletes (the server refuses it too). */
  onDelete?: (item: AdminAppointment, opener: HTMLElement) => void;
};

type ItemProps = Pick<ListProps, "hrefWith" | "onCancel" | "onDelete"> & { item: AdminAppointment };

/**
 * The board's appointments: a table from md up, cards on a phone, where its
 * columns cannot fit. Both are in the HTML and CSS shows one, so the server
 * renders the right one at once; the hidden one is display: none, out of the
 * accessibility tree and the tab order.
 */
export function AppointmentList({ items, ...props }: ListProps) {
  if (items.length === 0) return <p className="py-8 text-center text-muted-foreground">Keine Termine vorhanden</p>;
  const itemProps = (item: AdminAppointment): ItemProps => ({ ...props, item });
  return (
    <>
      <div className="overflow-x-auto max-md:hidden">
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
            {items.map((item) => (
              <AppointmentRow key={item.id} {...itemProps(item)} />
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Termine" className="grid grid-cols-1 gap-3 md:hidden">
        {items.map((item) => (
          <AppointmentCard key={item.id} {...itemProps(item)} />
        ))}
      </ul>
    </>
  );
}

function NameLink({ item }: { item: AdminAppointment }) {
  return (
    <Link
      to={`/admin/termine/${item.id}`}
      // On a phone (the cards) the name opens the details: a 44 px touch target.
      className="underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:flex max-md:min-h-11 max-md:items-center"
    >
      {item.name}
    </Link>
  );
}

function Badges({ item }: { item: AdminAppointment }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={item.status} />
      <EmailStateBadge state={item.emailState} />
      {item.noShowAt ? <Badge tone="red">{adminMessages.noShowLabel}</Badge> : null}
      {item.earlierNoShows > 0 ? (
        <Badge tone="yellow" data-testid="earlier-no-shows">
          {adminMessages.earlierNoShows(item.earlierNoShows)}
        </Badge>
      ) : null}
    </div>
  );
}

function AppointmentRow({ item, ...actions }: ItemProps) {
  return (
    <tr className="border-b border-border align-top" data-appointment-id={item.id}>
      <td className="px-3 py-2 font-medium">
        <NameLink item={item} />
      </td>
      <td className="px-3 py-2 break-all">{item.email}</td>
      <td className="px-3 py-2 whitespace-nowrap">{item.phone}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDateDE(item.date)}</td>
      <td className="px-3 py-2">{item.time}</td>
      <td className="px-3 py-2">{servicesLine(item).value}</td>
      <td className="px-3 py-2 whitespace-nowrap">{item.licensePlate ?? "–"}</td>
      <td className="px-3 py-2">
        <Badges item={item} />
      </td>
      <td className="px-3 py-2">
        <AppointmentActions item={item} {...actions} />
      </td>
    </tr>
  );
}

/** One appointment on a phone: who, when, what, its state and the actions; the details page has the rest. */
function AppointmentCard({ item, ...actions }: ItemProps) {
  // Label and value per line below the name; a null value (no data) leaves its line out.
  const facts: [label: string, value: string | null][] = [
    ["Termin", `${formatDateDE(item.date)}, ${item.time} Uhr`],
    [servicesLine(item).label, servicesLine(item).value],
    ["Kennzeichen", item.licensePlate],
  ];
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold wrap-anywhere">
          <NameLink item={item} />
        </h3>
        <Badges item={item} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) =>
          value ? (
            <Fragment key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="wrap-anywhere">{value}</dd>
            </Fragment>
          ) : null,
        )}
      </dl>
      <AppointmentActions item={item} {...actions} />
    </li>
  );
}

/**
 * A control that opens a dialog: without JavaScript a link to the page that asks the question
 * (`href`), with it a button that opens the dialog in place.
 */
function DialogOpener({
  href,
  onOpen,
  variant,
  className,
  children,
}: {
  href: string;
  onOpen: (opener: HTMLElement) => void;
  variant: "outline" | "destructive";
  className: string;
  children: string;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Button asChild size="sm" variant={variant} className={className}>
        <Link to={href}>{children}</Link>
      </Button>
    );
  }
  return (
    <Button type="button" size="sm" variant={variant} className={className} onClick={(event) => onOpen(event.currentTarget)}>
      {children}
    </Button>
  );
}

/**
 * The actions the appointment's status allows (the board's rows and cards, the details page); on a
 * phone two per line, each a full-width touch target. The forms post to the page's own action.
 */
export function AppointmentActions({ item, hrefWith, onCancel, onDelete }: ItemProps) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const actions = availableActions(item.status);
  const phoneWide = "max-md:w-full";
  return (
    <div className="flex flex-wrap gap-2 max-md:grid max-md:grid-cols-2">
      {actions.includes("confirm") ? (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" name="intent" value="confirm" size="sm" disabled={busy} className={phoneWide}>
            Bestätigen
          </Button>
        </fetcher.Form>
      ) : null}
      {actions.includes("cancel") ? (
        <DialogOpener
          href={hrefWith({ cancel: item.id })}
          onOpen={(opener) => onCancel(item, opener)}
          variant="outline"
          className={phoneWide}
        >
          Stornieren
        </DialogOpener>
      ) : null}
      {actions.includes("delete") && onDelete ? (
        <DialogOpener
          href={hrefWith({ delete: item.id })}
          onOpen={(opener) => onDelete(item, opener)}
          variant="destructive"
          className={phoneWide}
        >
          Löschen
        </DialogOpener>
      ) : null}
      {/* 'Nicht erschienen' (issue 28) once the start has passed without the car, and its undo: one form, its intent by state. */}
      {item.noShowAt !== null ||
      noShowRefusal({ ...item, startsAt: zonedInstant(item.date, item.time, site.timeZone) }, new Date()) === null ? (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <Button
            type="submit"
            name="intent"
            value={item.noShowAt === null ? "noShow" : "undoNoShow"}
            size="sm"
            variant="outline"
            disabled={busy}
            className={phoneWide}
          >
            {item.noShowAt === null ? adminMessages.noShowLabel : adminMessages.noShowUndoLabel}
          </Button>
        </fetcher.Form>
      ) : null}
      {item.emailState === "failed" ? (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" name="intent" value="resend" size="sm" variant="secondary" disabled={busy} className={phoneWide}>
            Erneut senden
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

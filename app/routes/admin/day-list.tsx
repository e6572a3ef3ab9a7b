import { Link } from "react-router";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { databaseContext } from "~/context";
import { addDays, isCalendarDate, minutesToTime, timeToMinutes, zonedParts } from "~/domain/calendar-date";
import { absencesOn, type DayListGroup, dayListGroups } from "~/domain/planner";
import { visitFactsOf } from "~/domain/workshop";
import { formatIsoDateDE } from "~/lib/format-date";
import { servicesLine } from "~/lib/format-services";
import { formatMileage } from "~/lib/format-vehicle";
import { appointmentMarks, plannerMessages, progressLabels } from "~/messages";
import { handoverLabels } from "~/schemas/booking-fields";
import { type DayListAppointment, dayListOf } from "~/services/planner.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/day-list";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Tagesliste ${data ? formatIsoDateDE(data.date) : ""} – Admin-Board – Happy Car` },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Die Tagesliste konnte nicht geladen werden." };

const weekdays = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"];

/**
 * The columns, with the share of the width the ones with long text get (the others take what their
 * words need): a car's details and a note on two lines rather than four.
 */
const columns = [
  { name: "Zeit", width: "" },
  { name: "Kunde", width: "w-[16%]" },
  { name: "Fahrzeug", width: "w-[23%]" },
  { name: "Leistung, Mechaniker:in", width: "" },
  { name: "Übergabe", width: "" },
  { name: "Notiz", width: "w-[20%]" },
];

/**
 * /admin/tagesliste?date=YYYY-MM-DD (default: today in Vienna): the day's work for the mechanics'
 * board, grouped per lift, then per inspection place, then 'Ohne Hebebühne' (and 'Ohne Zuordnung'),
 * each appointment with the mechanic and the courtesy car it holds; printable on one A4 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("date") ?? "";
  const today = zonedParts(new Date(), site.timeZone).date;
  const date = isCalendarDate(requested) ? requested : today;
  const db = context.get(databaseContext);
  // What each appointment needs by the workshop's facts (issue 29).
  const day = await dayListOf(db, date, visitFactsOf(await workshopFacts(db)));
  return {
    date,
    today,
    count: day.appointments.length,
    groups: dayListGroups(day.appointments, day.resources),
    absences: absencesOn(date, day.absences, day.resources),
  };
}

type Listed = DayListGroup<DayListAppointment>["appointments"][number];

/** How the car comes and goes: the hand-over (with the pick-up address) and the courtesy car it holds, or "–". */
function handover(appointment: Listed) {
  const lines = [
    appointment.handover ? handoverLabels[appointment.handover] : null,
    appointment.pickupAddress,
    ...appointment.courtesyCars.map(plannerMessages.courtesyCar),
    appointment.courtesyCar && appointment.courtesyCars.length === 0 ? plannerMessages.courtesyCarWished : null,
  ].filter((line): line is string => Boolean(line));
  return lines.length === 0
    ? "–"
    : lines.map((line, index) => (
        <span key={`${index}-${line}`} className="block">
          {line}
        </span>
      ));
}

/**
 * One appointment. Six columns, two facts to a cell (time and status, customer and phone, plate and
 * car, service and mechanic): ten side by side did not fit A4's width, and the printer shrank the
 * whole page to 7 points.
 */
function AppointmentRow({ appointment }: { appointment: Listed }) {
  const car = [appointment.vehicleModel, appointment.mileageKm === null ? null : formatMileage(appointment.mileageKm)].filter(Boolean);
  // Entered on the board (issue 28): 'Telefon', 'überbucht: …', 'Trotzdem eingetragen: …', 'ohne E-Mail'; one line, only when there are any.
  const marks = appointmentMarks.of({ ...appointment, hasEmail: appointment.email !== null });
  return (
    <tr className="border-b border-border align-top break-inside-avoid print:border-black">
      <td className={cell()}>
        <span className="block whitespace-nowrap">
          {appointment.time}–{minutesToTime(timeToMinutes(appointment.time) + appointment.durationMinutes)}
        </span>
        {/* Printed as a word: a badge's padding costs every row height the page does not have. */}
        <StatusBadge
          status={appointment.status}
          className="print:block print:rounded-none print:bg-transparent print:p-0 print:text-[8pt] print:font-normal print:text-black"
        />
        {appointment.progress ? <span className="block">{progressLabels[appointment.progress]}</span> : null}
      </td>
      <td className={cell()}>
        <Link to={`/admin/termine/${appointment.id}`} className="block underline-offset-4 hover:underline print:no-underline">
          {appointment.name}
        </Link>
        <span className="block whitespace-nowrap">{appointment.phone}</span>
        {marks.length > 0 ? <span className="block font-medium">{marks.join(" · ")}</span> : null}
      </td>
      <td className={cell()}>
        <span className="block font-medium whitespace-nowrap">{appointment.licensePlate ?? "–"}</span>
        {car.length > 0 ? <span className="block">{car.join(", ")}</span> : null}
      </td>
      <td className={cell()}>
        <span className="block">{servicesLine(appointment).value}</span>
        <span className="block font-medium">{appointment.mechanics.join(", ") || "–"}</span>
      </td>
      <td className={cell()}>{handover(appointment)}</td>
      <td className={cell("whitespace-pre-line")}>
        {[appointment.internalNote, appointment.message ? `Kunde: ${appointment.message}` : null].filter(Boolean).join("\n") || "–"}
      </td>
    </tr>
  );
}

/** A table cell; printed with less air, so that a full day fits on one A4 page. */
const cell = (extra = "") => `px-2 py-1.5 print:px-1 print:py-px ${extra}`;

export default function DayList({ loaderData }: Route.ComponentProps) {
  const { date, today, count, groups, absences } = loaderData;
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return (
    <div className="grid gap-4 print:gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold print:text-base">
          Tagesliste {weekdays[day]}, {formatIsoDateDE(date)}
        </h2>
        <nav aria-label="Tag wählen" className="flex flex-wrap gap-2 print:hidden">
          <Button asChild variant="outline">
            <Link to={`?date=${addDays(date, -1)}`}>Vorheriger Tag</Link>
          </Button>
          {date !== today ? (
            <Button asChild variant="outline">
              <Link to={`?date=${today}`}>Heute</Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={`?date=${addDays(date, 1)}`}>Nächster Tag</Link>
          </Button>
        </nav>
      </div>
      <p className="text-sm text-muted-foreground print:hidden">
        Drucken mit Strg+P (am Telefon: Teilen → Drucken); die Liste passt auf eine A4-Seite.
      </p>
      {absences.length > 0 ? (
        <p className="text-sm print:text-[9pt]">
          <span className="font-semibold">{plannerMessages.absencesLabel}:</span> {absences.map(plannerMessages.absence).join(" · ")}
        </p>
      ) : null}
      {count === 0 ? (
        <p className="py-8">Für diesen Tag sind keine Termine angefragt oder bestätigt.</p>
      ) : (
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full min-w-[44rem] border-collapse text-left text-sm print:min-w-0 print:text-[8pt] print:leading-tight">
            <thead>
              <tr className="border-b-2 border-border print:border-black">
                {columns.map((column) => (
                  <th key={column.name} scope="col" className={cell(`font-semibold ${column.width}`)}>
                    {column.name}
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={group.key} className="break-inside-avoid-page">
                <tr className="border-b border-border bg-muted print:border-black print:bg-transparent">
                  <th colSpan={columns.length} scope="rowgroup" className={cell("pt-3 text-left font-semibold print:pt-1.5")}>
                    {plannerMessages.laneName(group)}
                    {group.kind === "unassigned" ? (
                      <span className="block text-xs font-normal print:text-[8pt]">{plannerMessages.unassignedHint}</span>
                    ) : null}
                  </th>
                </tr>
                {group.appointments.length === 0 ? (
                  <tr className="border-b border-border print:border-black">
                    <td colSpan={columns.length} className={cell("text-muted-foreground")}>
                      {plannerMessages.noAppointments}
                    </td>
                  </tr>
                ) : (
                  group.appointments.map((appointment) => <AppointmentRow key={appointment.id} appointment={appointment} />)
                )}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </div>
  );
}

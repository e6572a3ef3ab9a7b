import { Link } from "react-router";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { databaseContext } from "~/context";
import { addDays, isCalendarDate, minutesToTime, timeToMinutes, zonedParts } from "~/domain/calendar-date";
import { formatIsoDateDE } from "~/lib/format-date";
import { formatMileage } from "~/lib/format-vehicle";
import { progressLabels } from "~/messages";
import { handoverLabels } from "~/schemas/booking-fields";
import { dayList } from "~/services/appointment-queries.server";
import type { Route } from "./+types/day-list";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Tagesliste ${data ? formatIsoDateDE(data.date) : ""} – Admin-Board – Happy Car` },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Die Tagesliste konnte nicht geladen werden." };

const weekdays = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"];

/** /admin/tagesliste?date=YYYY-MM-DD (default: today in Vienna): the day's work, printable on one A4 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("date") ?? "";
  const today = zonedParts(new Date(), site.timeZone).date;
  const date = isCalendarDate(requested) ? requested : today;
  return { date, today, appointments: await dayList(context.get(databaseContext), date) };
}

export default function DayList({ loaderData }: Route.ComponentProps) {
  const { date, today, appointments } = loaderData;
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold">
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
      {appointments.length === 0 ? (
        <p className="py-8">Für diesen Tag sind keine Termine angefragt oder bestätigt.</p>
      ) : (
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full min-w-[48rem] border-collapse text-left text-sm print:min-w-0 print:text-[9pt]">
            <thead>
              <tr className="border-b-2 border-border print:border-black">
                {["Zeit", "Kunde", "Telefon", "Kennzeichen", "Fahrzeug", "Leistung", "Übergabe", "Status", "Notiz"].map((column) => (
                  <th key={column} scope="col" className="px-2 py-1.5 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {appointments.map((appointment) => (
                <tr key={appointment.id} className="border-b border-border align-top break-inside-avoid print:border-black">
                  <td className="px-2 py-1.5 whitespace-nowrap">
                    {appointment.time}–{minutesToTime(timeToMinutes(appointment.time) + appointment.durationMinutes)}
                  </td>
                  <td className="px-2 py-1.5">
                    <Link to={`/admin/termine/${appointment.id}`} className="underline-offset-4 hover:underline print:no-underline">
                      {appointment.name}
                    </Link>
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap">{appointment.phone}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap">{appointment.licensePlate ?? "–"}</td>
                  <td className="px-2 py-1.5">
                    {[appointment.vehicleModel, appointment.mileageKm === null ? null : formatMileage(appointment.mileageKm)]
                      .filter(Boolean)
                      .join(", ") || "–"}
                  </td>
                  <td className="px-2 py-1.5">{appointment.service}</td>
                  <td className="px-2 py-1.5">
                    {appointment.handover ? handoverLabels[appointment.handover] : "–"}
                    {appointment.pickupAddress ? <span className="block">{appointment.pickupAddress}</span> : null}
                  </td>
                  <td className="px-2 py-1.5">
                    <StatusBadge status={appointment.status} />
                    {appointment.progress ? <span className="block">{progressLabels[appointment.progress]}</span> : null}
                  </td>
                  <td className="px-2 py-1.5 whitespace-pre-line">
                    {[appointment.internalNote, appointment.message ? `Kunde: ${appointment.message}` : null].filter(Boolean).join("\n") ||
                      "–"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

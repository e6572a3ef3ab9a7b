import { site } from "~/config/site";
import { minutesToTime, zonedParts } from "~/domain/calendar-date";
import type { Handover } from "~/domain/vehicle";
import { type CsvValue, toCsv } from "./csv";
import { formatIsoDateDE } from "./format-date";
import { formatMonthDE } from "./format-vehicle";

/** The export's file for a spreadsheet in German: one column per field of an appointment, dates dd.MM.yyyy. */

export type CsvAppointment = {
  id: string;
  name: string;
  email: string | null;
  phone: string;
  date: string;
  time: string;
  durationMinutes: number;
  service: string;
  /** The further services of a visit of several (issue 28, decision 045). */
  additionalServices: readonly string[];
  status: string;
  message: string | null;
  licensePlate: string | null;
  vehicleModel: string | null;
  mileageKm: number | null;
  firstRegistration: string | null;
  handover: Handover | null;
  pickupAddress: string | null;
  cancellationReason: string | null;
  internalNote: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const TIME_ZONE = site.timeZone;

/** The board's words for the hand-over, as the workshop reads them (not the customer's "Ich …" of the form). */
const handoverNames: Record<Handover, string> = {
  wait: "Kunde wartet",
  drop_off: "Auto wird abgegeben",
  pickup: "Hol- und Bringservice",
};

/** An instant as Vienna's wall clock: "01.12.2026 14:05". */
function viennaDateTime(instant: Date): string {
  const { date, minutes } = zonedParts(instant, TIME_ZONE);
  return `${formatIsoDateDE(date)} ${minutesToTime(minutes)}`;
}

const columns: [header: string, value: (row: CsvAppointment) => CsvValue][] = [
  ["Datum", (row) => formatIsoDateDE(row.date)],
  ["Uhrzeit", (row) => row.time],
  ["Dauer (Minuten)", (row) => row.durationMinutes],
  // 'Leistung' keeps the first service, as before (decision 045); the further ones beside it.
  ["Leistung", (row) => row.service],
  ["Weitere Leistungen", (row) => row.additionalServices.join(", ")],
  ["Status", (row) => row.status],
  ["Name", (row) => row.name],
  ["E-Mail", (row) => row.email],
  ["Telefon", (row) => row.phone],
  ["Nachricht", (row) => row.message],
  ["Kennzeichen", (row) => row.licensePlate],
  ["Marke und Modell", (row) => row.vehicleModel],
  ["Kilometerstand", (row) => row.mileageKm],
  ["Erstzulassung", (row) => (row.firstRegistration ? formatMonthDE(row.firstRegistration) : null)],
  ["Übergabe", (row) => (row.handover ? handoverNames[row.handover] : null)],
  ["Abholadresse", (row) => row.pickupAddress],
  ["Stornierungsgrund", (row) => row.cancellationReason],
  ["Interne Notiz", (row) => row.internalNote],
  ["Angefragt am", (row) => viennaDateTime(row.createdAt)],
  ["Zuletzt geändert am", (row) => viennaDateTime(row.updatedAt)],
  ["Termin-ID", (row) => row.id],
];

export function appointmentsCsv(rows: readonly CsvAppointment[]): string {
  return toCsv(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, value]) => value(row))),
  );
}

/** "termine-2026-11-01-bis-2026-11-30.csv", with the tab when it is one ("termine-bestaetigt-…"); ASCII only. */
export function exportFilename(filter: { from: string; to: string; tab: string }): string {
  const tab = filter.tab === "alle" ? "" : `${filter.tab.replace("ä", "ae")}-`;
  return `termine-${tab}${filter.from}-bis-${filter.to}.csv`;
}

import crypto from "node:crypto";
import { parse as parseCsv } from "csv-parse/sync";
import { z } from "zod";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { appointmentStatuses, slotOccupyingStatuses } from "~/domain/appointment";
import { isCalendarDate, timeToMinutes, zonedInstant, zonedParts } from "~/domain/calendar-date";
import {
  displayLicensePlate,
  firstRegistrationProblem,
  handovers,
  licensePlateProblem,
  MAX_MILEAGE_KM,
  normalizeLicensePlate,
} from "~/domain/vehicle";
import { durationOf, visitFactsOf, type WorkshopFacts } from "~/domain/workshop";
import { parseIsoDate } from "~/lib/format-date";
import { workshopMonth } from "~/schemas/booking";
import { isTimeOfDay, onSlotGrid } from "~/schemas/slot-time";
import { placeAll } from "./placement.server";
import { readWorkshopFacts } from "./workshop-facts.server";

/**
 * Moving in from the old system: a CSV or JSON export of the seed's
 * `appointments` table (columns id, name, email, phone, date, time, service,
 * message, status, cancellation_reason, created_at; when present also
 * license_plate, vehicle_model, mileage_km, first_registration, handover,
 * pickup_address and duration_minutes). Rows whose id already
 * exists are skipped, so an import can be repeated safely.
 */
export type ImportReport = {
  imported: number;
  skipped: number;
  rejected: { row: number; reason: string }[];
  /**
   * Active (beantragt, bestätigt) rows of the file that found no free resources: the old system
   * did not limit anything. They are stored without a lift or mechanic; the operator moves or
   * cancels them (confirming one places it first, or is refused with 409).
   */
  unplaced: UnplacedRow[];
};

export type UnplacedRow = { row: number; date: string; time: string; service: string };

type NewAppointment = typeof appointments.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The old backend may have used numbers as ids: map them to a stable uuid, so a re-import still skips them. */
function importId(raw: string): string {
  if (UUID.test(raw)) return raw.toLowerCase();
  const hex = crypto.createHash("sha1").update(`happy-car-import:${raw}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// yyyy-MM-dd, "T" or a space, HH:mm[:ss[.fraction]] (a database dump writes microseconds), then maybe a zone.
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const INVALID_TIMESTAMP = new Date(Number.NaN);

/**
 * An export's time stamp: with a zone or offset as written; without one ("2024-04-28 09:15:00.123456",
 * as a database dump writes it) a wall time in Vienna, never in the server's zone. A wall time the
 * clock skipped in Vienna (31 March 2024, 02:30) or any other text is no time stamp.
 */
function importTimestamp(value: string): Date {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return INVALID_TIMESTAMP;
  const [, date = "", time = "", seconds = "00", fraction = "", zone] = match;
  if (!isCalendarDate(date) || !isTimeOfDay(time) || Number(seconds) > 59) return INVALID_TIMESTAMP;
  const milliseconds = fraction.padEnd(3, "0").slice(0, 3);
  if (zone) {
    // "Z", "+02", "+0200" or "+02:00", as Date reads it: "+02:00".
    const offset = zone.toUpperCase() === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.replace(":", "").slice(3) || "00"}`;
    return new Date(`${date}T${time}:${seconds}.${milliseconds}${offset}`);
  }
  const instant = zonedInstant(date, time, site.timeZone);
  const wall = zonedParts(instant, site.timeZone);
  if (wall.date !== date || wall.minutes !== timeToMinutes(time)) return INVALID_TIMESTAMP;
  return new Date(instant.getTime() + Number(seconds) * 1000 + Number(milliseconds));
}

const text = z.preprocess((value) => (value === null || value === undefined ? "" : String(value)), z.string());
const required = (label: string) => text.pipe(z.string().trim().min(1, `${label} fehlt`));
const optional = text.transform((value) => (value.trim() === "" ? null : value));

const rowSchema = z.object({
  id: required("id").pipe(z.string().max(100, "id ist zu lang")),
  name: required("name").pipe(z.string().max(200, "name ist zu lang")),
  email: required("email").pipe(z.email("email ist keine gültige E-Mail-Adresse")),
  phone: required("phone"),
  date: required("date")
    .transform((value) => value.slice(0, 10))
    .refine((value) => !Number.isNaN(parseIsoDate(value).getTime()), "date ist kein gültiges Datum (yyyy-MM-dd)"),
  // On the slot grid: booking, confirming and the planner count whole slots (an 08:15 would overlap two unseen).
  time: required("time")
    .transform((value) => value.slice(0, 5))
    .refine(onSlotGrid, `time ist keine Uhrzeit im ${site.booking.slotMinutes}-Minuten-Raster (HH:mm, z. B. 08:00 oder 08:30)`),
  service: required("service"),
  message: optional,
  status: text
    .transform((value) => value.trim() || "beantragt")
    .pipe(z.enum(appointmentStatuses, `status muss ${appointmentStatuses.join(", ")} sein`)),
  cancellation_reason: optional,
  created_at: optional.refine(
    (value) => value === null || !Number.isNaN(importTimestamp(value).getTime()),
    "created_at ist kein Zeitpunkt",
  ),
  // The car and its hand-over (issue 14), when the export has these columns.
  license_plate: optional.refine((value) => value === null || !licensePlateProblem(value), "license_plate ist kein gültiges Kennzeichen"),
  vehicle_model: optional.pipe(z.string().max(200, "vehicle_model ist zu lang").nullable()),
  mileage_km: optional
    .transform((value) => (value === null ? null : Number(value)))
    .refine(
      (value) => value === null || (Number.isInteger(value) && value >= 0 && value <= MAX_MILEAGE_KM),
      `mileage_km muss eine ganze Zahl von 0 bis ${MAX_MILEAGE_KM} sein`,
    ),
  first_registration: optional
    .transform((value) => value && value.slice(0, 7))
    .refine(
      (value) => value === null || !firstRegistrationProblem(value, workshopMonth(new Date())),
      "first_registration ist kein gültiger Monat (yyyy-MM, ab 1900, nicht in der Zukunft)",
    ),
  handover: optional.pipe(z.enum(handovers, `handover muss ${handovers.join(", ")} sein`).nullable()),
  pickup_address: optional,
  duration_minutes: optional
    .transform((value) => (value === null ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value > 0), "duration_minutes muss eine positive ganze Zahl sein"),
});

function toAppointment(row: z.infer<typeof rowSchema>, importedAt: Date, facts: WorkshopFacts): NewAppointment {
  const createdAt = row.created_at ? importTimestamp(row.created_at) : null;
  return {
    id: importId(row.id.trim()),
    name: row.name,
    email: row.email,
    phone: row.phone,
    date: row.date,
    time: row.time,
    service: row.service,
    message: row.message,
    status: row.status,
    cancellationReason: row.cancellation_reason,
    // Without a duration in the file, as long as the service takes now by the workshop's facts (issue 29).
    durationMinutes: row.duration_minutes ?? durationOf(facts, row.service),
    licensePlate: row.license_plate && displayLicensePlate(row.license_plate),
    licensePlateNormalized: row.license_plate && normalizeLicensePlate(row.license_plate),
    vehicleModel: row.vehicle_model,
    mileageKm: row.mileage_km,
    firstRegistration: row.first_registration,
    handover: row.handover,
    pickupAddress: row.pickup_address,
    ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    // As migration 0011 set them for existing rows: a confirmed one is due its reminder, a cancelled one was the workshop's.
    confirmedAt: row.status === "bestätigt" ? (createdAt ?? importedAt) : null,
    cancelledBy: row.status === "storniert" ? "workshop" : null,
  };
}

/** Reads the file's rows: JSON (an array, or {"appointments": [...]}) or CSV with a header line. */
export function parseExport(content: string, fileName: string): Record<string, unknown>[] {
  const trimmed = content.replace(/^\uFEFF/, "").trimStart();
  if (fileName.toLowerCase().endsWith(".json") || trimmed.startsWith("[") || trimmed.startsWith("{")) {
    const parsed: unknown = JSON.parse(trimmed);
    const rows = Array.isArray(parsed) ? parsed : (parsed as { appointments?: unknown }).appointments;
    if (!Array.isArray(rows)) throw new Error("Die JSON-Datei enthält keine Liste von Terminen.");
    return rows.map((row) => (typeof row === "object" && row !== null ? (row as Record<string, unknown>) : {}));
  }
  return parseCsv(trimmed, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true });
}

const BATCH_SIZE = 500;

async function insertOne(db: Executor, row: NewAppointment): Promise<"imported" | "skipped"> {
  const inserted = await db
    .insert(appointments)
    .values(row)
    .onConflictDoNothing({ target: appointments.id })
    .returning({ id: appointments.id });
  return inserted.length === 1 ? "imported" : "skipped";
}

export async function importAppointments(
  db: Executor,
  rows: Record<string, unknown>[],
  { firstRow = 1, now = new Date() }: { firstRow?: number; now?: Date },
): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, skipped: 0, rejected: [], unplaced: [] };
  // The workshop's facts (issue 29): a row's duration when the file has none, and what each needs.
  const { facts } = await readWorkshopFacts(db);
  const insertedIds = new Set<string>();
  const valid: { row: number; value: NewAppointment }[] = [];
  rows.forEach((raw, index) => {
    const parsed = rowSchema.safeParse(raw);
    if (parsed.success) valid.push({ row: index + firstRow, value: toAppointment(parsed.data, now, facts) });
    else report.rejected.push({ row: index + firstRow, reason: parsed.error.issues.map((issue) => issue.message).join("; ") });
  });
  for (let start = 0; start < valid.length; start += BATCH_SIZE) {
    const batch = valid.slice(start, start + BATCH_SIZE);
    try {
      const inserted = await db
        .insert(appointments)
        .values(batch.map((entry) => entry.value))
        .onConflictDoNothing({ target: appointments.id })
        .returning({ id: appointments.id });
      report.imported += inserted.length;
      report.skipped += batch.length - inserted.length;
      for (const { id } of inserted) insertedIds.add(id);
    } catch {
      // One bad row (a database constraint) fails the batch: go row by row to name it.
      for (const entry of batch) {
        try {
          const outcome = await insertOne(db, entry.value);
          report[outcome] += 1;
          if (outcome === "imported") insertedIds.add(entry.value.id!);
        } catch (error) {
          report.rejected.push({ row: entry.row, reason: `von der Datenbank abgelehnt: ${(error as Error).message.split("\n")[0]}` });
        }
      }
    }
  }
  report.rejected.sort((a, b) => a.row - b.row);
  // Each new active appointment holds resources as a booking would (decision 039).
  const active = valid.filter(
    ({ value }) => insertedIds.has(value.id!) && (slotOccupyingStatuses as readonly string[]).includes(value.status ?? ""),
  );
  const unplaced = new Set(
    (
      await placeAll(
        db,
        active.map(({ value }) => ({
          id: value.id!,
          date: value.date,
          time: value.time,
          service: value.service,
          // Set by toAppointment: the file's, or the service's by the facts.
          durationMinutes: value.durationMinutes!,
          courtesyCar: false,
          confirmed: value.status === "bestätigt",
        })),
        visitFactsOf(facts),
      )
    ).map((entry) => entry.id),
  );
  report.unplaced = active
    .filter(({ value }) => unplaced.has(value.id!))
    .map(({ row, value }) => ({ row, date: value.date, time: value.time, service: value.service }));
  return report;
}

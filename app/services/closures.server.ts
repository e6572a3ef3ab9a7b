import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { appointments, closures } from "~/db/schema";
import { readBooleanSetting, writeSetting } from "~/db/settings.server";
import { sensitiveRefusal } from "~/domain/access";
import { type AdminAppointment, slotOccupyingStatuses } from "~/domain/appointment";
import { type CalendarDate, zonedParts } from "~/domain/calendar-date";
import { type Closure, closureCovers, defaultClosures } from "~/domain/closures";
import type { ClosureErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";
import type { SlotRules } from "~/domain/slots";
import type { ClosureInput } from "~/schemas/closure";
import { cancelAppointment } from "./appointment-commands.server";
import { adminAppointmentColumns } from "./appointment-queries.server";
import { notifyWaitlistForDays } from "./waitlist.server";

/**
 * The owner's closures (issue 15, decision 018): kept in the database, read
 * on every slots, availability and booking request, so a change counts at once.
 */

export type StoredClosure = Closure & { id: string; createdAt: string };

/** An active appointment a closure covers, as the board lists it for 'Alle stornieren'. */
export type AffectedAppointment = Pick<
  AdminAppointment,
  "id" | "name" | "email" | "phone" | "date" | "time" | "service" | "durationMinutes" | "status"
>;

export type ClosureResult<T> = Result<T, Exclude<ClosureErrorCode, "reasonRequired" | "reasonTooLong">>;

const ownerOnly = fail("ownerOnly");

const columns = {
  id: closures.id,
  from: closures.fromDate,
  to: closures.toDate,
  startTime: closures.startTime,
  name: closures.name,
  createdAt: closures.createdAt,
};

function stored(row: { id: string; from: string; to: string; startTime: string | null; name: string; createdAt: Date }): StoredClosure {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The closures overlapping [from, to]: one indexed query. */
export async function closuresBetween(db: Executor, from: CalendarDate, to: CalendarDate): Promise<Closure[]> {
  return db
    .select({ from: closures.fromDate, to: closures.toDate, startTime: closures.startTime, name: closures.name })
    .from(closures)
    .where(and(lte(closures.fromDate, to), gte(closures.toDate, from)));
}

/** `rules` with the stored closures of [from, to] added: what slots, availability and booking check against. */
export async function rulesWithClosures(db: Executor, rules: SlotRules, from: CalendarDate, to: CalendarDate): Promise<SlotRules> {
  const stored = await closuresBetween(db, from, to);
  return stored.length === 0 ? rules : { ...rules, closures: [...rules.closures, ...stored] };
}

/** Every closure ending today or later, the next first (past ones stay stored, they only drop off the list). */
export async function listClosures(db: Executor, actor: AdminIdentity, now: Date): Promise<ClosureResult<StoredClosure[]>> {
  if (actor.role !== "owner") return ownerOnly;
  const today = zonedParts(now, site.timeZone).date;
  const rows = await db
    .select(columns)
    .from(closures)
    .where(gte(closures.toDate, today))
    .orderBy(asc(closures.fromDate), asc(closures.startTime), asc(closures.createdAt));
  return ok(rows.map(stored));
}

/** The columns of an AffectedAppointment: also what 'Einstellungen' lists outside the opening hours. */
export const affectedColumns = (({ id, name, email, phone, date, time, service, durationMinutes, status }) => ({
  id,
  name,
  email,
  phone,
  date,
  time,
  service,
  durationMinutes,
  status,
}))(adminAppointmentColumns);

/** The active appointments (beantragt, bestätigt) the closure covers, in time order. */
async function affectedBy(db: Executor, closure: Closure): Promise<AffectedAppointment[]> {
  const rows = await db
    .select(affectedColumns)
    .from(appointments)
    .where(
      and(
        gte(appointments.date, closure.from),
        lte(appointments.date, closure.to),
        inArray(appointments.status, [...slotOccupyingStatuses]),
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.time), asc(appointments.createdAt));
  return rows.filter((row) => closureCovers(closure, row));
}

/**
 * Waits for the bookings in progress and holds new ones until the closure is committed: each
 * booking takes this lock in shared mode before it reads the closures (request_appointment,
 * decision 024), so none slips into a closure unseen and none is missing from its affected list.
 */
async function lockOutBookings(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(31005, 0)`);
}

/**
 * Enters a closure and answers it with the appointments it covers, so the
 * owner can cancel them. It does not cancel them itself: the owner may rather
 * call a customer and keep the appointment.
 */
export async function addClosure(
  db: Database,
  { actor, closure, now }: { actor: AdminIdentity; closure: ClosureInput; now: Date },
): Promise<ClosureResult<StoredClosure & { affected: AffectedAppointment[] }>> {
  if (actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx) => {
    await lockOutBookings(tx);
    const [row] = await tx
      .insert(closures)
      .values({ fromDate: closure.from, toDate: closure.to, startTime: closure.startTime ?? null, name: closure.name, createdAt: now })
      .returning(columns);
    const created = stored(row!);
    const range = created.from === created.to ? created.from : `${created.from} – ${created.to}`;
    await recordAudit(tx, {
      actor,
      action: "closure.create",
      subject: `closure:${created.id}`,
      reason: `${created.name}: ${range}${created.startTime ? ` ab ${created.startTime}` : ""}`,
      now,
    });
    return ok({ ...created, affected: await affectedBy(tx, created) });
  });
}

/** One closure with the appointments it covers now: what 'Alle stornieren' asks about once more. */
export async function closureWithAffected(
  db: Executor,
  { actor, id }: { actor: AdminIdentity; id: string },
): Promise<ClosureResult<StoredClosure & { affected: AffectedAppointment[] }>> {
  if (actor.role !== "owner") return ownerOnly;
  const [row] = await db.select(columns).from(closures).where(eq(closures.id, id));
  if (!row) return { ok: false, code: "notFound" };
  const closure = stored(row);
  return { ok: true, value: { ...closure, affected: await affectedBy(db, closure) } };
}

export async function deleteClosure(
  db: Database,
  { actor, id, now }: { actor: AdminIdentity; id: string; now: Date },
): Promise<ClosureResult<null>> {
  if (actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(closures)
      .where(eq(closures.id, id))
      .returning({ name: closures.name, from: closures.fromDate, to: closures.toDate });
    if (!row) return fail("notFound");
    await recordAudit(tx, { actor, action: "closure.delete", subject: `closure:${id}`, reason: row.name, now });
    // The lifted closure's days may have times again: their waiting lists hear of it (issue 28).
    await notifyWaitlistForDays(tx, row.from, row.to, { freedBy: `closure:${id}`, now });
    return ok(null);
  });
}

/**
 * 'Alle stornieren': each appointment through the board's own cancel
 * use-case (its transaction, status rule, cancellation e-mail and audit entry).
 * One that changed meanwhile (cancelled, deleted) is skipped, not an error.
 */
export async function cancelAppointments(
  db: Database,
  { admin, ids, reason, now }: { admin: AdminIdentity; ids: ReadonlyArray<string>; reason: string; now: Date },
): Promise<Result<{ cancelled: number; skipped: number }, ClosureErrorCode>> {
  const refusal = sensitiveRefusal(admin, now);
  if (refusal) return fail(refusal);
  let cancelled = 0;
  for (const id of ids) {
    const result = await cancelAppointment(db, { id, admin, reason, now });
    if (result.ok) cancelled++;
    else if (result.code === "reasonRequired" || result.code === "reasonTooLong") return fail(result.code);
  }
  return ok({ cancelled, skipped: ids.length - cancelled });
}

/** Settings key: the defaults of app/config/site.ts were entered once; deleted ones stay deleted. */
const DEFAULTS_ENTERED = "closureDefaultsEntered";

/**
 * At start: enters the configured closures (site.booking.closures for
 * `defaultClosureYears` years from this one, and the company holidays) once
 * per database. Under a lock, so instances starting together enter them once.
 */
export async function enterDefaultClosures(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(31004, 0)`);
    if (await readBooleanSetting(tx, DEFAULTS_ENTERED)) return;
    const year = Number(zonedParts(now, site.timeZone).date.slice(0, 4));
    const years = Array.from({ length: site.booking.defaultClosureYears }, (_, index) => year + index);
    const defaults = defaultClosures(years, { yearly: site.booking.closures, ranges: site.booking.companyHolidays });
    if (defaults.length > 0) {
      await lockOutBookings(tx);
      await tx
        .insert(closures)
        .values(
          defaults.map((closure) => ({ fromDate: closure.from, toDate: closure.to, startTime: closure.startTime, name: closure.name })),
        );
    }
    await writeSetting(tx, DEFAULTS_ENTERED, true, now);
  });
}

import { and, asc, count, desc, eq, gte, ilike, inArray, like, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import type { Database, Executor } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { adminUsers, appointmentCounts, appointments, auditLog, emailOutbox } from "~/db/schema";
import { cleanText } from "~/schemas/text";
import {
  type AdminAppointment,
  type AdminTab,
  type AppointmentAction,
  type AppointmentStatus,
  appointmentStatuses,
  canTransition,
  nextStatus,
  MAX_NOTE_LENGTH,
} from "~/domain/appointment";
import type { AdminErrorCode } from "~/domain/error-codes";
import type { PlannerAppointment } from "~/domain/planner";
import { isUuid } from "~/domain/ids";
import { coveredSlotTimes, hasRoom, slotLoad } from "~/domain/slots";
import { licensePlateProblem, normalizeLicensePlate, PLATE_MIN_SIGNS } from "~/domain/vehicle";
import { enqueueEmail, lastEmailState, requeueFailedEmail } from "~/mail/outbox.server";

/** The admin board's use-cases: list, confirm, cancel, delete, details, resend. */

export const PAGE_SIZE = 50;
/** The highest page number looked up as asked: its offset is still a safe integer (one past it is the last page anyway). */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / PAGE_SIZE);

const MAX_REASON_LENGTH = 1000;

export type AppointmentList = {
  items: AdminAppointment[];
  counts: Record<AdminTab, number>;
  page: number;
  pageSize: number;
  total: number;
};

const columns = {
  id: appointments.id,
  name: appointments.name,
  email: appointments.email,
  phone: appointments.phone,
  date: appointments.date,
  time: appointments.time,
  service: appointments.service,
  message: appointments.message,
  status: appointments.status,
  cancellationReason: appointments.cancellationReason,
  createdAt: appointments.createdAt,
  durationMinutes: appointments.durationMinutes,
  licensePlate: appointments.licensePlate,
  vehicleModel: appointments.vehicleModel,
  mileageKm: appointments.mileageKm,
  firstRegistration: appointments.firstRegistration,
  handover: appointments.handover,
  pickupAddress: appointments.pickupAddress,
  internalNote: appointments.internalNote,
  progress: appointments.progress,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Name, e-mail or phone contain the text; phone also ignoring spaces, slashes and dashes;
 * the licence plate ignoring case, spaces and hyphens ("w-123 ab" finds "W 123AB"), by its normalised column.
 * The query is cleaned like every text input: PostgreSQL refuses a NUL in a parameter (a 500 before).
 */
function searchCondition(query: string): SQL | undefined {
  const text = cleanText(query.slice(0, 100));
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const conditions = [ilike(appointments.name, pattern), ilike(appointments.email, pattern), ilike(appointments.phone, pattern)];
  const digits = text.replace(/\D/g, "");
  if (digits.length >= 3 && /^[\d\s+()/.-]+$/.test(text)) {
    conditions.push(sql`regexp_replace(${appointments.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  const plate = normalizeLicensePlate(text);
  if (plate.length >= PLATE_MIN_SIGNS && !licensePlateProblem(plate)) {
    conditions.push(like(appointments.licensePlateNormalized, `%${plate}%`));
  }
  return or(...conditions);
}

const listOrder = [asc(appointments.date), asc(appointments.time), asc(appointments.createdAt), asc(appointments.id)];

/**
 * The matching rows of one page in the list's order, each with its last e-mail's state. The page's
 * ids first, so that a late page skips its offset over the index alone, not over every column.
 */
async function listPage(db: Executor, where: SQL | undefined, page: number) {
  const pageIds = db.$with("page_ids").as(
    db
      .select({ id: appointments.id })
      .from(appointments)
      .where(where)
      .orderBy(...listOrder)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  );
  const rows = await db
    .with(pageIds)
    .select({ ...columns, emailState: lastEmailState(appointments.id) })
    .from(appointments)
    .innerJoin(pageIds, eq(pageIds.id, appointments.id))
    .orderBy(...listOrder);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Per status, how many appointments match: without a search from the triggers' table (decision 019). */
async function listCounts(db: Executor, search: SQL | undefined): Promise<Record<AdminTab, number>> {
  const countRows = search
    ? await db.select({ status: appointments.status, n: count() }).from(appointments).where(search).groupBy(appointments.status)
    : await db
        .select({ status: appointmentCounts.status, n: sql<number>`sum(${appointmentCounts.n})::int` })
        .from(appointmentCounts)
        .groupBy(appointmentCounts.status);
  const counts: Record<AdminTab, number> = { alle: 0, beantragt: 0, bestätigt: 0, storniert: 0 };
  for (const row of countRows) {
    counts[row.status] = row.n;
    counts.alle += row.n;
  }
  return counts;
}

export async function listAppointments(db: Executor, input: { tab?: AdminTab; q?: string; page?: number }): Promise<AppointmentList> {
  const tab = input.tab ?? "alle";
  const search = searchCondition(input.q ?? "");
  const where = and(search, tab === "alle" ? undefined : eq(appointments.status, tab));
  // Past any real page (a hand-edited ?page=Infinity) it is the last page, read after the counts: the
  // offset of the page read first must stay an integer PostgreSQL takes.
  const requested = Math.min(Math.max(1, Math.trunc(input.page ?? 1) || 1), MAX_PAGE);
  // The counts and the requested page at once, on two pooled connections (decision 022); only a
  // page past the end, known from the counts, costs a second look: the last page instead.
  const [counts, items] = await Promise.all([listCounts(db, search), listPage(db, where, requested)]);
  const total = counts[tab];
  const page = Math.min(requested, Math.max(1, Math.ceil(total / PAGE_SIZE)));
  return {
    items: page === requested ? items : await listPage(db, where, page),
    counts,
    page,
    pageSize: PAGE_SIZE,
    total,
  };
}

export type AdminActionResult =
  { ok: true; status?: AppointmentStatus } | { ok: false; status: 400 | 403 | 404 | 409; code: AdminErrorCode };

type StatusChange = { id: string; admin: AdminIdentity; now?: Date };

/** Confirming needs to know how many confirmed appointments one slot holds (SLOT_CAPACITY, as booking). */
type Confirmation = StatusChange & { slotCapacity: number };

/** Statuses from which the table in app/domain/appointment.ts allows `action`. */
function statusesAllowing(action: AppointmentAction): AppointmentStatus[] {
  return appointmentStatuses.filter((status) => canTransition(status, action));
}

/** One entry of an appointment's trail; `progress` keeps the new state in `reason` (services/appointment-progress.server.ts). */
export async function writeAudit(
  tx: Executor,
  entry: {
    appointmentId: string;
    admin: AdminIdentity;
    action: AppointmentAction | "note" | "progress";
    oldStatus: AppointmentStatus;
    newStatus: AppointmentStatus | null;
    reason?: string;
    now: Date;
  },
) {
  await tx.insert(auditLog).values({
    appointmentId: entry.appointmentId,
    adminUserId: entry.admin.id,
    actor: entry.admin.email,
    action: entry.action,
    oldStatus: entry.oldStatus,
    newStatus: entry.newStatus,
    reason: entry.reason ?? null,
    createdAt: entry.now,
  });
}

/** No row changed: the appointment is gone (404) or no longer in a status that allows the action (409). */
async function missOutcome(tx: Executor, id: string): Promise<AdminActionResult> {
  const [row] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, id));
  return row ? { ok: false, status: 409, code: "conflict" } : { ok: false, status: 404, code: "notFound" };
}

/**
 * Whether any slot the appointment covers (a §57a covers two) already holds
 * `capacity` confirmed appointments besides `slot.id` (so a second confirm of
 * the same request stays a plain conflict). Takes the covered slots' locks
 * first, in ascending time, the keys and order of `request_appointment`
 * (drizzle/0005_…, decisions 008 and 016), so two confirms for one slot count
 * one after the other and the second sees the first's commit; the locks end
 * with the transaction.
 */
async function slotFullyConfirmed(
  tx: Executor,
  slot: { id: string; date: string; time: string; durationMinutes: number },
  capacity: number,
): Promise<boolean> {
  for (const time of coveredSlotTimes(slot.time, slot.durationMinutes)) {
    await tx.execute(sql`select pg_advisory_xact_lock(31001, hashtext(${`${slot.date} ${time}`}::text))`);
  }
  const confirmed = await tx
    .select({ time: appointments.time, durationMinutes: appointments.durationMinutes, count: count() })
    .from(appointments)
    .where(and(eq(appointments.date, slot.date), eq(appointments.status, "bestätigt"), ne(appointments.id, slot.id)))
    .groupBy(appointments.time, appointments.durationMinutes);
  return !hasRoom(slot.time, slot.durationMinutes, slotLoad(confirmed), capacity);
}

/**
 * Confirm or cancel: one conditional update (`… WHERE id = ? AND status IN
 * (allowed)`), so of two admins acting at once exactly one changes the row and
 * queues the e-mail; the other gets 409. E-mail and audit row share the transaction.
 * Confirming also refuses (409 slotFull) when the slot's confirmed appointments
 * reach the capacity: a lowered SLOT_CAPACITY or an import can leave more
 * requests in a slot than it holds.
 */
async function changeStatus(
  db: Database,
  change: { action: "confirm"; slotCapacity: number } | { action: "cancel"; reason: string },
  { id, admin, now = new Date() }: StatusChange,
): Promise<AdminActionResult> {
  const { action } = change;
  const reason = change.action === "cancel" ? change.reason : undefined;
  const from = statusesAllowing(action);
  return db.transaction(async (tx): Promise<AdminActionResult> => {
    const [before] = await tx
      .select({
        status: appointments.status,
        date: appointments.date,
        time: appointments.time,
        durationMinutes: appointments.durationMinutes,
      })
      .from(appointments)
      .where(eq(appointments.id, id));
    if (!before) return { ok: false, status: 404, code: "notFound" };
    if (!canTransition(before.status, action)) return { ok: false, status: 409, code: "conflict" };
    if (change.action === "confirm" && (await slotFullyConfirmed(tx, { id, ...before }, change.slotCapacity))) {
      return { ok: false, status: 409, code: "slotFull" };
    }
    const newStatus = nextStatus(before.status, action)!;
    const [row] = await tx
      .update(appointments)
      .set({
        status: newStatus,
        updatedAt: now,
        ...(action === "cancel" ? { cancellationReason: reason, cancelledBy: "workshop" as const } : { confirmedAt: now }),
      })
      // Still in the status read above: a cancellation knows whether it withdraws a confirmed entry.
      .where(and(eq(appointments.id, id), inArray(appointments.status, from), eq(appointments.status, before.status)))
      .returning();
    if (!row) return missOutcome(tx, id);
    const params = {
      name: row.name,
      email: row.email,
      date: row.date,
      time: row.time,
      service: row.service,
      accessToken: await createCustomerLink(tx, row.id, now),
    };
    await enqueueEmail(
      tx,
      action === "confirm"
        ? {
            recipient: row.email,
            template: "appointment-confirmed",
            // The calendar invite lasts as long as the booking.
            params: { ...params, durationMinutes: String(row.durationMinutes) },
            appointmentId: row.id,
          }
        : {
            recipient: row.email,
            template: "appointment-cancelled",
            params: {
              ...params,
              reason: reason ?? "",
              durationMinutes: String(row.durationMinutes),
              wasConfirmed: before.status === "bestätigt" ? "true" : "false",
            },
            appointmentId: row.id,
          },
    );
    await writeAudit(tx, { appointmentId: id, admin, action, oldStatus: before.status, newStatus, reason, now });
    return { ok: true, status: newStatus };
  });
}

export function confirmAppointment(db: Database, input: Confirmation): Promise<AdminActionResult> {
  return changeStatus(db, { action: "confirm", slotCapacity: input.slotCapacity }, input);
}

/** A blank reason is refused (400) before anything changes. */
export function cancelAppointment(db: Database, input: StatusChange & { reason: unknown }): Promise<AdminActionResult> {
  // Cleaned like customer input: it goes into the e-mail (jsonb) and to the customer.
  const reason = typeof input.reason === "string" ? cleanText(input.reason, true) : "";
  if (!reason) return Promise.resolve({ ok: false, status: 400, code: "reasonRequired" });
  if (reason.length > MAX_REASON_LENGTH) {
    return Promise.resolve({ ok: false, status: 400, code: "reasonTooLong" });
  }
  return changeStatus(db, { action: "cancel", reason }, input);
}

/**
 * Deleting is allowed in every status, and only to an owner (issue 15: staff
 * confirm, cancel and write notes); the audit trail keeps who deleted what.
 */
export async function deleteAppointment(db: Database, { id, admin, now = new Date() }: StatusChange) {
  if (admin.role !== "owner") return { ok: false, status: 403, code: "ownerOnly" } satisfies AdminActionResult;
  return db.transaction(async (tx): Promise<AdminActionResult> => {
    const [row] = await tx.delete(appointments).where(eq(appointments.id, id)).returning({ status: appointments.status });
    if (!row) return { ok: false, status: 404, code: "notFound" };
    await writeAudit(tx, { appointmentId: id, admin, action: "delete", oldStatus: row.status, newStatus: null, now });
    return { ok: true };
  });
}

/**
 * The workshop's internal note on an appointment (issue 15): any admin writes
 * it, an empty one removes it; it never reaches a customer's e-mail.
 */
export async function saveInternalNote(
  db: Database,
  { id, admin, note, now = new Date() }: StatusChange & { note: unknown },
): Promise<AdminActionResult> {
  const text = typeof note === "string" ? cleanText(note, true) : "";
  if (text.length > MAX_NOTE_LENGTH) return { ok: false, status: 400, code: "noteTooLong" };
  return db.transaction(async (tx): Promise<AdminActionResult> => {
    const [row] = await tx
      .update(appointments)
      .set({ internalNote: text || null, updatedAt: now })
      .where(eq(appointments.id, id))
      .returning({ status: appointments.status });
    if (!row) return { ok: false, status: 404, code: "notFound" };
    await writeAudit(tx, { appointmentId: id, admin, action: "note", oldStatus: row.status, newStatus: row.status, now });
    return { ok: true };
  });
}

/**
 * The day's appointments for the workshop (the printable day list): requested
 * and confirmed, in time order, with everything the mechanics need.
 */
export async function dayList(db: Executor, date: string): Promise<Omit<AdminAppointment, "emailState">[]> {
  const rows = await db
    .select(columns)
    .from(appointments)
    .where(and(eq(appointments.date, date), inArray(appointments.status, ["beantragt", "bestätigt"])))
    .orderBy(asc(appointments.time), asc(appointments.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Every appointment (any status) from `from` to `to`, for the week planner (app/domain/planner.ts). */
export async function appointmentsBetween(db: Executor, from: string, to: string): Promise<PlannerAppointment[]> {
  return db
    .select({
      id: appointments.id,
      name: appointments.name,
      date: appointments.date,
      time: appointments.time,
      durationMinutes: appointments.durationMinutes,
      service: appointments.service,
      status: appointments.status,
      licensePlate: appointments.licensePlate,
      internalNote: appointments.internalNote,
      progress: appointments.progress,
    })
    .from(appointments)
    .where(and(gte(appointments.date, from), lte(appointments.date, to)))
    .orderBy(asc(appointments.date), asc(appointments.time));
}

/** 'Erneut senden': requeues the appointment's newest customer e-mail if it failed. */
export async function resendLastEmail(db: Database, appointmentId: string): Promise<AdminActionResult> {
  const [last] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.appointmentId, appointmentId), ne(emailOutbox.template, "booking-received-workshop")))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  if (!last) return { ok: false, status: 404, code: "resendFailed" };
  return (await requeueFailedEmail(db, last.id)) ? { ok: true } : { ok: false, status: 409, code: "resendFailed" };
}

export type AuditEntry = {
  id: number;
  actor: string;
  action: string;
  oldStatus: string | null;
  newStatus: string | null;
  reason: string | null;
  createdAt: string;
};

/**
 * One appointment with its audit trail (newest first); the trail outlives a deletion.
 * The appointment also says when and by whom (display name) its progress was set.
 */
export async function appointmentDetails(db: Executor, id: string) {
  const [found] = await db
    .select({
      ...columns,
      emailState: lastEmailState(appointments.id),
      progressAt: appointments.progressAt,
      progressBy: adminUsers.displayName,
    })
    .from(appointments)
    .leftJoin(adminUsers, eq(adminUsers.id, appointments.progressBy))
    .where(eq(appointments.id, id));
  const row = found && { ...found, progressAt: found.progressAt?.toISOString() ?? null };
  const trail = await db
    .select({
      id: auditLog.id,
      actor: auditLog.actor,
      action: auditLog.action,
      oldStatus: auditLog.oldStatus,
      newStatus: auditLog.newStatus,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.appointmentId, id))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  if (!row && trail.length === 0) return null;
  return {
    appointment: row ? { ...row, createdAt: row.createdAt.toISOString() } : null,
    audit: trail.map((entry): AuditEntry => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}

/** A malformed id is simply "not found". */
export function isAppointmentId(value: unknown): value is string {
  return isUuid(value);
}

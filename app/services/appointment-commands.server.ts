import { and, desc, eq, inArray, isNull, lte, ne, or } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointments, emailOutbox } from "~/db/schema";
import { readyEmailEnabled } from "~/db/settings.server";
import { sensitiveRefusal } from "~/domain/access";
import {
  type AppointmentAction,
  type AppointmentStatus,
  appointmentStatuses,
  canTransition,
  isDoneState,
  isProgressState,
  MAX_NOTE_LENGTH,
  nextStatus,
  noShowRefusal,
  noShowUndoAllowed,
  progressAllowedOn,
  type ProgressState,
  slotOccupyingStatuses,
} from "~/domain/appointment";
import { zonedInstant, zonedParts } from "~/domain/calendar-date";
import type { AdminErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";
import { type VisitFacts, visitFactsOf } from "~/domain/workshop";
import { appointmentEmailFields, cancelOnlineUntil } from "~/mail/emails";
import { enqueueCustomerEmail, requeueFailedEmail } from "~/mail/outbox.server";
import { cleanText } from "~/schemas/text";
import { holdsResources, type PlaceableAppointment, placeAppointment } from "./placement.server";
import { eraseInspectionConsentOf } from "./reminders.server";
import { notifyWaitlistForDay } from "./waitlist.server";
import { workshopFacts } from "./workshop-facts.server";

/**
 * The board's commands on one appointment: confirm, cancel, delete, the internal note, the car's
 * progress, 'Erneut senden' and 'Erinnerung löschen'. Each is one transaction with its e-mail and its audit entry; the
 * reads are app/services/appointment-queries.server.ts.
 */

const MAX_REASON_LENGTH = 1000;

/** A refused command on an appointment; the edge gives each code its status and words. */
export type AdminActionResult<T = undefined> = Result<T, AdminErrorCode>;

type StatusChange = { id: string; admin: AdminIdentity; now?: Date };

/**
 * Confirming needs the cutoff of cancelling online (SELF_CANCEL_CUTOFF_HOURS) the confirmation
 * names; without it, the confirmation asks to phone.
 */
type Confirmation = StatusChange & { selfCancelCutoffHours?: number };

/** Statuses from which the table in app/domain/appointment.ts allows `action`. */
function statusesAllowing(action: AppointmentAction): AppointmentStatus[] {
  return appointmentStatuses.filter((status) => canTransition(status, action));
}

/** No row changed: the appointment is gone (notFound) or no longer in a status that allows the action (conflict). */
async function missOutcome(tx: Executor, id: string): Promise<AdminActionResult<never>> {
  const [row] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, id));
  return row ? fail("conflict") : fail("notFound");
}
/**
 * Whether the appointment holds its resources, placing it first when it holds none (an import or
 * the first start's migration could not place it then, decision 039): false when nothing is free.
 * A request holds its resources from the booking on, so confirming one normally changes none.
 */
async function heldOrPlaced(tx: Executor, appointment: PlaceableAppointment, workshop: VisitFacts): Promise<boolean> {
  if (await holdsResources(tx, appointment.id)) return true;
  return (await placeAppointment(tx, appointment, workshop)) === "placed";
}

/**
 * Confirm or cancel: one conditional update (`… WHERE id = ? AND status IN
 * (allowed)`), so of two admins acting at once exactly one changes the row and
 * queues the e-mail; the other gets conflict. E-mail and audit row share the transaction.
 * Confirming also refuses (slotFull) an appointment that holds no resources and finds none free.
 */
async function changeStatus(
  db: Database,
  change: { action: "confirm"; selfCancelCutoffHours?: number } | { action: "cancel"; reason: string },
  { id, admin, now = new Date() }: StatusChange,
): Promise<AdminActionResult<{ status: AppointmentStatus }>> {
  const { action } = change;
  const reason = change.action === "cancel" ? change.reason : undefined;
  const from = statusesAllowing(action);
  // What a confirmation may have to place by (issue 29), read before the transaction (PGlite has one connection).
  const workshop = action === "confirm" ? visitFactsOf(await workshopFacts(db)) : null;
  return db.transaction(async (tx): Promise<AdminActionResult<{ status: AppointmentStatus }>> => {
    const [before] = await tx
      .select({
        status: appointments.status,
        date: appointments.date,
        time: appointments.time,
        durationMinutes: appointments.durationMinutes,
        service: appointments.service,
        additionalServices: appointments.additionalServices,
        courtesyCar: appointments.courtesyCar,
      })
      .from(appointments)
      .where(eq(appointments.id, id));
    if (!before) return fail("notFound");
    if (!canTransition(before.status, action)) return fail("conflict");
    if (workshop && !(await heldOrPlaced(tx, { id, ...before }, workshop))) {
      return fail("slotFull");
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
      ...appointmentEmailFields(row),
      accessToken: await createCustomerLink(tx, row.id, now),
    };
    await enqueueCustomerEmail(
      tx,
      action === "confirm"
        ? {
            recipient: row.email,
            template: "appointment-confirmed",
            // The calendar invite lasts as long as the booking.
            params: {
              ...params,
              durationMinutes: String(row.durationMinutes),
              selfCancelUntil: cancelOnlineUntil(row, now, change.action === "confirm" ? change.selfCancelCutoffHours : undefined),
            },
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
    await recordAudit(tx, { appointmentId: id, actor: admin, action, oldStatus: before.status, newStatus, reason, now });
    // A cancellation frees its time: the day's waiting list hears of it (issue 28).
    if (action === "cancel") await notifyWaitlistForDay(tx, row.date, { freedBy: `appointment:${id}`, now });
    return ok({ status: newStatus });
  });
}

export function confirmAppointment(db: Database, input: Confirmation): Promise<AdminActionResult<{ status: AppointmentStatus }>> {
  return changeStatus(db, { action: "confirm", selfCancelCutoffHours: input.selfCancelCutoffHours }, input);
}

/** A blank reason is refused (reasonRequired) before anything changes. */
export function cancelAppointment(
  db: Database,
  input: StatusChange & { reason: unknown },
): Promise<AdminActionResult<{ status: AppointmentStatus }>> {
  // Cleaned like customer input: it goes into the e-mail (jsonb) and to the customer.
  const reason = typeof input.reason === "string" ? cleanText(input.reason, true) : "";
  if (!reason) return Promise.resolve(fail("reasonRequired"));
  if (reason.length > MAX_REASON_LENGTH) {
    return Promise.resolve(fail("reasonTooLong"));
  }
  return changeStatus(db, { action: "cancel", reason }, input);
}

/** What deleting an appointment or its reminder needs of the row: its status for the trail, its §57a consent's key. */
const consentColumns = {
  status: appointments.status,
  date: appointments.date,
  email: appointments.email,
  licensePlateNormalized: appointments.licensePlateNormalized,
  firstRegistration: appointments.firstRegistration,
  inspectionConsent: appointments.inspectionConsent,
};

/** The trail's entry of an erased §57a consent (decision 036). */
const REMINDER_DELETE_ACTION = "reminder.delete";

/**
 * Deleting is allowed in every status, and only to an owner (issue 15: staff
 * confirm, cancel and write notes); the audit trail keeps who deleted what.
 * The §57a consent this appointment gave goes with it (GDPR Art. 17, decision
 * 036), recorded as an entry of its own.
 */
export async function deleteAppointment(db: Database, { id, admin, now = new Date() }: StatusChange): Promise<AdminActionResult> {
  const refusal = sensitiveRefusal(admin, now);
  if (refusal) return fail(refusal);
  return db.transaction(async (tx): Promise<AdminActionResult> => {
    const [row] = await tx.delete(appointments).where(eq(appointments.id, id)).returning(consentColumns);
    if (!row) return fail("notFound");
    if (await eraseInspectionConsentOf(tx, row)) {
      await recordAudit(tx, {
        appointmentId: id,
        actor: admin,
        action: REMINDER_DELETE_ACTION,
        oldStatus: row.status,
        newStatus: null,
        now,
      });
    }
    await recordAudit(tx, { appointmentId: id, actor: admin, action: "delete", oldStatus: row.status, newStatus: null, now });
    // An active appointment deleted frees its time; a cancelled one had freed it already (the same freed time).
    if (slotOccupyingStatuses.includes(row.status)) await notifyWaitlistForDay(tx, row.date, { freedBy: `appointment:${id}`, now });
    return ok();
  });
}

/**
 * 'Erinnerung löschen' (decision 036): erases the §57a consent the appointment gave or renewed,
 * withdrawn or not, and keeps the appointment; the owner's, as deleting is. `reminderNotFound`
 * when the appointment gave none or it is gone already.
 */
export async function deleteAppointmentReminder(db: Database, { id, admin, now = new Date() }: StatusChange): Promise<AdminActionResult> {
  if (admin.role !== "owner") return fail("reminderOwnerOnly");
  return db.transaction(async (tx): Promise<AdminActionResult> => {
    const [row] = await tx.select(consentColumns).from(appointments).where(eq(appointments.id, id));
    if (!row) return fail("notFound");
    if (!(await eraseInspectionConsentOf(tx, row))) return fail("reminderNotFound");
    await recordAudit(tx, {
      appointmentId: id,
      actor: admin,
      action: REMINDER_DELETE_ACTION,
      oldStatus: row.status,
      newStatus: row.status,
      now,
    });
    return ok();
  });
}

/**
 * The workshop's internal note on an appointment (issue 15): any admin writes
 * it, an empty one removes it; it never reaches a customer's e-mail.
 */
export async function saveInternalNote(
  db: Database,
  { id, admin, note, now = new Date() }: StatusChange & { note: string },
): Promise<AdminActionResult> {
  const text = cleanText(note, true);
  if (text.length > MAX_NOTE_LENGTH) return fail("noteTooLong");
  return db.transaction(async (tx): Promise<AdminActionResult> => {
    const [row] = await tx
      .update(appointments)
      .set({ internalNote: text || null, updatedAt: now })
      .where(eq(appointments.id, id))
      .returning({ status: appointments.status });
    if (!row) return fail("notFound");
    // The new text in the trail: who wrote what, and when a note was removed (null).
    await recordAudit(tx, {
      appointmentId: id,
      actor: admin,
      action: "note",
      oldStatus: row.status,
      newStatus: row.status,
      reason: text || null,
      now,
    });
    return ok();
  });
}

/** 'Erneut senden': requeues the appointment's newest customer e-mail if it failed. */
export async function resendLastEmail(db: Database, appointmentId: string): Promise<AdminActionResult> {
  const [last] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.appointmentId, appointmentId), ne(emailOutbox.template, "booking-received-workshop")))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  if (!last) return fail("emailNotFound");
  return (await requeueFailedEmail(db, last.id)) ? ok() : fail("resendFailed");
}

/**
 * Where a confirmed appointment's car is (issue 16): 'Fahrzeug angekommen',
 * 'In Arbeit', 'Abholbereit', set on the board by staff or an owner.
 */
export type ProgressChange = {
  progress: ProgressState;
  /** False when the appointment already had this state: nothing was written or sent. */
  changed: boolean;
  /** Whether the customer's 'Abholbereit' e-mail was queued. */
  emailQueued: boolean;
};

/**
 * One conditional update (`… WHERE status = 'bestätigt' AND progress IS
 * DISTINCT FROM the new one`), so of two admins pressing 'Abholbereit' at once
 * exactly one changes the row, writes the audit entry and queues the e-mail;
 * the other finds the state already set and changes nothing. Any state may
 * follow any other: the board corrects a mistaken click the same way.
 */
export async function setAppointmentProgress(
  db: Database,
  { id, admin, progress, now = new Date() }: { id: string; admin: AdminIdentity; progress: unknown; now?: Date },
): Promise<AdminActionResult<ProgressChange>> {
  if (!isProgressState(progress)) return fail("invalidProgress");
  const today = zonedParts(now, site.timeZone).date;
  return db.transaction(async (tx): Promise<AdminActionResult<ProgressChange>> => {
    const [row] = await tx
      .update(appointments)
      .set({ progress, progressAt: now, progressBy: admin.id, updatedAt: now })
      .where(
        and(
          eq(appointments.id, id),
          eq(appointments.status, "bestätigt"),
          or(isNull(appointments.progress), ne(appointments.progress, progress)),
          // A car marked 'Nicht erschienen' has no progress until the mark is undone.
          isNull(appointments.noShowAt),
          isDoneState(progress) ? lte(appointments.date, today) : undefined,
        ),
      )
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: appointments.status, date: appointments.date, noShowAt: appointments.noShowAt })
        .from(appointments)
        .where(eq(appointments.id, id));
      if (!current) return fail("notFound");
      if (current.status !== "bestätigt") return fail("notConfirmed");
      if (current.noShowAt !== null) return fail("noShowMarked");
      if (!progressAllowedOn(progress, current.date, today)) return fail(progress === "collected" ? "collectedTooEarly" : "readyTooEarly");
      // Confirmed but not updated: it already had this state.
      return ok({ progress, changed: false, emailQueued: false });
    }
    await recordAudit(tx, {
      appointmentId: id,
      actor: admin,
      action: "progress",
      oldStatus: row.status,
      newStatus: row.status,
      reason: progress,
      now,
    });
    // A caller entered without an address (issue 28) gets no e-mail.
    const emailQueued = progress === "ready" && row.email !== null && (await readyEmailEnabled(tx));
    if (emailQueued) {
      await enqueueCustomerEmail(tx, {
        recipient: row.email,
        template: "appointment-ready",
        params: {
          ...appointmentEmailFields(row),
          licensePlate: row.licensePlate,
          accessToken: await createCustomerLink(tx, row.id, now),
        },
        appointmentId: row.id,
      });
    }
    return ok({ progress, changed: true, emailQueued });
  });
}

/** 'Nicht erschienen' marked or undone; `changed` false when it already was as asked (nothing written). */
export type NoShowChange = { noShow: boolean; changed: boolean };

/**
 * 'Nicht erschienen' (issue 28): a confirmed appointment whose start has passed without the car
 * arriving (no progress set). The row is locked, checked by the domain rule, written and audited
 * in one transaction; marking it again changes nothing.
 */
export async function markNoShow(db: Database, { id, admin, now = new Date() }: StatusChange): Promise<AdminActionResult<NoShowChange>> {
  return db.transaction(async (tx): Promise<AdminActionResult<NoShowChange>> => {
    const [row] = await tx
      .select({
        status: appointments.status,
        progress: appointments.progress,
        date: appointments.date,
        time: appointments.time,
        noShowAt: appointments.noShowAt,
      })
      .from(appointments)
      .where(eq(appointments.id, id))
      .for("update");
    if (!row) return fail("notFound");
    if (row.noShowAt !== null) return ok({ noShow: true, changed: false });
    const refusal = noShowRefusal({ ...row, startsAt: zonedInstant(row.date, row.time, site.timeZone) }, now);
    if (refusal) return fail(refusal);
    await tx.update(appointments).set({ noShowAt: now, noShowBy: admin.id, updatedAt: now }).where(eq(appointments.id, id));
    await recordAudit(tx, { appointmentId: id, actor: admin, action: "no-show", oldStatus: row.status, newStatus: row.status, now });
    return ok({ noShow: true, changed: true });
  });
}

/** Undoes 'Nicht erschienen' on the (Vienna) day it was marked only; audited. */
export async function undoNoShow(db: Database, { id, admin, now = new Date() }: StatusChange): Promise<AdminActionResult<NoShowChange>> {
  const today = zonedParts(now, site.timeZone).date;
  return db.transaction(async (tx): Promise<AdminActionResult<NoShowChange>> => {
    const [row] = await tx
      .select({ status: appointments.status, noShowAt: appointments.noShowAt })
      .from(appointments)
      .where(eq(appointments.id, id))
      .for("update");
    if (!row) return fail("notFound");
    if (row.noShowAt === null) return fail("noShowNotMarked");
    if (!noShowUndoAllowed(zonedParts(row.noShowAt, site.timeZone).date, today)) return fail("noShowUndoTooLate");
    await tx.update(appointments).set({ noShowAt: null, noShowBy: null, updatedAt: now }).where(eq(appointments.id, id));
    await recordAudit(tx, { appointmentId: id, actor: admin, action: "no-show.undo", oldStatus: row.status, newStatus: row.status, now });
    return ok({ noShow: false, changed: true });
  });
}

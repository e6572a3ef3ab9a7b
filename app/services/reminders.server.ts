import { and, eq, gte, inArray, isNull, like, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Database, Executor } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointments, emailOutbox, inspectionReminders, inspectionUnsubscribeTokens } from "~/db/schema";
import { appointmentReminderDue, reminderCandidateDates } from "~/domain/appointment-reminder";
import { zonedInstant, zonedParts } from "~/domain/calendar-date";
import { addMonths, inspectionReminderDueMonth } from "~/domain/inspection";
import type { WorkshopFacts } from "~/domain/workshop";
import { logger } from "~/lib/logger.server";
import { type PeriodicJob, periodicJob } from "~/lib/periodic-job";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "~/lib/secret-token.server";
import { appointmentEmailFields, cancelOnlineUntil } from "~/mail/emails";
import { enqueueCustomerEmail, enqueueEmail } from "~/mail/outbox.server";

/**
 * The reminders of issue 16: the e-mail before a confirmed appointment and
 * the opt-in reminder of a car's §57a inspection. Every app instance runs the
 * job (server/index.ts); each reminder is queued exactly once all the same,
 * because it is claimed by a conditional UPDATE in the transaction that
 * queues its e-mail: rows another instance holds are skipped (SKIP LOCKED),
 * rows it has claimed no longer match (reminder_queued_at, last_reminded_due_month).
 * Delivery and its retries are the outbox's (app/mail/worker.server.ts).
 */

export type ReminderConfig = {
  /** Hours (decimal) before the start at which the appointment reminder is due. */
  hoursBefore: number;
  /** The cutoff of cancelling online (SELF_CANCEL_CUTOFF_HOURS) the reminder names; without it, it asks to phone. */
  selfCancelCutoffHours?: number;
};

/**
 * The reminder's hours and the cutoff it names (issue 29) from the facts in force: 'Einstellungen' →
 * Buchungsregeln, REMINDER_HOURS_BEFORE and SELF_CANCEL_CUTOFF_HOURS winning where set (workshopFactsInForce).
 */
export function reminderConfigOf({ bookingRules }: Pick<WorkshopFacts, "bookingRules">): ReminderConfig {
  return { hoursBefore: bookingRules.reminderHours, selfCancelCutoffHours: bookingRules.cancelCutoffHours };
}

/**
 * Queues the reminder of every confirmed appointment whose reminder is due
 * (app/domain/appointment-reminder.ts), in one transaction; returns how many.
 */
export async function queueAppointmentReminders(
  db: Database,
  now: Date,
  { hoursBefore, selfCancelCutoffHours }: ReminderConfig,
): Promise<number> {
  const { from, to } = reminderCandidateDates(now, hoursBefore, site.timeZone);
  return db.transaction(async (tx) => {
    // The partial index appointments_reminder_due_idx holds exactly these rows.
    const candidates = await tx
      .select({ id: appointments.id, date: appointments.date, time: appointments.time, confirmedAt: appointments.confirmedAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.status, "bestätigt"),
          isNull(appointments.reminderQueuedAt),
          gte(appointments.date, from),
          lte(appointments.date, to),
        ),
      )
      .for("update", { skipLocked: true });
    // The start is the Vienna wall clock on its date, whatever the server's zone.
    const due = candidates
      .filter((row) =>
        appointmentReminderDue({ start: zonedInstant(row.date, row.time, site.timeZone), confirmedAt: row.confirmedAt }, now, hoursBefore),
      )
      .map((row) => row.id);
    if (due.length === 0) return 0;
    const claimed = await tx
      .update(appointments)
      .set({ reminderQueuedAt: now })
      .where(and(inArray(appointments.id, due), eq(appointments.status, "bestätigt"), isNull(appointments.reminderQueuedAt)))
      .returning();
    for (const row of claimed) {
      await enqueueCustomerEmail(tx, {
        recipient: row.email,
        template: "appointment-reminder",
        params: {
          ...appointmentEmailFields(row),
          durationMinutes: String(row.durationMinutes),
          selfCancelUntil: cancelOnlineUntil(row, now, selfCancelCutoffHours),
          accessToken: await createCustomerLink(tx, row.id, now),
        },
        appointmentId: row.id,
      });
    }
    if (claimed.length > 0) logger.info({ count: claimed.length }, "appointment reminders queued");
    return claimed.length;
  });
}

/**
 * Queues the §57a reminders of this Vienna month: one to every consent not
 * withdrawn whose car is due next month (3-2-1 rule, app/domain/inspection.ts)
 * and that has not been reminded of that month, each with an unsubscribe
 * token of its own (only its hash is kept). Returns how many.
 */
export async function queueInspectionReminders(db: Database, now: Date): Promise<number> {
  const currentMonth = zonedParts(now, site.timeZone).date.slice(0, 7);
  const dueMonth = addMonths(currentMonth, 1);
  return db.transaction(async (tx) => {
    const notYetReminded = or(isNull(inspectionReminders.lastRemindedDueMonth), lt(inspectionReminders.lastRemindedDueMonth, dueMonth));
    const candidates = await tx
      .select({ id: inspectionReminders.id, firstRegistration: inspectionReminders.firstRegistration })
      .from(inspectionReminders)
      // Due months fall in the month of the first registration; the rule itself is the domain's.
      .where(
        and(
          isNull(inspectionReminders.unsubscribedAt),
          like(inspectionReminders.firstRegistration, `%-${dueMonth.slice(5)}`),
          notYetReminded,
        ),
      )
      .for("update", { skipLocked: true });
    const due = candidates
      .filter((row) => inspectionReminderDueMonth(row.firstRegistration, currentMonth) === dueMonth)
      .map((row) => row.id);
    if (due.length === 0) return 0;
    const claimed = await tx
      .update(inspectionReminders)
      .set({ lastRemindedDueMonth: dueMonth })
      .where(and(inArray(inspectionReminders.id, due), isNull(inspectionReminders.unsubscribedAt), notYetReminded))
      .returning();
    for (const row of claimed) {
      const { token, hash } = newSecretToken();
      await tx.insert(inspectionUnsubscribeTokens).values({ tokenHash: hash, reminderId: row.id, createdAt: now });
      await enqueueEmail(tx, {
        recipient: row.email,
        template: "inspection-reminder",
        params: { name: row.name, licensePlate: row.licensePlate ?? undefined, dueMonth, unsubscribeToken: token },
      });
    }
    if (claimed.length > 0) logger.info({ count: claimed.length, dueMonth }, "§57a reminders queued");
    return claimed.length;
  });
}

/** What an unsubscribe link leads to: its consent, still active or already withdrawn. */
export type UnsubscribeState = "subscribed" | "unsubscribed";

async function consentOfToken(db: Database, token: string) {
  // A malformed token cannot be ours: no query, and no hash of arbitrary input.
  if (!SECRET_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: inspectionReminders.id, unsubscribedAt: inspectionReminders.unsubscribedAt })
    .from(inspectionUnsubscribeTokens)
    .innerJoin(inspectionReminders, eq(inspectionReminders.id, inspectionUnsubscribeTokens.reminderId))
    .where(eq(inspectionUnsubscribeTokens.tokenHash, hashSecretToken(token)));
  return row ?? null;
}

/** The state behind an unsubscribe link, or null for a token we never issued (or whose consent is deleted). */
export async function unsubscribeState(db: Database, token: string): Promise<UnsubscribeState | null> {
  const consent = await consentOfToken(db, token);
  if (!consent) return null;
  return consent.unsubscribedAt ? "unsubscribed" : "subscribed";
}

/**
 * Withdraws the consent behind an unsubscribe link (the page's button or a
 * mail client's one-click POST): the one consent of that address and car
 * (decision 036), so no reminder for that car follows, whichever booking it
 * came from. Idempotent: a second click keeps the first time. Returns false
 * for an unknown token.
 */
export async function unsubscribeInspectionReminders(db: Database, token: string, now: Date): Promise<boolean> {
  const consent = await consentOfToken(db, token);
  if (!consent) return false;
  if (consent.unsubscribedAt) return true;
  await db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(inspectionReminders)
      .set({ unsubscribedAt: now })
      .where(and(eq(inspectionReminders.id, consent.id), isNull(inspectionReminders.unsubscribedAt)))
      .returning({ id: inspectionReminders.id });
    if (!withdrawn) return;
    await dropPendingReminderMails(tx, consent.id, { erase: false });
    logger.info({ reminderId: consent.id }, "§57a reminders unsubscribed");
  });
  return true;
}

/** What an appointment tells of the §57a consent it may have given: its address and car, and whether it ticked the box. */
export type ConsentSource = {
  email: string | null;
  licensePlateNormalized: string | null;
  firstRegistration: string | null;
  inspectionConsent: boolean;
};

/**
 * The one consent of an appointment's address and car (decision 036): the e-mail address in any
 * case, the car by the database's own key (inspection_car_key, drizzle/0019_…), on the unique index.
 */
function consentOfCar(source: ConsentSource): SQL | undefined {
  return and(
    sql`lower(${inspectionReminders.email}) = lower(${source.email}::text)`,
    sql`${inspectionReminders.carKey} = inspection_car_key(${source.licensePlateNormalized}::text, ${source.firstRegistration}::text)`,
  );
}

/** The §57a consent an appointment gave or renewed, as the board shows it; null when none (any more). */
export type InspectionConsent = { consentedAt: string; unsubscribedAt: string | null; lastRemindedDueMonth: string | null };

export async function inspectionConsentOf(db: Executor, source: ConsentSource): Promise<InspectionConsent | null> {
  if (!source.inspectionConsent) return null;
  const [row] = await db
    .select({
      consentedAt: inspectionReminders.consentedAt,
      unsubscribedAt: inspectionReminders.unsubscribedAt,
      lastRemindedDueMonth: inspectionReminders.lastRemindedDueMonth,
    })
    .from(inspectionReminders)
    .where(consentOfCar(source));
  if (!row) return null;
  return {
    consentedAt: row.consentedAt.toISOString(),
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    lastRemindedDueMonth: row.lastRemindedDueMonth,
  };
}

/**
 * Erases (GDPR Art. 17) the consent of the appointment's address and car when this appointment
 * gave or renewed it, withdrawn or not, its unsubscribe links with it (on delete cascade): when
 * the appointment is deleted on the board or through the API, and with 'Erinnerung löschen'. Any
 * appointment that ticked the box erases it, also when a later booking renewed it (decision 036).
 * Call it inside the caller's transaction; true when a consent was erased.
 */
export async function eraseInspectionConsentOf(tx: Executor, source: ConsentSource): Promise<boolean> {
  if (!source.inspectionConsent) return false;
  const [consent] = await tx.select({ id: inspectionReminders.id }).from(inspectionReminders).where(consentOfCar(source)).for("update");
  if (!consent) return false;
  await dropPendingReminderMails(tx, consent.id, { erase: true });
  await tx.delete(inspectionReminders).where(eq(inspectionReminders.id, consent.id));
  logger.info({ reminderId: consent.id }, "§57a consent erased");
  return true;
}

/**
 * A §57a reminder of this consent still waiting in the outbox (queued, not yet delivered, e.g.
 * retrying) is not sent once the consent ends: marked `superseded`, as the worker marks what an
 * appointment's state overtook (decision 032), and its unsubscribe token dropped; on erasure
 * its recipient and data go too, as the retention job anonymises. Found by the token's hash,
 * the only tie between the e-mail and its consent.
 */
async function dropPendingReminderMails(tx: Executor, reminderId: string, { erase }: { erase: boolean }): Promise<void> {
  const tokenHashes = tx
    .select({ hash: inspectionUnsubscribeTokens.tokenHash })
    .from(inspectionUnsubscribeTokens)
    .where(eq(inspectionUnsubscribeTokens.reminderId, reminderId));
  await tx
    .update(emailOutbox)
    .set(
      erase
        ? { status: "superseded", recipient: "[gelöscht]", replyTo: null, params: {} }
        : { status: "superseded", params: sql`${emailOutbox.params} - 'unsubscribeToken'` },
    )
    .where(
      and(
        eq(emailOutbox.template, "inspection-reminder"),
        eq(emailOutbox.status, "pending"),
        inArray(sql`encode(sha256(convert_to(${emailOutbox.params} ->> 'unsubscribeToken', 'UTF8')), 'hex')`, tokenHashes),
      ),
    );
}

/** Every 20 s: a reminder goes out within a minute of its point, the outbox worker's poll included. */
const DEFAULT_INTERVAL_MS = 20_000;

/** Both kinds of reminder, once a tick; a failure is logged, and the next tick tries again. */
export type ReminderJob = PeriodicJob;

export function createReminderJob({
  db,
  config,
  now = () => new Date(),
  intervalMs = DEFAULT_INTERVAL_MS,
}: {
  db: Database;
  /** Asked on every run: a change of the hours on 'Einstellungen' holds from the next one. */
  config: () => ReminderConfig | Promise<ReminderConfig>;
  now?: () => Date;
  intervalMs?: number;
}): ReminderJob {
  return periodicJob(async () => {
    try {
      await queueAppointmentReminders(db, now(), await config());
      await queueInspectionReminders(db, now());
    } catch (error) {
      logger.error({ err: error }, "reminder job failed");
    }
  }, intervalMs);
}

/**
 * The job as server/index.ts runs it, with the facts in force read on every run (`facts`, handed in
 * by server/index.ts: the facts service lies above this one): a change on 'Einstellungen' holds
 * from the next run.
 */
export function startReminderJob(db: Database, facts: () => Promise<Pick<WorkshopFacts, "bookingRules">>): ReminderJob {
  const job = createReminderJob({ db, config: async () => reminderConfigOf(await facts()) });
  job.start();
  logger.info("reminder job started");
  return job;
}

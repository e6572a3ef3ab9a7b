import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import { pruneLoginGates } from "~/auth/login-gate.server";
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import { pruneRateLimits } from "~/db/rate-limit.server";
import { appointments, auditLog, contactMessages, emailOutbox, inspectionReminders, waitlistEntries } from "~/db/schema";
import { zonedParts } from "~/domain/calendar-date";
import { retentionCutoffs, type RetentionPolicy } from "~/domain/retention";
import { logger } from "~/lib/logger.server";

export type RetentionResult = {
  appointmentsDeleted: number;
  contactMessagesDeleted: number;
  withdrawnConsentsDeleted: number;
  waitlistEntriesDeleted: number;
};

/** What is left of an outbox row once its person is gone: the fact that a mail went out. */
const anonymisedOutbox = {
  recipient: "[gelöscht]",
  replyTo: null,
  params: {},
  lastError: sql`case when ${emailOutbox.status} = 'pending' then 'Aufbewahrungsfrist abgelaufen' else ${emailOutbox.lastError} end`,
  // A mail still waiting for its person must not go out after the person was deleted.
  status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
};

/**
 * Deletes what has outlived its retention period (one transaction): requests
 * never confirmed or cancelled, confirmed appointments, contact messages and
 * withdrawn §57a consents, and waiting-list entries whose day has passed.
 * Their outbox rows and audit entries stay, anonymised, so the history of
 * actions survives without the personal data.
 */
export async function applyRetention(
  db: Database,
  { now, policy = site.retention }: { now: Date; policy?: RetentionPolicy },
): Promise<RetentionResult> {
  const cutoffs = retentionCutoffs(now, policy, site.timeZone);
  const expiredAppointment = or(
    and(ne(appointments.status, "bestätigt"), lt(appointments.date, cutoffs.unconfirmedBefore)),
    and(eq(appointments.status, "bestätigt"), lt(appointments.date, cutoffs.confirmedBefore)),
  );
  const expiredContact = lt(contactMessages.createdAt, cutoffs.contactReceivedBefore);
  // An active consent stays until withdrawn, also when the appointments it came from are deleted here: the next
  // inspection may be two years away, beyond their retention (decision 036). Deleting one on the board or through
  // the API erases it (deleteAppointment). A withdrawn one is kept a while as proof (site.retention).
  const expiredConsent = lt(inspectionReminders.unsubscribedAt, cutoffs.inspectionRemindersBefore);
  // The §57a reminders belong to no appointment: their outbox rows age on their own.
  const expiredInspectionEmail = and(
    eq(emailOutbox.template, "inspection-reminder"),
    lt(emailOutbox.createdAt, cutoffs.inspectionRemindersBefore),
    ne(emailOutbox.recipient, anonymisedOutbox.recipient),
  );

  // A waiting list ends with its day (issue 28): the entries go the day after, their e-mails lose the person.
  const today = zonedParts(now, site.timeZone).date;
  const expiredWaitlistEmail = and(
    eq(emailOutbox.template, "waitlist-slot-free"),
    sql`(${emailOutbox.params} ->> 'date') < ${today}`,
    ne(emailOutbox.recipient, anonymisedOutbox.recipient),
  );

  return db.transaction(async (tx) => {
    const expiredAppointmentIds = tx.select({ id: appointments.id }).from(appointments).where(expiredAppointment);
    const expiredContactIds = tx.select({ id: contactMessages.id }).from(contactMessages).where(expiredContact);

    await tx
      .update(emailOutbox)
      .set(anonymisedOutbox)
      .where(
        or(
          inArray(emailOutbox.appointmentId, expiredAppointmentIds),
          inArray(emailOutbox.contactMessageId, expiredContactIds),
          expiredInspectionEmail,
          expiredWaitlistEmail,
        ),
      );
    // The reason an admin typed may name the customer; who did what and when stays.
    await tx.update(auditLog).set({ reason: null }).where(inArray(auditLog.appointmentId, expiredAppointmentIds));
    const deletedAppointments = await tx.delete(appointments).where(expiredAppointment).returning({ id: appointments.id });
    const deletedContacts = await tx.delete(contactMessages).where(expiredContact).returning({ id: contactMessages.id });
    // Their unsubscribe tokens go with them (on delete cascade).
    const deletedConsents = await tx.delete(inspectionReminders).where(expiredConsent).returning({ id: inspectionReminders.id });
    // Their notifications and leave links go with them (on delete cascade).
    const deletedWaitlist = await tx.delete(waitlistEntries).where(lt(waitlistEntries.date, today)).returning({ id: waitlistEntries.id });
    return {
      waitlistEntriesDeleted: deletedWaitlist.length,
      appointmentsDeleted: deletedAppointments.length,
      contactMessagesDeleted: deletedContacts.length,
      withdrawnConsentsDeleted: deletedConsents.length,
    };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * VACUUM (ANALYZE) of every table. PGlite runs PostgreSQL as a single
 * process without autovacuum (measured: 20,000 dead rows stay dead, tables are
 * never analysed), so without this its tables grow with every update for ever
 * and the planner never learns their sizes. On PostgreSQL autovacuum does it.
 */
async function vacuumAndAnalyze(db: Database): Promise<void> {
  const started = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  logger.info({ ms: Math.round(performance.now() - started) }, "database vacuumed and analysed");
}

/**
 * The daily maintenance job of server.ts: retention, then rate-limit windows
 * older than site.retention.rateLimitRecordsDays, then (`vacuum`: the embedded
 * PGlite) VACUUM (ANALYZE). Every instance may run it; the deletes are idempotent.
 */
export function startRetentionJob(
  db: Database,
  { intervalMs = DAY_MS, firstRunMs = 60_000, now = () => new Date(), vacuum = false } = {},
): { stop(): void } {
  const run = async () => {
    try {
      const result = await applyRetention(db, { now: now() });
      // Longer than any rate-limit window in use, so no live counter is reset; the privacy statement names it.
      const rateLimitCutoff = new Date(now().getTime() - site.retention.rateLimitRecordsDays * DAY_MS);
      await pruneRateLimits(db, rateLimitCutoff);
      await pruneLoginGates(db, rateLimitCutoff);
      logger.info(result, "retention applied");
      if (vacuum) await vacuumAndAnalyze(db);
    } catch (error) {
      logger.error({ err: error }, "daily maintenance failed");
    }
  };
  const first = setTimeout(() => void run(), firstRunMs);
  const daily = setInterval(() => void run(), intervalMs);
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}

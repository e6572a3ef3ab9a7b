import { and, asc, count, eq, gte, lte, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Database, Executor } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { waitlistEntries, waitlistNotifications } from "~/db/schema";
import { type CalendarDate, zonedParts } from "~/domain/calendar-date";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import type { UnavailableDay } from "~/domain/slots";
import { visitFactsOf } from "~/domain/workshop";
import { logger } from "~/lib/logger.server";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "~/lib/secret-token.server";
import { enqueueEmail } from "~/mail/outbox.server";
import type { FieldErrors } from "~/schemas/booking-fields";
import { validateWaitlist } from "~/schemas/waitlist";
import { type BookingConfig, getAvailability, servicesWithFreeTime } from "./booking.server";
import { FORM_DAY_WINDOW_SECONDS, formRateLimited } from "./form-guard.server";
import { readWorkshopFacts } from "./workshop-facts.server";

/**
 * The waiting list of a fully booked day (issue 28, decision 044): joining it, the e-mail when a
 * time on the day frees up, leaving it by the e-mail's link, and the board's count per day.
 */

export type WaitlistEntry = {
  id: string;
  name: string;
  email: string;
  phone: string;
  date: CalendarDate;
  service: string;
  createdAt: string;
};

export type WaitlistResult =
  /** `created` false: the address was on this day's list already (the same entry). */
  | Ok<{ entry: WaitlistEntry; created: boolean }>
  | (Failure<"invalid"> & { fields: FieldErrors; missingRequired: boolean })
  /** The day still has a free time for the service: book it instead. */
  | Failure<"waitlist-day-free">
  /** A past, closed or not yet bookable day: nothing to wait for. */
  | (Failure<"waitlist-day-unavailable"> & { reason: Exclude<UnavailableDay, { code: "fully-booked" }> })
  | (Failure<"rate-limited"> & { retryAfterSeconds: number; perDay: boolean });

const entryColumns = {
  id: waitlistEntries.id,
  name: waitlistEntries.name,
  email: waitlistEntries.email,
  phone: waitlistEntries.phone,
  date: waitlistEntries.date,
  service: waitlistEntries.service,
  createdAt: waitlistEntries.createdAt,
};

const shown = (row: Omit<WaitlistEntry, "createdAt"> & { createdAt: Date }): WaitlistEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * 'Auf die Warteliste': only for a day that is fully booked for the service (else `waitlist-day-free`,
 * or why the day cannot be booked at all); counted by the booking's limits per client network (a
 * counter of its own, so joining does not use up the bookings). One entry per day and address: a
 * repeat answers the entry there is, unchanged.
 */
export async function joinWaitlist(
  db: Executor,
  input: Record<string, unknown>,
  { now, clientIp, config }: { now: Date; clientIp: string; config: BookingConfig },
): Promise<WaitlistResult> {
  const validation = validateWaitlist(input);
  if (!validation.ok) return fail("invalid", { fields: validation.fields, missingRequired: validation.missingRequired });
  const { name, email, phone, date, service } = validation.data;

  const [day] = await getAvailability(db, date, date, now, config, service);
  if (day!.available) return fail("waitlist-day-free");
  const reason = day!.reason!;
  if (reason.code !== "fully-booked") return fail("waitlist-day-unavailable", { reason });

  for (const [limit, windowSeconds] of [
    [config.rateLimit, config.rateLimitWindowSeconds],
    [config.dailyLimit, FORM_DAY_WINDOW_SECONDS],
  ] as const) {
    const retryAfterSeconds = await formRateLimited(db, "waitlist", { clientIp, limit, windowSeconds, now });
    if (retryAfterSeconds !== null) return fail("rate-limited", { retryAfterSeconds, perDay: windowSeconds === FORM_DAY_WINDOW_SECONDS });
  }

  const [created] = await db
    .insert(waitlistEntries)
    .values({ name, email, phone, date, service, createdAt: now })
    .onConflictDoNothing()
    .returning(entryColumns);
  if (created) {
    logger.info({ waitlistEntryId: created.id, date }, "waitlist joined");
    return ok({ entry: shown(created), created: true });
  }
  const [existing] = await db
    .select(entryColumns)
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.date, date), sql`lower(${waitlistEntries.email}) = lower(${email})`));
  if (!existing) throw new Error("waitlist: the conflicting entry is gone");
  return ok({ entry: shown(existing), created: false });
}

/** What freed the time: an appointment (cancelled, deleted, moved away) or a closure lifted, by its id. */
export type FreedBy = `appointment:${string}` | `closure:${string}`;

/**
 * When a time frees up on `date` (inside the transaction that frees it): every entry of the day's
 * waiting list whose service now has a free start gets one e-mail 'Ein Termin ist frei geworden'
 * with a link to the booking form opened on that day and a link to leave the list. Whoever books
 * first gets the time: the e-mail reserves nothing.
 *
 * The rule against repeats: an entry is e-mailed at most once per freed time, `freedBy` naming it
 * (the appointment or closure whose change freed it; a cancelled appointment deleted later frees
 * the same time and sends nothing again). An entry whose address already has an appointment on the
 * day is skipped. The moves helper calls it for the day an appointment moves away from. Whether a
 * freed time fits an entry's service is the slots' rule by the workshop's facts as this transaction
 * reads them (issue 29): its hours with their lunch breaks, its durations and needs.
 */
export function notifyWaitlistForDay(tx: Executor, date: CalendarDate, options: { freedBy: FreedBy; now: Date }): Promise<number> {
  return notifyWaitlistForDays(tx, date, date, options);
}

/** notifyWaitlistForDay for every day of [from, to] (a lifted closure of several days); returns how many e-mails were queued. */
export async function notifyWaitlistForDays(
  tx: Executor,
  from: CalendarDate,
  to: CalendarDate,
  { freedBy, now }: { freedBy: FreedBy; now: Date },
): Promise<number> {
  const today = zonedParts(now, site.timeZone).date;
  if (to < today) return 0;
  const waiting = resultRows<{ id: string; name: string; email: string; date: CalendarDate; service: string }>(
    await tx.execute(sql`
      select e.id, e.name, e.email, e.date::text as date, e.service
      from waitlist_entries e
      where e.date between greatest(${from}::date, ${today}::date) and ${to}::date
        and not exists (select 1 from waitlist_notifications n where n.entry_id = e.id and n.freed_key = ${freedBy})
        and not exists (
          select 1 from appointments a
          where lower(a.email) = lower(e.email) and a.date = e.date and a.status in ('beantragt', 'bestätigt'))
      order by e.date, e.created_at, e.id`),
  );
  if (waiting.length === 0) return 0;
  // Read only when someone waits, uncached: `tx` is a transaction, not the database the cache knows.
  const workshop = visitFactsOf((await readWorkshopFacts(tx)).facts);
  let queued = 0;
  const byDate = new Map<CalendarDate, typeof waiting>();
  for (const entry of waiting) byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry]);
  for (const [date, entries] of byDate) {
    const fitting = await servicesWithFreeTime(tx, date, now, [...new Set(entries.map((entry) => entry.service))], workshop);
    for (const entry of entries.filter((candidate) => fitting.has(candidate.service))) {
      const leave = newSecretToken();
      const [told] = await tx
        .insert(waitlistNotifications)
        .values({ entryId: entry.id, freedKey: freedBy, leaveTokenHash: leave.hash, createdAt: now })
        .onConflictDoNothing()
        .returning({ entryId: waitlistNotifications.entryId });
      if (!told) continue;
      await enqueueEmail(tx, {
        recipient: entry.email,
        template: "waitlist-slot-free",
        params: { name: entry.name, date: entry.date, service: entry.service, leaveToken: leave.token },
      });
      queued++;
    }
  }
  if (queued > 0) logger.info({ from, to, queued }, "waitlist told of a freed time");
  return queued;
}

/** The entry a leave link opens (from its e-mail), or null; a malformed token is looked up like any other. */
async function entryByLeaveToken(db: Executor, token: string) {
  const hash = hashSecretToken(SECRET_TOKEN_PATTERN.test(token) ? token : `invalid:${token.slice(0, 100)}`);
  const [row] = await db
    .select({ id: waitlistEntries.id, date: waitlistEntries.date, service: waitlistEntries.service })
    .from(waitlistNotifications)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistNotifications.entryId))
    .where(eq(waitlistNotifications.leaveTokenHash, hash));
  return row ?? null;
}

/** What the leave page shows: the day and service of the entry, or null (unknown, or left already). */
export async function findWaitlistEntryByToken(db: Executor, token: string): Promise<{ date: CalendarDate; service: string } | null> {
  const row = await entryByLeaveToken(db, token);
  return row && { date: row.date, service: row.service };
}

/** Leaves the waiting list by the e-mail's link: the entry and its notifications go. False when there is none (any more). */
export async function leaveWaitlist(db: Database, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await entryByLeaveToken(tx, token);
    if (!row) return false;
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, row.id));
    logger.info({ waitlistEntryId: row.id }, "waitlist left");
    return true;
  });
}

/** The board's 'Warteliste': how many wait per day, from `today` on, the next days first. */
export async function waitlistCounts(db: Executor, today: CalendarDate, days = 60): Promise<{ date: CalendarDate; waiting: number }[]> {
  return db
    .select({ date: waitlistEntries.date, waiting: count() })
    .from(waitlistEntries)
    .where(and(gte(waitlistEntries.date, today), lte(waitlistEntries.date, sql`${today}::date + ${days}::int`)))
    .groupBy(waitlistEntries.date)
    .orderBy(asc(waitlistEntries.date));
}

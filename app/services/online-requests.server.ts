import { count, gte } from "drizzle-orm";
import { env } from "~/config/env.server";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { zonedInstant, zonedParts } from "~/domain/calendar-date";

/**
 * The appointment requests of the workshop's day (Vienna), read from the appointments themselves
 * (an index on created_at): the per-network limits stop one address, not many together, so the
 * board says so when a day has more than BOOKING_ALERT_PER_DAY (issue 31, finding 8). Nothing is
 * written per booking: a counter row would be one hot row every booking waits for.
 */
export type OnlineRequestAlert = { count: number; threshold: number };

/** Today's count when it is above the threshold, else null (also when the alert is off: 0). */
export async function onlineRequestAlert(
  db: Executor,
  now: Date,
  threshold = env().BOOKING_ALERT_PER_DAY,
): Promise<OnlineRequestAlert | null> {
  if (threshold <= 0) return null;
  const midnight = zonedInstant(zonedParts(now, site.timeZone).date, "00:00", site.timeZone);
  const [row] = await db.select({ count: count() }).from(appointments).where(gte(appointments.createdAt, midnight));
  const requests = Number(row?.count ?? 0);
  return requests > threshold ? { count: requests, threshold } : null;
}

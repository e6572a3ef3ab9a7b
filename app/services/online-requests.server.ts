import { env } from "~/config/env.server";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { countDailyEvent, dailyEventCount } from "~/db/rate-limit.server";
import { zonedParts } from "~/domain/calendar-date";

/**
 * The online booking requests of each workshop day (Vienna), counted once they pass the per-network
 * limits. Many networks together can still fill the calendar: the board says so when a day's count
 * goes above BOOKING_ALERT_PER_DAY (issue 31, finding 8), and the owner looks at the open requests.
 */
const ONLINE_REQUESTS = "online-booking-requests";

export function countOnlineRequest(db: Executor, now: Date): Promise<number> {
  return countDailyEvent(db, ONLINE_REQUESTS, zonedParts(now, site.timeZone).date);
}

export type OnlineRequestAlert = { count: number; threshold: number };

/** Today's count when it is above the threshold, else null (also when the alert is off: 0). */
export async function onlineRequestAlert(
  db: Executor,
  now: Date,
  threshold = env().BOOKING_ALERT_PER_DAY,
): Promise<OnlineRequestAlert | null> {
  if (threshold <= 0) return null;
  const count = await dailyEventCount(db, ONLINE_REQUESTS, zonedParts(now, site.timeZone).date);
  return count > threshold ? { count, threshold } : null;
}

import { sql } from "drizzle-orm";
import type { Executor } from "./client.server";
import { resultRows } from "./result-rows";

type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Fixed-window counter in the database, so every app instance shares it.
 * `hit` counts one event for `key` in the window that contains `now` and says
 * whether the count is still within `limit`. A limit of 0 means "no limit".
 */
export async function hitRateLimit(
  db: Executor,
  { key, limit, windowSeconds, now = new Date() }: { key: string; limit: number; windowSeconds: number; now?: Date },
): Promise<RateLimitResult> {
  if (limit <= 0) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count)
    values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`);
  const count = Number(resultRows<{ count: number }>(rows)[0]?.count ?? 1);
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/** Drops windows that ended long ago; run by the daily maintenance job. */
export async function pruneRateLimits(db: Executor, olderThan: Date): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < ${olderThan.toISOString()}`);
}

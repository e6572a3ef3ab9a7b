import type { Executor } from "~/db/client.server";
import { hitRateLimit } from "~/db/rate-limit.server";
import { clientNetwork } from "~/lib/client-network";
import { logger } from "~/lib/logger.server";
import { HONEYPOT_FIELD } from "~/schemas/booking-fields";

/** The public forms' shared guards (booking and contact): honeypot and a rate limit per client IP. */

export type PublicForm = "booking" | "contact" | "waitlist";

/** Requests per client IP are counted in windows of this length. */
export const FORM_RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

/** True when a bot filled the field a person never sees: answer like a success, store nothing. */
export function honeypotFilled(form: PublicForm, input: Record<string, unknown>, clientIp: string): boolean {
  const value = input[HONEYPOT_FIELD];
  if (typeof value !== "string" || value.trim() === "") return false;
  logger.info({ clientIp }, `${form} honeypot filled; nothing stored`);
  return true;
}

/** Booking requests per client network are also counted per day (issue 31: one address filling the calendar). */
export const FORM_DAY_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Counts one request of `form` from `clientIp`'s network (app/lib/client-network.ts: an IPv6 client
 * by its /64) in windows of `windowSeconds`: the seconds to wait when over the limit, else null.
 */
export async function formRateLimited(
  db: Executor,
  form: PublicForm,
  { clientIp, limit, windowSeconds, now }: { clientIp: string; limit: number; windowSeconds: number; now: Date },
): Promise<number | null> {
  const key = `${form}:${windowSeconds}:${clientNetwork(clientIp)}`;
  const result = await hitRateLimit(db, { key, limit, windowSeconds, now });
  if (result.allowed) return null;
  logger.warn({ clientIp, windowSeconds }, `${form} rate limit reached`);
  return result.retryAfterSeconds;
}

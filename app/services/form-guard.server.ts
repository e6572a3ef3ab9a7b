import type { Executor } from "~/db/client.server";
import { hitRateLimit } from "~/db/rate-limit.server";
import { logger } from "~/lib/logger.server";
import { HONEYPOT_FIELD } from "~/schemas/booking-fields";

/** The public forms' shared guards (booking and contact): honeypot and a rate limit per client IP. */

export type PublicForm = "booking" | "contact";

/** Requests per client IP are counted in windows of this length. */
export const FORM_RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

/** True when a bot filled the field a person never sees: answer like a success, store nothing. */
export function honeypotFilled(form: PublicForm, input: Record<string, unknown>, clientIp: string): boolean {
  const value = input[HONEYPOT_FIELD];
  if (typeof value !== "string" || value.trim() === "") return false;
  logger.info({ clientIp }, `${form} honeypot filled; nothing stored`);
  return true;
}

/** Counts one request of `form` from `clientIp`: the seconds to wait when over the limit, else null. */
export async function formRateLimited(
  db: Executor,
  form: PublicForm,
  { clientIp, limit, windowSeconds, now }: { clientIp: string; limit: number; windowSeconds: number; now: Date },
): Promise<number | null> {
  const result = await hitRateLimit(db, { key: `${form}:${clientIp}`, limit, windowSeconds, now });
  if (result.allowed) return null;
  logger.warn({ clientIp }, `${form} rate limit reached`);
  return result.retryAfterSeconds;
}

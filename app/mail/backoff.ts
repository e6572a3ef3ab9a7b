/**
 * When to try a message again after a failed attempt. Pure, so the schedule
 * is tested without a clock.
 *
 * About 1 min, 5 min, 30 min, 2 h, then every 6 h, as long as the sum of the
 * waits stays within 48 h; after that the message is marked failed (12
 * attempts over about 44.6 h).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FIRST_DELAYS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR];
const LATER_DELAY = 6 * HOUR;
export const RETRY_WINDOW_MS = 48 * HOUR;

/** Wait before the next attempt, given how many attempts have been made; null = give up. */
export function retryDelayMs(attemptsMade: number): number | null {
  let waited = 0;
  let delay = 0;
  for (let attempt = 1; attempt <= attemptsMade; attempt++) {
    delay = FIRST_DELAYS[attempt - 1] ?? LATER_DELAY;
    waited += delay;
  }
  return attemptsMade >= 1 && waited <= RETRY_WINDOW_MS ? delay : null;
}

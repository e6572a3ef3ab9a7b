import { describe, expect, it } from "vitest";
import { RETRY_WINDOW_MS, retryDelayMs } from "./backoff";

const min = 60_000;

describe("retryDelayMs", () => {
  it.each([
    [1, 1 * min],
    [2, 5 * min],
    [3, 30 * min],
    [4, 120 * min],
    [5, 360 * min],
    [11, 360 * min],
  ])("after %i attempt(s) waits %i ms", (attempts, expected) => {
    expect(retryDelayMs(attempts)).toBe(expected);
  });

  it("gives up once the waits would pass 48 hours", () => {
    expect(retryDelayMs(12)).toBeNull();
    let total = 0;
    for (let attempts = 1; retryDelayMs(attempts) !== null; attempts++) total += retryDelayMs(attempts)!;
    expect(total).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(total + 6 * 60 * min).toBeGreaterThan(RETRY_WINDOW_MS);
  });

  it("has no delay before any attempt was made", () => {
    expect(retryDelayMs(0)).toBeNull();
  });
});

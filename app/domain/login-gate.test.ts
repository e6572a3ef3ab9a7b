import { describe, expect, it } from "vitest";
import { LOGIN_GATE, pauseAfterFailures } from "./login-gate";

describe("pauseAfterFailures", () => {
  it.each([
    [0, 0],
    [1, 0],
    [3, 0],
    [4, 1_000],
    [5, 2_000],
    [6, 4_000],
    [9, 32_000],
    [10, 60_000],
    [100, 60_000],
    [10_000, 60_000],
  ])("after %i failures in a row: %i ms", (failures, pause) => {
    expect(pauseAfterFailures(failures)).toBe(pause);
  });

  it("never locks out for longer than the cool-down", () => {
    expect(Math.max(...Array.from({ length: 500 }, (_, n) => pauseAfterFailures(n)))).toBe(LOGIN_GATE.maxPauseMs);
  });
});

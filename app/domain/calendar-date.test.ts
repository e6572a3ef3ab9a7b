import { describe, expect, it } from "vitest";
import { monthOf } from "./calendar-date";

describe("monthOf", () => {
  it.each([
    ["2026-11-23", "2026-11-01", "2026-11-30"],
    ["2026-12-31", "2026-12-01", "2026-12-31"],
    ["2028-02-10", "2028-02-01", "2028-02-29"],
    ["2027-02-01", "2027-02-01", "2027-02-28"],
  ])("%s lies in %s to %s", (date, from, to) => {
    expect(monthOf(date)).toEqual({ from, to });
  });
});

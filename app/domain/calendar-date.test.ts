import { describe, expect, it } from "vitest";
import { isCalendarDate, monthOf, zonedInstant } from "./calendar-date";

describe("isCalendarDate", () => {
  it("takes real days of the years 1900 to 2999 only", () => {
    expect(["1900-01-01", "2026-02-28", "2028-02-29", "2999-12-31"].map(isCalendarDate)).toEqual([true, true, true, true]);
    expect(
      ["1899-12-31", "3000-01-01", "9999-12-31", "0001-01-01", "2026-02-29", "2026-13-01", "2026-1-01", ""].map(isCalendarDate),
    ).toEqual(Array(8).fill(false));
  });
});

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

describe("zonedInstant", () => {
  it.each([
    // Winter time (UTC+1), summer time (UTC+2), and the days the clocks change in Vienna.
    ["2026-01-15", "08:00", "2026-01-15T07:00:00.000Z"],
    ["2026-07-15", "08:00", "2026-07-15T06:00:00.000Z"],
    ["2026-03-29", "08:00", "2026-03-29T06:00:00.000Z"],
    ["2026-03-28", "08:00", "2026-03-28T07:00:00.000Z"],
    ["2026-10-25", "08:00", "2026-10-25T07:00:00.000Z"],
    ["2026-10-24", "17:30", "2026-10-24T15:30:00.000Z"],
  ])("%s %s in Europe/Vienna is %s, whatever the process's zone", (date, time, iso) => {
    expect(zonedInstant(date, time, "Europe/Vienna").toISOString()).toBe(iso);
  });
});

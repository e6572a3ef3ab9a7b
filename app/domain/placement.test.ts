import { describe, expect, it } from "vitest";
import { zonedInstant } from "./calendar-date";
import { dayResources, fits, holdsByDate, kindFree, wallClockHolds } from "./placement";

const DAY = "2026-12-02";
const resources = [
  { id: "lift-1", kind: "lift" as const },
  { id: "lift-2", kind: "lift" as const },
  { id: "mech-1", kind: "mechanic" as const },
  { id: "car-1", kind: "courtesy_car" as const },
];
const at = (hours: number, minutes = 0) => hours * 60 + minutes;

describe("placement: what the slots and the calendar offer (decision 039)", () => {
  it("holds are half-open: work may start when another ends, not a minute before", () => {
    const holds = [{ resourceId: "mech-1", date: DAY, startMinutes: at(9), endMinutes: at(10) }];
    const day = dayResources(DAY, resources, holdsByDate(holds).get(DAY) ?? [], []);
    expect(kindFree(day, "mechanic", at(10), at(10, 30))).toBe(true);
    expect(kindFree(day, "mechanic", at(8, 30), at(9))).toBe(true);
    expect(kindFree(day, "mechanic", at(9, 30), at(10))).toBe(false);
    // A lift is free, but work needs the one mechanic too.
    expect(fits(day, ["lift", "mechanic"], at(9, 30), 30)).toBe(false);
    expect(fits(day, ["lift", "mechanic"], at(10), 30)).toBe(true);
  });

  it("an absence from a time on its first day takes only work that would end after it; other days whole", () => {
    const absences = [{ resourceId: "mech-1", fromDate: DAY, toDate: "2026-12-03", startMinutes: at(12) }];
    const first = dayResources(DAY, resources, [], absences);
    expect(fits(first, ["mechanic"], at(11, 30), 30)).toBe(true);
    expect(fits(first, ["mechanic"], at(11, 30), 60)).toBe(false);
    const second = dayResources("2026-12-03", resources, [], absences);
    expect(fits(second, ["mechanic"], at(8), 30)).toBe(false);
    expect(fits(dayResources("2026-12-04", resources, [], absences), ["mechanic"], at(8), 30)).toBe(true);
  });

  it("a courtesy car must be free from the start until closing; a day's holds stay on their day", () => {
    const holds = [
      { resourceId: "car-1", date: DAY, startMinutes: at(15), endMinutes: at(18) },
      { resourceId: "car-1", date: "2026-12-03", startMinutes: at(8), endMinutes: at(18) },
    ];
    const byDate = holdsByDate(holds);
    expect([...byDate.keys()]).toEqual([DAY, "2026-12-03"]);
    const day = dayResources(DAY, resources, byDate.get(DAY) ?? [], []);
    expect(fits(day, ["lift"], at(8), 30, at(18))).toBe(false);
    expect(fits(day, ["lift"], at(8), 30, null)).toBe(true);
    // No resource of a kind at all: nothing fits.
    expect(fits(day, ["inspection"], at(8), 30)).toBe(false);
  });
});

describe("wallClockHolds: the database's busy minutes on the workshop's wall clock (decision 046)", () => {
  const ZONE = "Europe/Vienna";
  /** The epoch minute of a Vienna wall-clock time. */
  const minute = (date: string, time: string) => zonedInstant(date, time, ZONE).getTime() / 60_000;
  const span = (date: string, from: string, to: string, toDate = date) => ({
    resourceId: "lift-1",
    start: minute(date, from),
    end: minute(toDate, to),
  });

  it("gives a span its day and its wall-clock minutes, in winter and in summer time", () => {
    expect(wallClockHolds([span("2026-12-02", "08:00", "09:30")], "2026-12-01", "2026-12-03", ZONE)).toEqual([
      { resourceId: "lift-1", date: "2026-12-02", startMinutes: at(8), endMinutes: at(9, 30) },
    ]);
    expect(wallClockHolds([span("2027-07-01", "17:30", "18:00")], "2027-07-01", "2027-07-01", ZONE)).toEqual([
      { resourceId: "lift-1", date: "2027-07-01", startMinutes: at(17, 30), endMinutes: at(18) },
    ]);
  });

  it("reads wall-clock minutes on the days the clocks change, in either direction", () => {
    // 28 March 2027: 02:00 becomes 03:00 (a 23-hour day); 25 October 2026: 03:00 becomes 02:00 (25 hours).
    expect(wallClockHolds([span("2027-03-28", "08:00", "18:00")], "2027-03-27", "2027-03-29", ZONE)).toEqual([
      { resourceId: "lift-1", date: "2027-03-28", startMinutes: at(8), endMinutes: at(18) },
    ]);
    expect(wallClockHolds([span("2026-10-25", "09:00", "10:00")], "2026-10-25", "2026-10-25", ZONE)).toEqual([
      { resourceId: "lift-1", date: "2026-10-25", startMinutes: at(9), endMinutes: at(10) },
    ]);
    // The day after a change counts from its own midnight again.
    expect(wallClockHolds([span("2026-10-26", "08:00", "08:30")], "2026-10-24", "2026-10-26", ZONE)).toEqual([
      { resourceId: "lift-1", date: "2026-10-26", startMinutes: at(8), endMinutes: at(8, 30) },
    ]);
  });

  it("cuts a span at local midnight and leaves out what lies outside the days asked for", () => {
    const overnight = span("2026-12-02", "23:00", "01:00", "2026-12-03");
    expect(wallClockHolds([overnight], "2026-12-02", "2026-12-03", ZONE)).toEqual([
      { resourceId: "lift-1", date: "2026-12-02", startMinutes: at(23), endMinutes: 1440 },
      { resourceId: "lift-1", date: "2026-12-03", startMinutes: 0, endMinutes: at(1) },
    ]);
    expect(wallClockHolds([overnight], "2026-12-03", "2026-12-03", ZONE)).toEqual([
      { resourceId: "lift-1", date: "2026-12-03", startMinutes: 0, endMinutes: at(1) },
    ]);
    expect(
      wallClockHolds([span("2026-12-01", "08:00", "09:00"), span("2026-12-05", "08:00", "09:00")], "2026-12-02", "2026-12-04", ZONE),
    ).toEqual([]);
  });

  it("holds the same answer whatever the server's zone (the zone is the workshop's)", () => {
    // Vitest runs this file with TZ=UTC and TZ=America/Los_Angeles (npm run test:vitest).
    expect(wallClockHolds([span("2027-03-28", "07:30", "08:00")], "2027-03-28", "2027-03-28", ZONE)[0]?.startMinutes).toBe(at(7, 30));
  });
});

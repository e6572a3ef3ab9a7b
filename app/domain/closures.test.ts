import { describe, expect, it } from "vitest";
import { type Closure, closureCovers, dayClosure, defaultClosures } from "./closures";

const christmasEve: Closure = { from: "2026-12-24", to: "2026-12-24", startTime: "12:00", name: "Heiliger Abend" };
const holidays: Closure = { from: "2026-08-03", to: "2026-08-14", startTime: null, name: "Betriebsurlaub" };
const fromFriday: Closure = { from: "2026-07-31", to: "2026-08-02", startTime: "13:00", name: "Umbau" };

describe("dayClosure", () => {
  it.each<[string, ReturnType<typeof dayClosure>]>([
    ["2026-12-23", undefined],
    ["2026-12-24", { name: "Heiliger Abend", fromMinutes: 12 * 60 }],
    ["2026-08-03", { name: "Betriebsurlaub", fromMinutes: null }],
    ["2026-08-14", { name: "Betriebsurlaub", fromMinutes: null }],
    ["2026-08-15", undefined],
    ["2026-07-31", { name: "Umbau", fromMinutes: 13 * 60 }],
    ["2026-08-01", { name: "Umbau", fromMinutes: null }],
  ])("%s → %j", (date, expected) => {
    expect(dayClosure(date, [christmasEve, holidays, fromFriday])).toEqual(expected);
  });
});

describe("closureCovers: the appointments a new closure touches", () => {
  it.each([
    [christmasEve, "2026-12-24", "11:30", 30, false], // ends at 12:00
    [christmasEve, "2026-12-24", "11:30", 60, true], // §57a runs into the closure
    [christmasEve, "2026-12-24", "12:00", 30, true],
    [christmasEve, "2026-12-23", "16:00", 60, false],
    [holidays, "2026-08-03", "08:00", 30, true],
    [holidays, "2026-08-14", "17:00", 60, true],
    [holidays, "2026-08-17", "08:00", 30, false],
    [fromFriday, "2026-07-31", "12:30", 60, true],
    [fromFriday, "2026-07-31", "12:00", 60, false],
    [fromFriday, "2026-08-01", "09:00", 30, true],
  ])("%j: %s %s (%i min) → %s", (closure, date, time, durationMinutes, covered) => {
    expect(closureCovers(closure, { date, time, durationMinutes })).toBe(covered);
  });
});

describe("defaultClosures", () => {
  it("enters the yearly days for each year and the ranges once", () => {
    expect(
      defaultClosures([2026, 2027], {
        yearly: [
          { month: 12, day: 24, name: "Heiliger Abend" },
          { month: 12, day: 31, name: "Silvester", startTime: "12:00" },
        ],
        ranges: [{ from: "2027-08-02", to: "2027-08-13", name: "Betriebsurlaub" }],
      }),
    ).toEqual([
      { from: "2026-12-24", to: "2026-12-24", startTime: null, name: "Heiliger Abend" },
      { from: "2026-12-31", to: "2026-12-31", startTime: "12:00", name: "Silvester" },
      { from: "2027-12-24", to: "2027-12-24", startTime: null, name: "Heiliger Abend" },
      { from: "2027-12-31", to: "2027-12-31", startTime: "12:00", name: "Silvester" },
      { from: "2027-08-02", to: "2027-08-13", startTime: null, name: "Betriebsurlaub" },
    ]);
  });
});

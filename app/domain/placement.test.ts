import { describe, expect, it } from "vitest";
import { dayResources, fits, holdsByDate, kindFree } from "./placement";

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

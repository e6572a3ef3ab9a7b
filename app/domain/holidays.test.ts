import { describe, expect, it } from "vitest";
import { austrianHolidayName, austrianHolidays, easterSunday } from "./holidays";

describe("easterSunday", () => {
  it.each([
    [1943, "1943-04-25"], // latest possible
    [2008, "2008-03-23"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2028, "2028-04-16"],
    [2029, "2029-04-01"],
    [2030, "2030-04-21"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"], // earliest possible
  ])("%i → %s", (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });
});

describe("austrianHolidays", () => {
  it.each([
    [
      2026,
      [
        ["2026-01-01", "Neujahr"],
        ["2026-01-06", "Heilige Drei Könige"],
        ["2026-04-06", "Ostermontag"],
        ["2026-05-01", "Staatsfeiertag"],
        ["2026-05-14", "Christi Himmelfahrt"],
        ["2026-05-25", "Pfingstmontag"],
        ["2026-06-04", "Fronleichnam"],
        ["2026-08-15", "Mariä Himmelfahrt"],
        ["2026-10-26", "Nationalfeiertag"],
        ["2026-11-01", "Allerheiligen"],
        ["2026-12-08", "Mariä Empfängnis"],
        ["2026-12-25", "Christtag"],
        ["2026-12-26", "Stefanitag"],
      ],
    ],
    [
      2027,
      [
        ["2027-01-01", "Neujahr"],
        ["2027-01-06", "Heilige Drei Könige"],
        ["2027-03-29", "Ostermontag"],
        ["2027-05-01", "Staatsfeiertag"],
        ["2027-05-06", "Christi Himmelfahrt"],
        ["2027-05-17", "Pfingstmontag"],
        ["2027-05-27", "Fronleichnam"],
        ["2027-08-15", "Mariä Himmelfahrt"],
        ["2027-10-26", "Nationalfeiertag"],
        ["2027-11-01", "Allerheiligen"],
        ["2027-12-08", "Mariä Empfängnis"],
        ["2027-12-25", "Christtag"],
        ["2027-12-26", "Stefanitag"],
      ],
    ],
  ])("%i: the 13 statutory holidays", (year, expected) => {
    expect(austrianHolidays(year).map((h) => [h.date, h.name])).toEqual(expected);
  });

  it.each(["2026-04-03", "2027-03-26"])("Good Friday %s is not a statutory holiday", (date) => {
    expect(austrianHolidayName(date)).toBeUndefined();
  });

  it.each(["2026-04-05", "2026-05-24", "2026-12-24", "2026-12-31", "2026-12-27"])(
    "%s (Easter/Whit Sunday, 24/31 Dec, 27 Dec) is no statutory holiday",
    (date) => {
      expect(austrianHolidayName(date)).toBeUndefined();
    },
  );
});

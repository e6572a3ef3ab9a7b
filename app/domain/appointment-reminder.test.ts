import { describe, expect, it } from "vitest";
import { appointmentReminderDue, reminderCandidateDates, reminderInstant } from "./appointment-reminder";
import { zonedInstant } from "./calendar-date";

const vienna = "Europe/Vienna";

describe("the appointment reminder's due time", () => {
  it.each([
    // Clocks go forward on 29 March 2026: 08:00 on the 30th (CEST) is 06:00Z; 24 hours earlier is 08:00 CEST on the 29th.
    ["2026-03-30", "08:00", 24, "2026-03-29T06:00:00.000Z"],
    // The day after the change: 2.5 hours before 08:00 CEST.
    ["2026-03-30", "08:00", 2.5, "2026-03-30T03:30:00.000Z"],
    // Clocks go back on 25 October 2026: 08:00 on the 26th (CET) is 07:00Z; 24 hours earlier is 08:00 CET on the 25th.
    ["2026-10-26", "08:00", 24, "2026-10-25T07:00:00.000Z"],
    // 48 hours across the change in October: 25 hours of wall clock on the 25th.
    ["2026-10-26", "08:00", 48, "2026-10-24T07:00:00.000Z"],
  ])("%s %s, %s hours before → %s", (date, time, hours, expected) => {
    expect(reminderInstant(zonedInstant(date, time, vienna), hours).toISOString()).toBe(expected);
  });

  const start = new Date("2026-06-10T06:00:00Z");
  const confirmedAt = new Date("2026-06-01T10:00:00Z");

  it.each([
    ["a minute before the point", "2026-06-09T05:59:00Z", confirmedAt, false],
    ["at the point", "2026-06-09T06:00:00Z", confirmedAt, true],
    ["between the point and the start", "2026-06-10T05:59:59Z", confirmedAt, true],
    ["at the start", "2026-06-10T06:00:00Z", confirmedAt, false],
    ["confirmed at the point", "2026-06-09T07:00:00Z", new Date("2026-06-09T06:00:00Z"), true],
    ["confirmed after the point", "2026-06-09T07:00:00Z", new Date("2026-06-09T06:00:01Z"), false],
    ["never confirmed", "2026-06-09T07:00:00Z", null, false],
  ])("%s → %s", (_case, now, confirmed, due) => {
    expect(appointmentReminderDue({ start, confirmedAt: confirmed }, new Date(now), 24)).toBe(due);
  });

  it("looks at the dates from today to the day the reminder window ends, in Vienna", () => {
    // 00:30 in Vienna on 10 June is 22:30Z on the 9th: today is the 10th there, whatever the UTC date.
    expect(reminderCandidateDates(new Date("2026-06-09T22:30:00Z"), 24, vienna)).toEqual({ from: "2026-06-10", to: "2026-06-11" });
    expect(reminderCandidateDates(new Date("2026-06-09T21:30:00Z"), 2.5, vienna)).toEqual({ from: "2026-06-09", to: "2026-06-10" });
  });
});

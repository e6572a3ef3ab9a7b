import { describe, expect, it } from "vitest";
import { retentionCutoffs, subtractMonths } from "./retention";

const policy = { unconfirmedDaysAfterDate: 30, confirmedMonthsAfterDate: 12, contactMessagesMonths: 12, inspectionReminderMonths: 12 };

describe("subtractMonths", () => {
  it.each([
    ["2026-03-15", 1, "2026-02-15"],
    ["2026-03-31", 1, "2026-02-28"],
    ["2024-03-31", 1, "2024-02-29"],
    ["2026-01-10", 12, "2025-01-10"],
    ["2026-01-10", 13, "2024-12-10"],
    ["2025-02-28", -12, "2026-02-28"],
  ])("%s minus %i months is %s", (date, months, expected) => {
    expect(subtractMonths(date, months)).toBe(expected);
  });
});

describe("retentionCutoffs", () => {
  it("counts days and months from today in Vienna", () => {
    // 23:30 UTC on 31 March is already 1 April in Vienna (CEST, UTC+2).
    const cutoffs = retentionCutoffs(new Date("2026-03-31T23:30:00Z"), policy, "Europe/Vienna");
    expect(cutoffs.unconfirmedBefore).toBe("2026-03-02");
    expect(cutoffs.confirmedBefore).toBe("2025-04-01");
    expect(cutoffs.contactReceivedBefore.toISOString()).toBe("2025-03-31T23:30:00.000Z");
  });

  it("takes its periods from the policy", () => {
    const cutoffs = retentionCutoffs(
      new Date("2026-06-15T10:00:00Z"),
      { unconfirmedDaysAfterDate: 7, confirmedMonthsAfterDate: 24, contactMessagesMonths: 6, inspectionReminderMonths: 3 },
      "Europe/Vienna",
    );
    expect(cutoffs).toEqual({
      unconfirmedBefore: "2026-06-08",
      confirmedBefore: "2024-06-15",
      contactReceivedBefore: new Date("2025-12-15T10:00:00Z"),
      inspectionRemindersBefore: new Date("2026-03-15T10:00:00Z"),
    });
  });
});

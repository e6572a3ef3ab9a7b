import { describe, expect, it } from "vitest";
import { addMonths, inspectionReminderDueMonth, isInspectionDueMonth } from "./inspection";

describe("the 3-2-1 rule of the §57a inspection", () => {
  it("is due 3 years after the first registration, 2 years later, then every year, in its month", () => {
    const months = Array.from({ length: 12 * 10 }, (_, index) => addMonths("2020-01", index));
    expect(months.filter((month) => isInspectionDueMonth("2020-03", month))).toEqual([
      "2023-03",
      "2025-03",
      "2026-03",
      "2027-03",
      "2028-03",
      "2029-03",
    ]);
  });

  it.each([
    ["2020-03", "2021-03", false],
    ["2020-03", "2022-03", false],
    ["2020-03", "2023-03", true],
    ["2020-03", "2024-03", false], // the gap between the first and the second
    ["2020-03", "2025-03", true],
    ["2020-03", "2026-03", true],
    ["2020-03", "2040-03", true],
    ["2020-03", "2026-04", false], // the month of the first registration only
    ["2020-03", "2020-03", false], // the registration itself
    ["2019-12", "2022-12", true], // December: the turn of the year shifts nothing
    ["2019-12", "2023-12", false],
    ["2005-06", "2026-06", true], // an old car: every year
  ])("first registration %s: due in %s → %s", (firstRegistration, month, due) => {
    expect(isInspectionDueMonth(firstRegistration, month)).toBe(due);
  });

  it.each([
    // first registration, the Vienna month the job runs in, the due month it reminds of
    ["2020-03", "2023-02", "2023-03"], // the month before the first inspection
    ["2020-03", "2023-03", null], // in the due month itself: already reminded
    ["2020-03", "2024-02", null], // no inspection in 2024
    ["2020-03", "2025-02", "2025-03"],
    ["2020-03", "2026-02", "2026-03"],
    ["2020-01", "2022-12", "2023-01"], // December reminds of January
    ["2018-07", "2026-06", "2026-07"],
    ["2018-07", "2026-05", null],
  ])("first registration %s, in %s reminds of %s", (firstRegistration, month, due) => {
    expect(inspectionReminderDueMonth(firstRegistration, month)).toBe(due);
  });

  it("counts months across years and rejects what is not a month", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(() => isInspectionDueMonth("2020-13", "2023-01")).toThrow(RangeError);
  });
});

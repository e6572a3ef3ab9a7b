import { describe, expect, it } from "vitest";
import { zonedInstant } from "./calendar-date";
import { customerLinkUsable, selfCancellation } from "./self-service";

describe("customerLinkUsable", () => {
  it.each([
    ["2026-12-01", "2026-11-23", true],
    ["2026-12-01", "2026-12-31", true],
    ["2026-12-01", "2027-01-01", false],
    // Over a month end and a leap day.
    ["2028-02-10", "2028-03-11", true],
    ["2028-02-10", "2028-03-12", false],
  ])("appointment on %s, today %s, 30 days after: %s", (date, today, usable) => {
    expect(customerLinkUsable(date, today, 30)).toBe(usable);
  });
});

describe("selfCancellation", () => {
  const start = zonedInstant("2026-12-02", "10:00", "Europe/Vienna");

  it("allows it up to the cutoff, inclusive, and refuses a second later", () => {
    const deadline = new Date("2026-12-01T09:00:00.000Z");
    expect(selfCancellation("bestätigt", start, deadline, 24)).toEqual({ allowed: true, deadline });
    expect(selfCancellation("beantragt", start, new Date("2026-11-20T12:00:00Z"), 24)).toEqual({ allowed: true, deadline });
    expect(selfCancellation("bestätigt", start, new Date(deadline.getTime() + 1000), 24)).toEqual({
      allowed: false,
      reason: "too-late",
      deadline,
    });
  });

  it("takes decimal hours and counts real hours across the clock change", () => {
    expect(selfCancellation("bestätigt", start, new Date("2026-12-02T06:30:00Z"), 2.5)).toMatchObject({ allowed: true });
    expect(selfCancellation("bestätigt", start, new Date("2026-12-02T06:30:01Z"), 2.5)).toMatchObject({ allowed: false });
    // Monday after the switch to winter time: 24 hours before 08:00 CET is Sunday 08:00 CET, 07:00 UTC.
    const afterSwitch = zonedInstant("2026-10-26", "08:00", "Europe/Vienna");
    expect(selfCancellation("bestätigt", afterSwitch, new Date("2026-10-25T07:00:00Z"), 24)).toMatchObject({ allowed: true });
    expect(selfCancellation("bestätigt", afterSwitch, new Date("2026-10-25T07:00:01Z"), 24)).toMatchObject({ allowed: false });
  });

  it("has nothing to cancel once the appointment has begun", () => {
    expect(selfCancellation("bestätigt", start, start, 24)).toEqual({ allowed: false, reason: "past" });
    expect(selfCancellation("beantragt", start, new Date(start.getTime() + 86_400_000), 24)).toEqual({ allowed: false, reason: "past" });
  });

  it("has nothing to cancel once cancelled", () => {
    expect(selfCancellation("storniert", start, new Date("2026-11-01T00:00:00Z"), 24)).toEqual({ allowed: false, reason: "cancelled" });
  });
});

import { describe, expect, it } from "vitest";
import { type Access, accessRefusal, sensitiveRefusal } from "./access";

describe("accessRefusal", () => {
  const cases: [Access, "owner" | "staff", boolean, ReturnType<typeof accessRefusal>][] = [
    ["session", "owner", true, null],
    ["session", "staff", true, null],
    ["enrolled", "owner", false, null],
    ["enrolled", "staff", false, null],
    ["enrolled", "owner", true, "enrolmentRequired"],
    ["enrolled", "staff", true, "enrolmentRequired"],
    ["owner", "owner", false, null],
    ["owner", "staff", false, "ownerOnly"],
    // An owner who must enrol may not lift the requirement (or do anything else of the owner's) first.
    ["owner", "owner", true, "enrolmentRequired"],
    ["owner", "staff", true, "enrolmentRequired"],
  ];
  it.each(cases)("%s for %s (must enrol: %s) → %s", (access, role, mustEnrol, expected) => {
    expect(accessRefusal(access, { role, mustEnrol })).toBe(expected);
  });
});

describe("sensitive actions (step-up)", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  it.each([
    [minutesAgo(0), null],
    [minutesAgo(9.9), null],
    [minutesAgo(10), "stepUpRequired"],
    [minutesAgo(60), "stepUpRequired"],
    [null, "stepUpRequired"],
    [undefined, "stepUpRequired"],
    // A check stamped in the future (a clock jump) counts for nothing.
    [new Date(now.getTime() + 60_000), "stepUpRequired"],
  ])("an owner verified at %s → %s", (verifiedAt, expected) => {
    expect(accessRefusal("sensitive", { role: "owner", mustEnrol: false, verifiedAt }, now)).toBe(expected);
    expect(sensitiveRefusal({ role: "owner", verifiedAt }, now)).toBe(expected);
  });
  it("staff hear ownerOnly, however recently verified; an owner who must enrol hears that first", () => {
    expect(sensitiveRefusal({ role: "staff", verifiedAt: now }, now)).toBe("ownerOnly");
    expect(accessRefusal("sensitive", { role: "owner", mustEnrol: true, verifiedAt: now }, now)).toBe("enrolmentRequired");
  });
  it("owner access alone needs no recent check", () => {
    expect(accessRefusal("owner", { role: "owner", mustEnrol: false, verifiedAt: null }, now)).toBeNull();
  });
});

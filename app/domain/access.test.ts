import { describe, expect, it } from "vitest";
import { type Access, accessRefusal } from "./access";

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

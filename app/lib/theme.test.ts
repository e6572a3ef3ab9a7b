import { describe, expect, it } from "vitest";
import { nextTheme, readStoredTheme, resolveDark } from "./theme";

describe("theme", () => {
  it.each([
    ["dark", "light"],
    ["light", "dark"],
    ["system", "light"],
  ] as const)("toggle switches %s to %s", (from, to) => {
    expect(nextTheme(from)).toBe(to);
  });

  it("is dark when nothing is stored, whatever the system says", () => {
    expect(resolveDark(null, false)).toBe(true);
  });

  it("follows the system only for a stored 'system'", () => {
    expect(resolveDark("system", false)).toBe(false);
    expect(resolveDark("system", true)).toBe(true);
    expect(resolveDark("light", true)).toBe(false);
  });

  it("ignores unknown stored values", () => {
    expect(readStoredTheme({ getItem: () => "purple" })).toBeNull();
    expect(readStoredTheme({ getItem: () => "light" })).toBe("light");
  });
});

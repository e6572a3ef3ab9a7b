import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { readStoredTheme, resolveDark, themeScript } from "./theme";

/**
 * Runs the pre-paint script as the document head would, with `stored` in localStorage and a
 * system preference; returns the page's classes, the storage and a click on an element that is
 * (or is not) inside the theme toggle.
 */
function runThemeScript(stored: string | null, systemDark = false) {
  const classes = new Set<string>();
  const storage = new Map<string, string>(stored === null ? [] : [["theme", stored]]);
  let onClick: ((event: { target: unknown }) => void) | undefined;
  const document = {
    documentElement: {
      classList: {
        toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
        add: (name: string) => classes.add(name),
        contains: (name: string) => classes.has(name),
      },
    },
    addEventListener: (type: string, listener: typeof onClick) => {
      if (type === "click") onClick = listener;
    },
  };
  vm.runInNewContext(themeScript, {
    document,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) },
    matchMedia: () => ({ matches: systemDark }),
  });
  const click = (onToggle: boolean) =>
    onClick!({ target: { closest: (selector: string) => (onToggle && selector === "[data-theme-toggle]" ? {} : null) } });
  return { classes, storage, click };
}

describe("theme", () => {
  it("the pre-paint script applies the stored choice (dark when nothing is stored) and marks the page as scripted", () => {
    expect([...runThemeScript(null).classes].sort()).toEqual(["dark", "js"]);
    expect([...runThemeScript("light", true).classes].sort()).toEqual(["js", "light"]);
    expect([...runThemeScript("system", false).classes].sort()).toEqual(["js", "light"]);
    expect([...runThemeScript("system", true).classes].sort()).toEqual(["dark", "js"]);
    expect([...runThemeScript("purple", false).classes].sort()).toEqual(["dark", "js"]);
  });

  it.each([
    [null, "light"],
    ["dark", "light"],
    ["light", "dark"],
    ["system", "light"],
  ] as const)("a click on the toggle, handled by the pre-paint script itself, switches %s to %s and stores it", (from, to) => {
    const page = runThemeScript(from, true);
    page.click(true);
    expect(page.storage.get("theme")).toBe(to);
    expect(page.classes.has("dark")).toBe(to === "dark");
    expect(page.classes.has("light")).toBe(to === "light");
  });

  it("a click elsewhere changes and stores nothing", () => {
    const page = runThemeScript(null);
    page.click(false);
    expect(page.storage.size).toBe(0);
    expect(page.classes.has("dark")).toBe(true);
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

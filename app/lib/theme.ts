/** Theme handling shared by the pre-paint script and the toggle. */
export const THEME_STORAGE_KEY = "theme";

export type ThemeChoice = "light" | "dark" | "system";

/** The seed's toggle: dark→light, light→dark, system→light. */
export function nextTheme(current: ThemeChoice): ThemeChoice {
  return current === "light" ? "dark" : "light";
}

export function readStoredTheme(storage: Pick<Storage, "getItem">): ThemeChoice | null {
  const value = storage.getItem(THEME_STORAGE_KEY);
  return value === "light" || value === "dark" || value === "system" ? value : null;
}

/** With nothing stored the site is dark; "system" follows the OS. */
export function resolveDark(choice: ThemeChoice | null, systemPrefersDark: boolean): boolean {
  if (choice === "light") return false;
  if (choice === "system") return systemPrefersDark;
  return true;
}

/** Stores the visitor's choice (only ever called from the toggle) and applies it. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be blocked (private mode); the theme still applies for this page.
  }
  applyTheme(choice);
}

/** Sets the dark/light class on <html>, as the pre-paint script does. */
export function applyTheme(choice: ThemeChoice | null): void {
  const dark = resolveDark(choice, matchMedia("(prefers-color-scheme: dark)").matches);
  const classes = document.documentElement.classList;
  classes.toggle("dark", dark);
  classes.toggle("light", !dark);
}

/**
 * Runs before first paint so the page never flashes the wrong theme. Kept as a
 * string because it is inlined into the document head (with the CSP nonce).
 * It also marks <html> with "js", so controls that need JavaScript (menu
 * button, theme toggle, back-to-top) stay hidden when scripts are off.
 */
export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});var d=t==="light"?false:t==="system"?matchMedia("(prefers-color-scheme: dark)").matches:true;var c=document.documentElement.classList;c.toggle("dark",d);c.toggle("light",!d)}catch(e){}document.documentElement.classList.add("js")})()`;

/** Theme handling shared by the pre-paint script (which also handles the toggle) and the site script. */
export const THEME_STORAGE_KEY = "theme";

export type ThemeChoice = "light" | "dark" | "system";

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

/** Sets the dark/light class on <html>, as the pre-paint script does. */
export function applyTheme(choice: ThemeChoice | null): void {
  const dark = resolveDark(choice, matchMedia("(prefers-color-scheme: dark)").matches);
  const classes = document.documentElement.classList;
  classes.toggle("dark", dark);
  classes.toggle("light", !dark);
}

/**
 * Runs before first paint so the page never flashes the wrong theme. Kept as a
 * string because it is inlined into the document head (allowed by its hash in
 * the CSP). It also marks <html> with "js", so controls that need JavaScript
 * (menu button, theme toggle, back-to-top) stay hidden when scripts are off.
 *
 * It is also the theme toggle's click handler, on the document, so the toggle
 * works from the first paint, before the site script has loaded (issue 26);
 * nothing is stored until the visitor clicks. The seed's toggle: dark→light,
 * light→dark, system→light.
 */
export const themeScript = `(function(){var k=${JSON.stringify(THEME_STORAGE_KEY)},c=document.documentElement.classList;\
function set(d){c.toggle("dark",d);c.toggle("light",!d)}\
try{var t=localStorage.getItem(k);set(t==="light"?false:t==="system"?matchMedia("(prefers-color-scheme: dark)").matches:true)}catch(e){}\
c.add("js");\
document.addEventListener("click",function(e){if(!e.target.closest||!e.target.closest("[data-theme-toggle]"))return;\
var t=null;try{t=localStorage.getItem(k)}catch(x){}\
var current=t==="light"||t==="dark"||t==="system"?t:c.contains("dark")?"dark":"light";var d=current==="light";\
try{localStorage.setItem(k,d?"dark":"light")}catch(x){}set(d)})})()`;

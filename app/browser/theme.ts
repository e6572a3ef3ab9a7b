import { applyTheme, readStoredTheme } from "~/lib/theme";

/**
 * A stored "system" keeps following the operating system while the page is open. The toggle's
 * clicks are handled by the pre-paint script in the document head (app/lib/theme.ts), so that it
 * works before this module has loaded.
 */
export function followSystemTheme(document: Document) {
  const storage = document.defaultView?.localStorage;
  if (!storage) return;
  const follow = () => {
    if (readStoredTheme(storage) === "system") applyTheme("system");
  };
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", follow);
  // The OS setting may have changed since the pre-paint script ran.
  follow();
}

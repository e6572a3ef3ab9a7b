import { applyTheme, chooseTheme, nextTheme, readStoredTheme } from "~/lib/theme";

/**
 * The theme toggle (markup: app/components/layout/theme-toggle.tsx). The
 * pre-paint script in the document head has already applied the stored theme.
 */
export function enhanceThemeToggle(document: Document) {
  const storage = document.defaultView?.localStorage;
  if (!storage) return;
  // A stored "system" keeps following the operating system while the page is open.
  const query = matchMedia("(prefers-color-scheme: dark)");
  const follow = () => {
    if (readStoredTheme(storage) === "system") applyTheme("system");
  };
  query.addEventListener("change", follow);
  // The OS setting may have changed since the pre-paint script ran.
  follow();

  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-theme-toggle]")) {
    button.addEventListener("click", () => {
      const current = readStoredTheme(storage) ?? (document.documentElement.classList.contains("dark") ? "dark" : "light");
      chooseTheme(nextTheme(current));
    });
  }
}

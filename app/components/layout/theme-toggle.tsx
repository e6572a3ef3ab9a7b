import { Moon, Sun } from "lucide-react";
import { useEffect } from "react";
import { applyTheme, chooseTheme, nextTheme, readStoredTheme } from "~/lib/theme";
import { cn } from "~/lib/cn";

/**
 * Light/dark switch. Icon and accessible name follow the `dark` class through
 * CSS, so they are right from the first paint; nothing is stored until the
 * visitor clicks. Hidden without JavaScript, where it could not work.
 */
export function ThemeToggle({ className }: { className?: string }) {
  useEffect(() => {
    // A stored "system" keeps following the operating system while the page is open.
    const query = matchMedia("(prefers-color-scheme: dark)");
    const follow = () => {
      if (readStoredTheme(localStorage) === "system") applyTheme("system");
    };
    query.addEventListener("change", follow);
    // The OS setting may have changed between the pre-paint script and hydration.
    follow();
    return () => query.removeEventListener("change", follow);
  }, []);

  function toggle() {
    const stored = readStoredTheme(localStorage);
    const current = stored ?? (document.documentElement.classList.contains("dark") ? "dark" : "light");
    chooseTheme(nextTheme(current));
  }

  return (
    <button
      type="button"
      onClick={toggle}
      className={cn(
        "hidden size-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-accent hover:text-accent-foreground [.js_&]:inline-flex",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        className,
      )}
      data-testid="theme-toggle"
    >
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <span className="sr-only dark:hidden">Zum dunklen Design wechseln</span>
      <span className="sr-only hidden dark:inline">Zum hellen Design wechseln</span>
    </button>
  );
}

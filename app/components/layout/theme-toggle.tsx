import { Moon, Sun } from "lucide-react";
import { cn } from "~/lib/cn";

/**
 * Light/dark switch. Icon and accessible name follow the `dark` class through
 * CSS, so they are right from the first paint. Its clicks are handled from the
 * first paint too, by the pre-paint script in the head (app/lib/theme.ts), which
 * also shows it: hidden without JavaScript, where it could not work.
 */
export function ThemeToggle({ className }: { className?: string }) {
  return (
    <button
      type="button"
      data-theme-toggle
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

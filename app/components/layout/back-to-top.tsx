import { ArrowUp } from "lucide-react";

/**
 * Round button that app/browser/back-to-top.ts shows once the visitor is more
 * than BACK_TO_TOP_THRESHOLD (app/browser/back-to-top.ts) down the page.
 * A phone has no margin beside the content where a floating button could sit
 * (it covered the calendar's Sunday column, the message field and the
 * copyright line), so below md it sits in the fixed header's free space, left
 * of the theme and menu buttons (2 × 2.5rem, their gap and the 1rem padding).
 */
export function BackToTop() {
  return (
    <button
      type="button"
      hidden
      data-back-to-top
      aria-label="Zurück nach oben"
      title="Zurück nach oben"
      className="fixed bottom-6 right-6 z-30 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background max-md:top-3 max-md:bottom-auto max-md:right-[6.5rem] max-md:z-50 max-md:size-10 max-md:shadow-none"
    >
      <ArrowUp aria-hidden="true" className="size-6 max-md:size-5" />
    </button>
  );
}

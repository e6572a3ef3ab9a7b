import { ArrowUp } from "lucide-react";

/**
 * Round button that app/browser/back-to-top.ts shows once the visitor is more
 * than BACK_TO_TOP_THRESHOLD (app/browser/back-to-top.ts) down the page.
 */
export function BackToTop() {
  return (
    <button
      type="button"
      hidden
      data-back-to-top
      aria-label="Zurück nach oben"
      title="Zurück nach oben"
      className="fixed bottom-6 right-6 z-30 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <ArrowUp aria-hidden="true" className="size-6" />
    </button>
  );
}

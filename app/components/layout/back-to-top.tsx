import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

/** Shown when the visitor is more than this far down the page (seed: 300 px). */
export const BACK_TO_TOP_THRESHOLD = 300;

export function BackToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  return (
    <button
      type="button"
      hidden={!visible}
      onClick={() => {
        // Focus leaves the button first: Chromium stops a smooth scroll when the
        // focused element disappears (the button hides itself near the top).
        document.getElementById("main")?.focus({ preventScroll: true });
        // No behavior option: the CSS scroll-behavior makes it smooth unless reduced motion is asked for.
        window.scrollTo(0, 0);
      }}
      aria-label="Zurück nach oben"
      title="Zurück nach oben"
      className="fixed bottom-6 right-6 z-30 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <ArrowUp aria-hidden="true" className="size-6" />
    </button>
  );
}

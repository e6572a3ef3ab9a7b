/** Shown when the visitor is more than this far down the page (seed: 300 px). */
export const BACK_TO_TOP_THRESHOLD = 300;

/** The back-to-top button (markup: app/components/layout/back-to-top.tsx). */
export function enhanceBackToTop(document: Document) {
  const button = document.querySelector<HTMLButtonElement>("[data-back-to-top]");
  const view = document.defaultView;
  if (!button || !view) return;
  const update = () => {
    button.hidden = view.scrollY <= BACK_TO_TOP_THRESHOLD;
  };
  update();
  view.addEventListener("scroll", update, { passive: true });
  button.addEventListener("click", () => {
    // Focus leaves the button first: Chromium stops a smooth scroll when the
    // focused element disappears (the button hides itself near the top).
    document.getElementById("main")?.focus({ preventScroll: true });
    // No behavior option: the CSS scroll-behavior makes it smooth unless reduced motion is asked for.
    view.scrollTo(0, 0);
  });
}

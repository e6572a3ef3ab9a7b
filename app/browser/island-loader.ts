/** How far below the viewport a form may still be when its island starts loading: one screen ahead. */
const APPROACH_MARGIN = "100% 0px";

/** The first touch of a form: its chunk starts loading before the click, the focus or the first key lands. */
const INTERACTION_EVENTS = ["focusin", "input", "pointerdown", "touchstart"] as const;

type IslandsModule = { hydrateIslands(elements: HTMLElement[]): void };

/**
 * React and the forms' code (about 90 KB gzip) are never part of a page's
 * first load. They load on the first interaction inside a form (focus, input,
 * pointerdown, touchstart), or once the visitor scrolls and a form is within
 * one screen of the viewport. So a form below the fold is ready when it is
 * reached, and a form in view at load (/kontakt) waits for the visitor. Until
 * then, and should the load fail, the forms are plain HTML forms that post to
 * the server; what is typed meanwhile stays (the inputs are uncontrolled, and
 * React keeps their DOM values when it hydrates).
 */
export function loadIslandsOnApproach(document: Document, load: () => Promise<IslandsModule>) {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  if (elements.length === 0) return;
  const window = document.defaultView;
  let state: "waiting" | "loading" | "done" = "waiting";
  // Opened at a fragment (/#booking) or scrolled before this module ran (it loads after the first
  // paint, decision 021): that scroll counts, as no further scroll event may come.
  let scrolled = (window?.scrollY ?? 0) > 0;
  const near = new Set<Element>();
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (entry.isIntersecting) near.add(entry.target);
              else near.delete(entry.target);
            }
            if (scrolled && near.size > 0) start();
          },
          { rootMargin: APPROACH_MARGIN },
        )
      : undefined;

  function onScroll() {
    scrolled = true;
    window?.removeEventListener("scroll", onScroll);
    if (near.size > 0) start();
  }

  function start() {
    if (state !== "waiting") return;
    state = "loading";
    load().then(
      (islands) => {
        state = "done";
        observer?.disconnect();
        window?.removeEventListener("scroll", onScroll);
        for (const element of elements) {
          for (const type of INTERACTION_EVENTS) element.removeEventListener(type, start);
        }
        islands.hydrateIslands(elements);
      },
      // Offline or a new deployment: the plain forms keep working; try again on the next touch.
      () => (state = "waiting"),
    );
  }

  for (const element of elements) {
    observer?.observe(element);
    for (const type of INTERACTION_EVENTS) element.addEventListener(type, start, { passive: true });
  }
  window?.addEventListener("scroll", onScroll, { passive: true });
}

/** How far below the viewport a form may still be when its island starts loading: one screen ahead. */
const APPROACH_MARGIN = "100% 0px";

type IslandsModule = { hydrateIslands(elements: HTMLElement[]): void };

/**
 * React and the forms' code load only when the visitor gets near a form (or
 * touches one first); until then, and should the load fail, the forms are
 * plain HTML forms that post to the server.
 */
export function loadIslandsOnApproach(document: Document, load: () => Promise<IslandsModule>) {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  if (elements.length === 0) return;
  let state: "waiting" | "loading" | "done" = "waiting";
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
          rootMargin: APPROACH_MARGIN,
        })
      : undefined;

  function start() {
    if (state !== "waiting") return;
    state = "loading";
    load().then(
      (islands) => {
        state = "done";
        observer?.disconnect();
        for (const element of elements) {
          element.removeEventListener("focusin", start);
          element.removeEventListener("pointerdown", start);
        }
        islands.hydrateIslands(elements);
      },
      // Offline or a new deployment: the plain forms keep working; try again on the next touch.
      () => (state = "waiting"),
    );
  }

  for (const element of elements) {
    observer?.observe(element);
    element.addEventListener("focusin", start);
    element.addEventListener("pointerdown", start);
  }
  if (!observer) start();
}

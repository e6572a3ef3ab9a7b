import { isActiveItem, MENU_LABEL } from "~/components/layout/navigation";

function isModifiedClick(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * The header's behaviour (markup: app/components/layout/header.tsx): the
 * mobile panel opens and closes with its button, closes on Escape, after
 * any link or button in it and on a tap or click outside it and its button; the current item follows path and hash; Home on
 * the home page scrolls to the top and clears the hash instead of reloading.
 */
export function enhanceHeader(document: Document) {
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const panel = toggle ? document.getElementById(toggle.getAttribute("aria-controls") ?? "") : null;

  function setOpen(open: boolean) {
    if (!toggle || !panel) return;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? MENU_LABEL.close : MENU_LABEL.open);
    panel.hidden = !open;
  }
  const isOpen = () => toggle?.getAttribute("aria-expanded") === "true";

  toggle?.addEventListener("click", () => setOpen(!isOpen()));
  panel?.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a, button")) setOpen(false);
  });
  // pointerdown, not click: a tap on the page's text fires no click on some phones.
  document.addEventListener("pointerdown", (event) => {
    if (!isOpen() || !(event.target instanceof Node)) return;
    if (panel?.contains(event.target) || toggle?.contains(event.target)) return;
    setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    setOpen(false);
    toggle?.focus();
  });

  const items = [...document.querySelectorAll<HTMLAnchorElement>("a[data-nav-item]")];
  function markCurrent() {
    const { pathname, hash } = document.location;
    for (const item of items) {
      if (isActiveItem(item.dataset.navItem ?? "", pathname, hash)) item.setAttribute("aria-current", "page");
      else item.removeAttribute("aria-current");
    }
  }
  markCurrent();
  const view = document.defaultView;
  view?.addEventListener("hashchange", markCurrent);
  view?.addEventListener("popstate", markCurrent);

  for (const home of document.querySelectorAll<HTMLAnchorElement>('a[data-nav-home], a[data-nav-item="/"]')) {
    home.addEventListener("click", (event) => {
      if (document.location.pathname !== "/" || isModifiedClick(event)) return;
      event.preventDefault();
      if (document.location.hash) view?.history.pushState(null, "", "/");
      markCurrent();
      // No behavior option: the CSS scroll-behavior makes it smooth unless reduced motion is asked for.
      view?.scrollTo(0, 0);
    });
  }
}

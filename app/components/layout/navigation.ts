/** Header items in the seed's order; hash items point at sections of the home page. */
export const headerNavigation = [
  { label: "Home", to: "/" },
  { label: "Leistungen", to: "/#services" },
  { label: "Über uns", to: "/ueber-uns" },
  { label: "Termin", to: "/#booking" },
  { label: "Kontakt", to: "/kontakt" },
  { label: "Impressum", to: "/impressum" },
] as const;

/** The mobile menu button's accessible name in each state (app/browser/header.ts switches it). */
export const MENU_LABEL = { open: "Menü öffnen", close: "Menü schließen" } as const;

export const footerNavigation = [
  { label: "Home", to: "/" },
  { label: "Leistungen", to: "/#services" },
  { label: "Über uns", to: "/ueber-uns" },
  { label: "Kontakt", to: "/kontakt" },
] as const;

export const legalNavigation = [
  { label: "Impressum", to: "/impressum" },
  { label: "Datenschutz", to: "/datenschutz" },
  { label: "AGB", to: "/agb" },
] as const;

/**
 * Whether a header item is the current one. The hash is only known in the
 * browser, so the server (and the first client render) pass "".
 */
export function isActiveItem(to: string, pathname: string, hash: string): boolean {
  const [path, itemHash] = to.split("#") as [string, string | undefined];
  if (pathname !== path) return false;
  if (itemHash) return hash === `#${itemHash}`;
  if (path !== "/") return true;
  // Home is current on "/" unless a section that has its own item is.
  return !headerNavigation.some((item) => item.to === `/${hash}` && hash !== "");
}

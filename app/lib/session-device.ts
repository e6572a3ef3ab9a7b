import { parseUserAgent } from "~/lib/user-agent";

/** "Chrome auf Android", "Chrome", "Browser auf Windows" or "Unbekannter Browser": a session as people name their devices. */
export function sessionDevice(userAgent: string | null): string {
  const { browser, system } = parseUserAgent(userAgent);
  if (browser && system) return `${browser} auf ${system}`;
  if (browser) return browser;
  if (system) return `Browser auf ${system}`;
  return "Unbekannter Browser";
}

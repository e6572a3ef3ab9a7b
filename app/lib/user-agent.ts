/**
 * A session's browser and system from its User-Agent header, for the list of
 * sessions under 'Sicherheit': "Chrome auf Android" says more than the raw
 * header. Deliberately small (no device database): the families people
 * recognise, in the order that tells them apart (Edge and Opera also say
 * "Chrome", Chrome also says "Safari").
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrome\/|\bHeadlessChrome\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (patterns: [RegExp, string][], userAgent: string) => patterns.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** { browser: "Chrome", system: "Android" }; either null when the header does not tell. */
export function parseUserAgent(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(browsers, userAgent), system: first(systems, userAgent) };
}

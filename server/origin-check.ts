import { createMiddleware } from "hono/factory";
import type { ServerEnv } from "./env";
import { errorAnswer } from "./errors";
import { requestOrigin, type TrustProxy } from "./forwarded";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const ORIGIN_REFUSED_MESSAGE = "Anfrage abgelehnt: Sie kommt nicht von dieser Website.";

/**
 * The one deliberate exception: a POST to the §57a reminder's unsubscribe link
 * (app/routes/reminder-unsubscribe.tsx). A mail provider sends its RFC 8058
 * one-click POST from its own servers, with no Origin of ours or its own. Forging
 * it is harmless: the unguessable token in the URL is the whole authority, and all
 * it can do is stop reminders – what its holder may ask for anyway. Any other
 * method there, and any other path, keeps the check.
 */
const ONE_CLICK_UNSUBSCRIBE_PATH = /^\/erinnerung\/abmelden\/[A-Za-z0-9_-]{43}$/;

export function isCrossSiteAllowed(method: string, path: string): boolean {
  return method === "POST" && ONE_CLICK_UNSUBSCRIBE_PATH.test(path);
}

/**
 * Cross-site request forgery guard for every state-changing request (pages,
 * resource routes and the JSON API). Same-origin is proven by `Origin`, or,
 * without it, by `Sec-Fetch-Site: same-origin` or a same-origin `Referer`.
 * A request with none of them is refused.
 */
export function isSameOriginRequest(
  headers: { origin?: string; "sec-fetch-site"?: string; referer?: string },
  expectedOrigin: string,
): boolean {
  // A page sent with `Referrer-Policy: no-referrer` (the customer's personal page) makes the browser
  // send `Origin: null` with its own form posts (Fetch standard, "serializing a request origin").
  // "null" proves nothing either way, so the browser's Sec-Fetch-Site decides; a sandboxed or
  // cross-site sender is "cross-site" there and stays refused.
  if (headers.origin && headers.origin !== "null") return headers.origin === expectedOrigin;
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite) return fetchSite === "same-origin";
  if (headers.referer) {
    try {
      return new URL(headers.referer).origin === expectedOrigin;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The expected origin is PUBLIC_URL's, or else the one the request was sent
 * to (requestOrigin: protocol and host, from the trusted proxy's headers under TRUST_PROXY, checked by
 * host-check.ts). Refusals are German (JSON for the API, a page otherwise).
 */
export function originCheck({ publicUrl, trust }: { publicUrl?: string; trust: TrustProxy }) {
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return createMiddleware<ServerEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isCrossSiteAllowed(c.req.method, c.req.path)) return next();
    const { incoming } = c.env;
    const { origin, referer } = incoming.headers;
    const fetchSite = incoming.headers["sec-fetch-site"] as string | undefined;
    const expected = fixedOrigin ?? requestOrigin(incoming, trust);
    if (isSameOriginRequest({ origin, "sec-fetch-site": fetchSite, referer }, expected)) return next();
    return errorAnswer(c, 403, ORIGIN_REFUSED_MESSAGE);
  });
}

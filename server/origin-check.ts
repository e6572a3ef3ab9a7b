import type { RequestHandler } from "express";
import { sendError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const ORIGIN_REFUSED_MESSAGE = "Anfrage abgelehnt: Sie kommt nicht von dieser Website.";

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
  if (headers.origin) return headers.origin === expectedOrigin;
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
 * to (`req.protocol` under TRUST_PROXY and the Host header, checked by
 * host-check.ts). Refusals are German (JSON for the API, a page otherwise).
 */
export function originCheck({ publicUrl }: { publicUrl?: string }): RequestHandler {
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const { origin, referer } = req.headers;
    const fetchSite = req.headers["sec-fetch-site"] as string | undefined;
    const expected = fixedOrigin ?? `${req.protocol}://${req.headers.host}`;
    if (isSameOriginRequest({ origin, "sec-fetch-site": fetchSite, referer }, expected)) return next();
    sendError(req, res, 403, ORIGIN_REFUSED_MESSAGE);
  };
}

import type { RequestHandler } from "express";

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

export function originCheck({ publicUrl }: { publicUrl?: string }): RequestHandler {
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const expected = fixedOrigin ?? `${req.protocol}://${req.get("host")}`;
    const headers = {
      origin: req.get("origin"),
      "sec-fetch-site": req.get("sec-fetch-site"),
      referer: req.get("referer"),
    };
    if (isSameOriginRequest(headers, expected)) return next();
    res.status(403).json({ error: ORIGIN_REFUSED_MESSAGE });
  };
}

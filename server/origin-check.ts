import type { IncomingHttpHeaders } from "node:http";
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

/**
 * The check for one site: whether a request with these headers comes from it.
 * The expected origin is PUBLIC_URL's, or else the one the request was sent
 * to (`protocol` as Express's `req.protocol` under TRUST_PROXY).
 */
export function sameSiteCheck({ publicUrl }: { publicUrl?: string }) {
  const fixedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (headers: IncomingHttpHeaders, protocol: string): boolean =>
    isSameOriginRequest(
      { origin: headers.origin, "sec-fetch-site": headers["sec-fetch-site"] as string | undefined, referer: headers.referer },
      fixedOrigin ?? `${protocol}://${headers.host}`,
    );
}

export function originCheck(options: { publicUrl?: string }): RequestHandler {
  const fromThisSite = sameSiteCheck(options);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || fromThisSite(req.headers, req.protocol)) return next();
    res.status(403).json({ error: ORIGIN_REFUSED_MESSAGE });
  };
}

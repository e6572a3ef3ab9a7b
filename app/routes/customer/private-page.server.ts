import type { MiddlewareFunction } from "react-router";

/**
 * The customer's personal pages carry a secret in their address: no cache may
 * keep them, no link on them may pass the address on as a referrer, no search
 * engine may list them (issue 16). The Referrer-Policy is appended to the site's
 * default (server/security-headers.ts); of a list the last policy counts (W3C
 * Referrer Policy, "parse a referrer policy from a Referrer-Policy header").
 */
export const privatePage: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

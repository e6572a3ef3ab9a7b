import type { MiddlewareFunction } from "react-router";
import { failureContext } from "~/context";
import { RETRY_AFTER_SECONDS } from "./unavailable.server";

/** What a visitor reads when something unexpected failed (HTTP 500); the seed's wording for a failed booking. */
export const UNEXPECTED_FAILURE_MESSAGE = "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.";

/**
 * The error policy of React Router's routes (the JSON API's is server/errors.ts, the same
 * rules). A loader or action that throws is logged once by entry.server's handleError,
 * which also notes what kind of failure it was in `failureContext`; React Router answers
 * it with a 500 (a page rendered by the error boundary, or a plain text for a resource
 * route). This root middleware gives that answer its final form: a database outage is a
 * 503 with Retry-After. Answers without their own caching rule are `no-cache`.
 */
export const pageErrorPolicy: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-cache");
  if (response.status !== 500 || context.get(failureContext)?.kind !== "outage") return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, headers });
};

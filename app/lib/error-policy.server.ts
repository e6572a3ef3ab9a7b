import type { MiddlewareFunction } from "react-router";
import { failureContext, requestContext } from "~/context";
import { jsonError } from "./http.server";
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "./unavailable.server";

/** What a visitor reads when something unexpected failed (HTTP 500); the seed's wording for a failed booking. */
export const UNEXPECTED_FAILURE_MESSAGE = "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.";

/**
 * One error policy for every route. A loader or action that throws is logged
 * once by entry.server's handleError, which also notes what kind of failure
 * it was in `failureContext`; React Router answers it with a 500 (a page
 * rendered by the error boundary, or a plain text for a resource route).
 * These middlewares give that answer its final form: a database outage is a
 * 503 with Retry-After, JSON routes answer in German JSON with the request id.
 */
export const pageErrorPolicy: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-cache");
  if (response.status !== 500 || context.get(failureContext)?.kind !== "outage") return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, headers });
};

/** For the JSON API (app/routes/api/layout.ts): the answer to a failure is German JSON, never the framework's text. */
export const jsonErrorPolicy: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const failure = context.get(failureContext);
  if (!failure || response.status !== 500) return response;
  const { requestId } = context.get(requestContext);
  return failure.kind === "outage"
    ? jsonError(503, SERVICE_UNAVAILABLE_MESSAGE, { requestId }, { "Retry-After": String(RETRY_AFTER_SECONDS) })
    : jsonError(500, UNEXPECTED_FAILURE_MESSAGE, { requestId });
};

import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context, ErrorHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Failure } from "~/context";
import { logger } from "~/lib/logger.server";
import { logFailure } from "~/lib/unavailable.server";
import { secretKeyMessages } from "~/messages";
import type { ServerEnv } from "./env";
import { loggedPath } from "./request-log";

/*
 * The one error policy of the pipeline (decision 027): what the server answers itself (the JSON
 * API, the steps before React Router, React Router's handler failing) in `errorHandler`; the pages'
 * failures, which React Router renders itself, in `pageErrorPolicy`; and the listener's last
 * resort in `lastResortAnswer`. The same rules everywhere: a client's mistake is a German 4xx
 * and no failure; anything else is logged once, a database outage or a busy server (the line of
 * password hashes full) is a German 503 with Retry-After, anything else a German 500.
 */

export const BAD_REQUEST_MESSAGE = "Die Anfrage ist ungültig.";

/** What a visitor reads when something unexpected failed (HTTP 500); the seed's wording for a failed booking. */
export const UNEXPECTED_FAILURE_MESSAGE = "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.";

/** What a visitor reads while the database cannot be reached or the server is busy (HTTP 503). */
export const SERVICE_UNAVAILABLE_MESSAGE = "Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.";

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/** The 4xx status a library's error carries (a decoder's refusal, for one): the client's mistake, not a failure. */
export function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/** Whether the answer to this request is JSON (the API) rather than a page. */
function wantsJson(c: Context<ServerEnv>): boolean {
  return /^\/api\//i.test(c.env.incoming.url ?? "");
}

/**
 * An answer the server gives itself (before React Router, or when a handler
 * fails): German, JSON for the API and a small page otherwise, with the
 * request id. The pages answer their own errors (`pageErrorPolicy` below).
 */
export function errorAnswer(
  c: Context<ServerEnv>,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const requestId = c.get("requestId");
  // An error is never kept, and it is no download even if a handler had begun one.
  c.header("Content-Disposition", undefined);
  const answerHeaders = { ...headers, "Cache-Control": "no-store" };
  if (wantsJson(c)) return c.json({ error: message, requestId }, status, answerHeaders);
  return c.html(
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Fehler – Happy Car</title></head><body><main><h1>${message}</h1><p>Fehlernummer: ${requestId}</p>` +
      `<p><a href="/">Zurück zur Startseite</a></p></main></body></html>`,
    status,
    answerHeaders,
  );
}

/**
 * The one error policy of what the server answers itself (the JSON API, the steps
 * before React Router, React Router's handler failing): a library's refusal of the
 * client's request (a 4xx status) is answered with that status in German and not
 * logged as a failure. Anything else is logged once with the request id; a database
 * outage or a busy server is a German 503 with Retry-After, anything else a German 500 (React Router's
 * pages follow the same policy in `pageErrorPolicy`). An answer already
 * under way on the Node response (a file being sent) cannot be replaced: it is left as it is.
 */
export const errorHandler: ErrorHandler<ServerEnv> = (error, c) => {
  const status = clientErrorStatus(error);
  if (status !== undefined) {
    return c.env.outgoing.headersSent ? RESPONSE_ALREADY_SENT : errorAnswer(c, status as ContentfulStatusCode, BAD_REQUEST_MESSAGE);
  }
  const kind = logFailure(error, { requestId: c.get("requestId"), path: loggedPath(c.env.incoming) });
  if (c.env.outgoing.headersSent) return RESPONSE_ALREADY_SENT;
  if (kind === "unexpected") return errorAnswer(c, 500, UNEXPECTED_FAILURE_MESSAGE);
  if (kind === "key") return errorAnswer(c, 503, secretKeyMessages.unavailable);
  return errorAnswer(c, 503, SERVICE_UNAVAILABLE_MESSAGE, { "Retry-After": String(RETRY_AFTER_SECONDS) });
};

/**
 * The pages' answer in its final form. A loader or action that throws is logged once by
 * entry.server's handleError, which also notes what kind of failure it was (`failure`, from
 * React Router's `failureContext`); React Router answers it with a 500 (a page rendered by the
 * error boundary, or a plain text for a resource route). A database outage or a busy server
 * becomes a 503 with Retry-After. Answers without their own caching rule are `no-cache`.
 */
export function pageErrorPolicy(response: Response, failure: Failure | null): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-cache");
  if (response.status !== 500 || !failure || failure.kind === "unexpected") return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, headers });
}

/**
 * The listener's last resort (server/app.ts), for what Hono's context could not answer: Hono's
 * onError sees only what is thrown as an Error, and the error policy itself may fail. Logged,
 * and answered with a German 500 as plain text, never the adapter's English.
 */
export function lastResortAnswer(error: unknown, path: string): Response {
  logger.error({ err: error, path }, "unhandled error");
  return new Response(UNEXPECTED_FAILURE_MESSAGE, {
    status: 500,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context, ErrorHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ServerEnv } from "~/context";
import { UNEXPECTED_FAILURE_MESSAGE } from "~/lib/error-policy.server";
import { clientErrorStatus } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "~/lib/unavailable.server";
import { loggedPath } from "./request-log";

export const BAD_REQUEST_MESSAGE = "Die Anfrage ist ungültig.";

/** Whether the answer to this request is JSON (the API) rather than a page. */
function wantsJson(c: Context<ServerEnv>): boolean {
  return /^\/api\//i.test(c.env.incoming.url ?? "");
}

/**
 * An answer the server gives itself (before React Router, or when a handler
 * fails): German, JSON for the API and a small page otherwise, with the
 * request id. Routes answer their own errors (app/lib/error-policy.server.ts).
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
 * outage is a German 503 with Retry-After, anything else a German 500 (React Router's
 * pages follow the same policy in app/lib/error-policy.server.ts). An answer already
 * under way on the Node response (a file being sent) cannot be replaced: it is left as it is.
 */
export const errorHandler: ErrorHandler<ServerEnv> = (error, c) => {
  const status = clientErrorStatus(error);
  const outage = status === undefined && isDatabaseUnavailable(error);
  if (status === undefined) {
    logger.error(
      { err: error, requestId: c.get("requestId"), path: loggedPath(c.env.incoming) },
      outage ? "database unavailable" : "unhandled error",
    );
  }
  if (c.env.outgoing.headersSent) return RESPONSE_ALREADY_SENT;
  if (status !== undefined) return errorAnswer(c, status as ContentfulStatusCode, BAD_REQUEST_MESSAGE);
  if (!outage) return errorAnswer(c, 500, UNEXPECTED_FAILURE_MESSAGE);
  return errorAnswer(c, 503, SERVICE_UNAVAILABLE_MESSAGE, { "Retry-After": String(RETRY_AFTER_SECONDS) });
};

import type { ErrorRequestHandler, Request, Response } from "express";
import { UNEXPECTED_FAILURE_MESSAGE } from "~/lib/error-policy.server";
import { clientErrorStatus } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "~/lib/unavailable.server";

export const BAD_REQUEST_MESSAGE = "Die Anfrage ist ungültig.";

/** Whether the answer to this request is JSON (the API) rather than a page. */
function wantsJson(req: Request): boolean {
  return /^\/api\//i.test(req.path);
}

/**
 * An answer Express gives itself (before React Router, or when its handler
 * fails): German, JSON for the API and a small page otherwise, with the
 * request id. Routes answer their own errors (app/lib/error-policy.server.ts).
 */
export function sendError(req: Request, res: Response, status: number, message: string): void {
  const { requestId } = res.locals;
  // An error is never kept, and it is no download even if a handler had begun one.
  res.status(status).set("Cache-Control", "no-store").removeHeader("Content-Disposition");
  if (wantsJson(req)) {
    res.json({ error: message, requestId });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Fehler – Happy Car</title></head><body><main><h1>${message}</h1><p>Fehlernummer: ${requestId}</p>` +
        `<p><a href="/">Zurück zur Startseite</a></p></main></body></html>`,
    );
}

/**
 * The last handler, for what Express answers itself (the JSON API, the steps
 * before React Router, React Router's handler failing): the error is logged
 * once with the request id; a database outage is a German 503 with
 * Retry-After, anything else a German 500 (React Router's pages follow the
 * same policy in app/lib/error-policy.server.ts).
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  // Express's own refusals carry a 4xx status (a path parameter that is no valid percent-encoding):
  // the client's mistake, answered in German, not logged as a failure.
  const status = clientErrorStatus(error);
  if (status !== undefined && !res.headersSent) {
    return sendError(req, res, status, BAD_REQUEST_MESSAGE);
  }
  const outage = isDatabaseUnavailable(error);
  logger.error({ err: error, requestId: res.locals.requestId, path: req.path }, outage ? "database unavailable" : "unhandled error");
  if (res.headersSent) return next(error);
  if (!outage) return sendError(req, res, 500, UNEXPECTED_FAILURE_MESSAGE);
  res.set("Retry-After", String(RETRY_AFTER_SECONDS));
  sendError(req, res, 503, SERVICE_UNAVAILABLE_MESSAGE);
};

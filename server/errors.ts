import type { ErrorRequestHandler, Request, Response } from "express";
import { UNEXPECTED_FAILURE_MESSAGE } from "~/lib/error-policy.server";
import { logger } from "~/lib/logger.server";

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
  const requestId = res.locals.requestId as string;
  res.status(status);
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

/** The last handler: anything unexpected is logged once with the request id and answered with a German 500. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  logger.error({ err: error, requestId: res.locals.requestId, path: req.path }, "unhandled error");
  if (res.headersSent) return next(error);
  sendError(req, res, 500, UNEXPECTED_FAILURE_MESSAGE);
};

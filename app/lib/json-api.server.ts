import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import {
  type ApiError,
  clientErrorStatus,
  jsonObjectBody,
  MAX_BODY_BYTES,
  METHODS_WITHOUT_BODY,
  REQUEST_TOO_LARGE_MESSAGE,
  RequestBodyError,
} from "./http.server";

export const METHOD_NOT_ALLOWED_MESSAGE = "Diese Methode ist hier nicht erlaubt.";
export const UNKNOWN_ENDPOINT_MESSAGE = "Diese Adresse gibt es in der API nicht (docs/api.md).";
const UNREADABLE_BODY_MESSAGE = "Die Anfrage konnte nicht gelesen werden.";

/** A refusal in the API's shape (docs/api.md): `{error, …}` with a German message. */
export function sendJsonError(
  res: Response,
  status: number,
  error: string,
  extra: Omit<ApiError, "error"> = {},
  headers: Record<string, string> = {},
): void {
  res
    .status(status)
    .set(headers)
    .json({ error, ...extra } satisfies ApiError);
}

/** The query string as the URL standard reads it: a repeated parameter counts with its first value. */
export function searchParams(req: Request): URLSearchParams {
  const query = req.originalUrl.indexOf("?");
  return new URLSearchParams(query === -1 ? "" : req.originalUrl.slice(query + 1));
}

/**
 * Every API body is read here, as the pages' root middleware reads theirs (app/lib/http.server.ts):
 * at most MAX_BODY_BYTES, a larger declared Content-Length refused before reading, a chunked body
 * as soon as it grows past the limit, the rest left unread. The bytes, or the German refusal they
 * earned, are kept in `res.locals.body` for the handler that reads them (`jsonBody`); a refused
 * body's answer closes the connection, so its unread rest is never taken for a next request.
 */
export const readApiBody: RequestHandler = async (req, res, next) => {
  if (METHODS_WITHOUT_BODY.has(req.method)) return next();
  try {
    res.locals.body = { bytes: await getRawBody(req, { limit: MAX_BODY_BYTES, length: req.headers["content-length"] }) };
  } catch (error) {
    // raw-body refuses with 413 over the limit, 400 for a body shorter than declared or aborted.
    const status = clientErrorStatus(error);
    if (status === undefined) throw error;
    res.locals.body = { error: new RequestBodyError(status, status === 413 ? REQUEST_TOO_LARGE_MESSAGE : UNREADABLE_BODY_MESSAGE) };
    res.set("Connection", "close");
  }
  next();
};

const NO_BODY = new Uint8Array(0);

/**
 * The request's JSON object, from the bytes `readApiBody` kept. A refused or bad body throws its
 * RequestBodyError (413 too large, 415 not JSON, 400 malformed), which `bodyRefusal` answers.
 */
export function jsonBody(req: Request, res: Response): Record<string, unknown> {
  const body = res.locals.body;
  if (body && "error" in body) throw body.error;
  return jsonObjectBody(req.headers["content-type"], body?.bytes ?? NO_BODY);
}

/** The last handler of a path: any other method gets 405 with the allowed ones in `Allow`. */
export function methodNotAllowed(...allowed: string[]): RequestHandler {
  return (_req, res) => sendJsonError(res, 405, METHOD_NOT_ALLOWED_MESSAGE, {}, { Allow: allowed.join(", ") });
}

/** A body the API refused, in German JSON; anything else goes on to the error policy (server/errors.ts). */
export const bodyRefusal: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (!(error instanceof RequestBodyError)) return next(error);
  sendJsonError(res, error.status, error.message);
};

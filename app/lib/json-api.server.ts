import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import getRawBody from "raw-body";
import type { ServerEnv } from "~/context";
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

/** The context of an API handler: Hono's, with the pipeline's variables (app/context.ts). */
export type ApiContext = Context<ServerEnv>;

/** A refusal in the API's shape (docs/api.md): `{error, …}` with a German message. */
export function jsonError(
  c: ApiContext,
  status: ContentfulStatusCode,
  error: string,
  extra: Omit<ApiError, "error"> = {},
  headers: Record<string, string> = {},
): Response {
  return c.json({ error, ...extra } satisfies ApiError, status, headers);
}

/** The query string as the URL standard reads it: a repeated parameter counts with its first value. */
export function searchParams(c: ApiContext): URLSearchParams {
  const url = c.env.incoming.url ?? "";
  const query = url.indexOf("?");
  return new URLSearchParams(query === -1 ? "" : url.slice(query + 1));
}

/**
 * Every API body is read here, as the pages' root middleware reads theirs (app/lib/http.server.ts):
 * at most MAX_BODY_BYTES, a larger declared Content-Length refused before reading, a chunked body
 * as soon as it grows past the limit, the rest left unread. The bytes, or the German refusal they
 * earned, are kept in the request's `body` for the handler that reads them (`jsonBody`); a refused
 * body's answer closes the connection, so its unread rest is never taken for a next request.
 */
export const readApiBody = createMiddleware<ServerEnv>(async (c, next) => {
  const { incoming } = c.env;
  if (METHODS_WITHOUT_BODY.has(incoming.method ?? "GET")) return next();
  try {
    c.set("body", { bytes: await getRawBody(incoming, { limit: MAX_BODY_BYTES, length: incoming.headers["content-length"] }) });
  } catch (error) {
    // raw-body refuses with 413 over the limit, 400 for a body shorter than declared or aborted.
    const status = clientErrorStatus(error);
    if (status === undefined) throw error;
    c.set("body", { error: new RequestBodyError(status, status === 413 ? REQUEST_TOO_LARGE_MESSAGE : UNREADABLE_BODY_MESSAGE) });
    c.header("Connection", "close");
  }
  await next();
});

const NO_BODY = new Uint8Array(0);

/**
 * The request's JSON object, from the bytes `readApiBody` kept. A refused or bad body throws its
 * RequestBodyError (413 too large, 415 not JSON, 400 malformed), which the error policy answers
 * in German (server/errors.ts).
 */
export function jsonBody(c: ApiContext): Record<string, unknown> {
  const body = c.get("body");
  if (body && "error" in body) throw body.error;
  return jsonObjectBody(c.req.header("content-type"), body?.bytes ?? NO_BODY);
}

/** The last handler of a path: any other method gets 405 with the allowed ones in `Allow`. */
export function methodNotAllowed(...allowed: string[]) {
  return (c: ApiContext) => jsonError(c, 405, METHOD_NOT_ALLOWED_MESSAGE, {}, { Allow: allowed.join(", ") });
}

/** A path parameter of the route the handler is registered on (app/routes/api/router.server.ts). */
export function pathParam(c: ApiContext, name: string): string {
  return c.req.param(name) ?? "";
}

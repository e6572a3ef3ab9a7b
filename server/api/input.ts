import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { RequestBodyError } from "~/lib/http.server";
import type { ServerEnv } from "../env";
import { jsonError } from "./answers";

/*
 * What the API reads of a request. The body itself is read once by the pipeline
 * (server/request-body.ts, 16 KB); here it becomes the JSON object an endpoint expects,
 * which @hono/zod-validator then checks against the endpoint's schema (app/schemas and the
 * schemas beside the services), each refusal in the API's German JSON.
 */

/** Hono's own rule for a JSON body (hono/validator), so that a body we accept is one its validator parses. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** A RequestBodyError (415) unless the body is declared as JSON. */
function requireJsonContentType(contentType: string | null | undefined): void {
  const mediaType = (contentType ?? "").split(";")[0]!.trim();
  if (!/^application\/json\b/i.test(contentType ?? "") || !JSON_MEDIA_TYPE.test(mediaType)) {
    throw new RequestBodyError(415, "Bitte senden Sie die Daten als JSON (Content-Type: application/json).");
  }
}

/**
 * The JSON object a request body holds; anything else is a RequestBodyError with a German
 * message: 415 unless declared as JSON, 400 when malformed or no object.
 */
export function jsonObjectBody(contentType: string | null | undefined, bytes: Uint8Array): Record<string, unknown> {
  requireJsonContentType(contentType);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new RequestBodyError(400, "Die Anfrage enthält kein gültiges JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new RequestBodyError(400, "Die Anfrage muss ein JSON-Objekt sein.");
  }
  return parsed as Record<string, unknown>;
}

const NO_BODY = new Uint8Array(0);

/**
 * The request's JSON object, from the bytes the pipeline read. A refused or bad body throws its
 * RequestBodyError (413 too large, 415 not JSON, 400 malformed), which the API answers in German
 * (server/api/index.ts).
 */
export function jsonBody(c: Context<ServerEnv>): Record<string, unknown> {
  const body = c.get("body");
  if (body && "error" in body) throw body.error;
  return jsonObjectBody(c.req.header("content-type"), body?.bytes ?? NO_BODY);
}

/**
 * The step before an endpoint's JSON validator: a body that was refused, or is no JSON object,
 * is answered (413, 415, 400) before its fields are checked, as for every JSON endpoint.
 */
export const jsonObject = createMiddleware<ServerEnv>(async (c, next) => {
  jsonBody(c);
  await next();
});

/**
 * The hook of @hono/zod-validator for input that fails its schema: the API's German refusal,
 * the same for every wrong field. Valid input goes on to the handler (`c.req.valid(…)`).
 */
export function refuseInvalid(status: ContentfulStatusCode, message: string) {
  return (result: { success: boolean }, c: Context) => (result.success ? undefined : jsonError(c, status, message));
}

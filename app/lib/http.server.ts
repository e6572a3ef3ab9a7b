import { data } from "react-router";

/** Request bodies larger than this are refused before parsing. */
export const MAX_BODY_BYTES = 16 * 1024;

export type ApiError = { error: string; fields?: Record<string, string> };

export function jsonError(status: number, error: string, extra: Omit<ApiError, "error"> = {}, headers?: HeadersInit) {
  return Response.json({ error, ...extra } satisfies ApiError, { status, headers });
}

export class RequestBodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function bodyTooLarge(): RequestBodyError {
  return new RequestBodyError(413, "Die Anfrage ist zu groß.");
}

/**
 * The body's bytes, at most MAX_BODY_BYTES: a larger declared Content-Length
 * is refused at once, a chunked body (no Content-Length) as soon as it grows
 * past the limit, without reading the rest.
 */
async function readLimitedBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A RequestBodyError (415) unless the body is declared as JSON. */
export function requireJsonContentType(contentType: string | null | undefined): void {
  if (!/^application\/json\b/i.test(contentType ?? "")) {
    throw new RequestBodyError(415, "Bitte senden Sie die Daten als JSON (Content-Type: application/json).");
  }
}

/** The JSON object in `bytes`; anything else is a RequestBodyError (400) with a German message. */
export function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
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

/**
 * Reads a JSON object body: only application/json, at most 16 KB, well-formed.
 * Anything else becomes a RequestBodyError with a German message (4xx, never 5xx).
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  requireJsonContentType(request.headers.get("content-type"));
  return parseJsonObject(await readLimitedBytes(request));
}

/** readJsonObject for API actions: a bad body comes back as its German 4xx response. */
export async function readJsonBody(
  request: Request,
): Promise<{ body: Record<string, unknown> } | { errorResponse: Response }> {
  try {
    return { body: await readJsonObject(request) };
  } catch (error) {
    if (error instanceof RequestBodyError) return { errorResponse: jsonError(error.status, error.message) };
    throw error;
  }
}

/** The loader of a POST-only JSON endpoint. */
export function postOnlyLoader(): never {
  methodNotAllowed(["POST"]);
}

/**
 * A JSON POST endpoint: other methods get 405 and a bad body its German 4xx
 * before `handle` sees the parsed object.
 */
export function jsonPostAction<Args extends { request: Request }>(
  handle: (body: Record<string, unknown>, args: Args) => Promise<Response>,
) {
  return async (args: Args): Promise<Response> => {
    if (args.request.method !== "POST") methodNotAllowed(["POST"]);
    const parsed = await readJsonBody(args.request);
    if ("errorResponse" in parsed) return parsed.errorResponse;
    return handle(parsed.body, args);
  };
}

/**
 * Reads an HTML form post (urlencoded or multipart), at most 16 KB: the bytes
 * are read with the limit first, then parsed, so a chunked body cannot get
 * past it.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type");
  try {
    const bytes = await readLimitedBytes(request);
    return await new Response(bytes, contentType ? { headers: { "Content-Type": contentType } } : {}).formData();
  } catch (error) {
    if (error instanceof RequestBodyError) throw error;
    throw new RequestBodyError(400, "Das Formular konnte nicht gelesen werden.");
  }
}

/** An HTML form post as plain fields, or the RequestBodyError (German 4xx) of a bad body. */
export async function readFormFields(
  request: Request,
): Promise<{ fields: Record<string, string> } | { bodyError: RequestBodyError }> {
  try {
    return { fields: formToObject(await readFormData(request)) };
  } catch (error) {
    if (error instanceof RequestBodyError) return { bodyError: error };
    throw error;
  }
}

/** FormData → plain object of strings (files and repeated keys are ignored). */
export function formToObject(form: FormData): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in result)) result[key] = value;
  }
  return result;
}

/** Throws a 405 for API routes that only accept some methods. */
export function methodNotAllowed(allowed: string[]): never {
  throw data({ error: "Diese Methode ist hier nicht erlaubt." } satisfies ApiError, {
    status: 405,
    headers: { Allow: allowed.join(", ") },
  });
}

import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestBodyContext } from "~/context";

/** Request bodies larger than this are refused. */
export const MAX_BODY_BYTES = 16 * 1024;

export type ApiError = {
  error: string;
  fields?: Record<string, string>;
  requestId?: string;
  /** The login needs the account's second factor (docs/api.md). */
  secondFactor?: boolean;
  /** The account must set up its second factor before anything else. */
  enrolmentRequired?: boolean;
};

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

function bodyTooLarge(): RequestBodyError {
  return new RequestBodyError(413, "Die Anfrage ist zu groß.");
}

/**
 * The body's bytes, at most MAX_BODY_BYTES: a larger declared Content-Length
 * is refused at once, a chunked body (no Content-Length) as soon as it grows
 * past the limit. The rest is left unread and the stream is not cancelled:
 * cancelling it would destroy the connection before the answer is sent.
 */
export async function readLimitedBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      reader.releaseLock();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one place a request body is read (root middleware, every route): at most
 * MAX_BODY_BYTES, kept in `requestBodyContext` as bytes or as the German 4xx
 * it earned, which each route answers in its own format (JSON or its form).
 * A body left partly unread must not stay on a kept-alive connection, where it
 * would be taken for the next request: that answer closes the connection.
 */
export const requestBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (METHODS_WITHOUT_BODY.has(request.method)) return next();
  try {
    context.set(requestBodyContext, { bytes: await readLimitedBytes(request) });
    return next();
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    context.set(requestBodyContext, { error });
    const response = await next();
    response.headers.set("Connection", "close");
    return response;
  }
};

function bodyBytes(context: Readonly<RouterContextProvider>): Uint8Array<ArrayBuffer> {
  const body = context.get(requestBodyContext);
  if ("error" in body) throw body.error;
  return body.bytes;
}

/** A RequestBodyError (415) unless the body is declared as JSON. */
function requireJsonContentType(contentType: string | null): void {
  if (!/^application\/json\b/i.test(contentType ?? "")) {
    throw new RequestBodyError(415, "Bitte senden Sie die Daten als JSON (Content-Type: application/json).");
  }
}

/** The JSON object in `bytes`; anything else is a RequestBodyError (400) with a German message. */
function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
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

type BodyArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** A JSON object body, or the German 4xx response of a bad one (not JSON, too large, malformed). */
export function readJsonBody({ request, context }: BodyArgs): { body: Record<string, unknown> } | { errorResponse: Response } {
  try {
    requireJsonContentType(request.headers.get("content-type"));
    return { body: parseJsonObject(bodyBytes(context)) };
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
export function jsonPostAction<Args extends BodyArgs>(handle: (body: Record<string, unknown>, args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    if (args.request.method !== "POST") methodNotAllowed(["POST"]);
    const parsed = readJsonBody(args);
    if ("errorResponse" in parsed) return parsed.errorResponse;
    return handle(parsed.body, args);
  };
}

/**
 * An HTML form post (urlencoded or multipart) as plain fields (files and
 * repeated keys are ignored), or the RequestBodyError (German 4xx) of a bad body.
 */
export async function readFormFields({
  request,
  context,
}: BodyArgs): Promise<{ fields: Record<string, string> } | { bodyError: RequestBodyError }> {
  const body = context.get(requestBodyContext);
  if ("error" in body) return { bodyError: body.error };
  const contentType = request.headers.get("content-type");
  let form: FormData;
  try {
    form = await new Response(body.bytes, contentType ? { headers: { "Content-Type": contentType } } : {}).formData();
  } catch {
    return { bodyError: new RequestBodyError(400, "Das Formular konnte nicht gelesen werden.") };
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return { fields };
}

/** Throws a 405 for API routes that only accept some methods. */
export function methodNotAllowed(allowed: string[]): never {
  throw data({ error: "Diese Methode ist hier nicht erlaubt." } satisfies ApiError, {
    status: 405,
    headers: { Allow: allowed.join(", ") },
  });
}

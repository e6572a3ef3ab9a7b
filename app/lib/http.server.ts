import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { requestBodyContext } from "~/context";

/** Request bodies larger than this are refused. */
export const MAX_BODY_BYTES = 16 * 1024;

export const REQUEST_TOO_LARGE_MESSAGE = "Die Anfrage ist zu groß.";

export type ApiError = {
  error: string;
  fields?: Record<string, string>;
  requestId?: string;
  /** The login needs the account's second factor (docs/api.md). */
  secondFactor?: boolean;
  /** The account must set up its second factor before anything else. */
  enrolmentRequired?: boolean;
};

export class RequestBodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function bodyTooLarge(): RequestBodyError {
  return new RequestBodyError(413, REQUEST_TOO_LARGE_MESSAGE);
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

/** Methods whose body is never read, on the pages and in the API. */
export const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The 4xx status a library's error carries (raw-body's refusals, for one): the client's mistake, not a failure.
 */
export function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Where a page's request body is read (root middleware, every React Router
 * route; the JSON API's router does the same with `readApiBody`): at most
 * MAX_BODY_BYTES, kept in `requestBodyContext` as bytes or as the German 4xx
 * it earned, which each route answers with its form.
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

/** A RequestBodyError (415) unless the body is declared as JSON. */
function requireJsonContentType(contentType: string | null | undefined): void {
  if (!/^application\/json\b/i.test(contentType ?? "")) {
    throw new RequestBodyError(415, "Bitte senden Sie die Daten als JSON (Content-Type: application/json).");
  }
}

/**
 * The JSON object a request body holds (the JSON API, app/lib/json-api.server.ts); anything else
 * is a RequestBodyError with a German message: 415 unless declared as JSON, 400 when malformed.
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

type BodyArgs = { request: Request; context: Readonly<RouterContextProvider> };

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

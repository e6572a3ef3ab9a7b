import { createMiddleware } from "hono/factory";
import { activeSession } from "~/auth/guard.server";
import type { Database } from "~/db/client.server";
import { MAX_BODY_BYTES, MAX_UPLOAD_BYTES, REQUEST_TOO_LARGE_MESSAGE, type RequestBody, RequestBodyError } from "~/lib/http.server";
import type { ServerEnv } from "./env";

/** Methods whose body is never read, on the pages and in the API. */
const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

const UNREADABLE_BODY_MESSAGE = "Die Anfrage konnte nicht gelesen werden.";

function bodyTooLarge(): RequestBodyError {
  return new RequestBodyError(413, REQUEST_TOO_LARGE_MESSAGE);
}

/**
 * The body's bytes, at most MAX_BODY_BYTES: a larger declared Content-Length
 * is refused at once, a chunked body (no Content-Length) as soon as it grows
 * past the limit. The rest is left unread and the stream is not cancelled:
 * cancelling it would destroy the connection before the answer is sent.
 * With a Content-Length the chunks go straight into one buffer of that size,
 * so a body of photos is held once, not as its chunks and their concatenation
 * side by side (issue 30's memory budget).
 */
export async function readLimitedBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw bodyTooLarge();
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const into = Number.isSafeInteger(declared) && declared > 0 ? new Uint8Array(new ArrayBuffer(declared)) : null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > (into ? declared : limit)) {
      reader.releaseLock();
      throw bodyTooLarge();
    }
    if (into) into.set(value, size);
    else chunks.push(value);
    size += value.byteLength;
  }
  return into ? into.subarray(0, size) : Buffer.concat(chunks);
}

/**
 * A request's body as the pages and the API get it: its bytes, or the German 4xx it earned
 * (413 too large; 400 when the client went away or sent less than it declared).
 */
export async function readRequestBody(request: Request, limit = MAX_BODY_BYTES): Promise<RequestBody> {
  if (METHODS_WITHOUT_BODY.has(request.method)) return { bytes: new Uint8Array(new ArrayBuffer(0)) };
  try {
    return { bytes: await readLimitedBytes(request, limit) };
  } catch (error) {
    if (error instanceof RequestBodyError) return { error };
    return { error: new RequestBodyError(400, UNREADABLE_BODY_MESSAGE) };
  }
}

/**
 * Where a finding's photos are uploaded (issue 30): the API's POST …/findings and the appointment's
 * page on the board, whose form posts them as multipart.
 */
const UPLOAD_PATHS = [/^\/api\/v1\/admin\/appointments\/[^/]+\/findings\/?$/, /^\/admin\/termine\/[^/]+\/?$/];

/**
 * How much of a body is read: MAX_BODY_BYTES, or MAX_UPLOAD_BYTES for a POST to an upload path with
 * an admin's full session (checked once more by the guard after), so that nobody else can make the
 * server hold 90 MB.
 */
async function bodyLimit(method: string, path: string, db: Database, cookie: string | undefined): Promise<number> {
  if (method !== "POST" || !UPLOAD_PATHS.some((pattern) => pattern.test(path)) || !cookie) return MAX_BODY_BYTES;
  return (await activeSession(db, cookie)) ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES;
}

/**
 * The bytes read as the new request's body: a stream that hands out the same buffer, because a
 * Uint8Array given to `new Request` is copied at once, whether anything reads it or not (most
 * routes read the bytes from the context), and an upload is up to 90 MB.
 */
function bytesStream(bytes: Uint8Array): ReadableStream<Uint8Array> | null {
  if (bytes.byteLength === 0) return null;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * The one place a request body is read, for the JSON API and the pages alike (server/app.ts):
 * at most MAX_BODY_BYTES, kept in the request's `body` as bytes or as the German 4xx it earned,
 * which the API's handlers (server/api/input.ts) and the pages' routes (`requestBodyContext`,
 * app/lib/http.server.ts) answer in their own form. What follows gets a request that carries the
 * bytes read (none after a refusal). A body left partly unread must not stay on a kept-alive
 * connection, where it would be taken for the next request: that answer closes the connection.
 */
export const requestBody = createMiddleware<ServerEnv>(async (c, next) => {
  if (METHODS_WITHOUT_BODY.has(c.req.method)) return next();
  const read = c.req.raw;
  const body = await readRequestBody(read, await bodyLimit(c.req.method, c.req.path, c.get("db"), c.req.header("cookie")));
  c.set("body", body);
  c.req.raw = new Request(read.url, {
    method: read.method,
    headers: read.headers,
    signal: read.signal,
    body: "bytes" in body ? bytesStream(body.bytes) : null,
    duplex: "half",
  } as RequestInit);
  await next();
  if ("error" in body) c.header("Connection", "close");
});

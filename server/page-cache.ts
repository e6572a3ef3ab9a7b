import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { preferredEncoding } from "./encoding";
import { hashedContentSecurityPolicy } from "./security-headers";

/**
 * The public content pages are the same for every visitor without a cookie,
 * yet rendering one costs far more than sending it. This keeps each rendered
 * page for a few seconds. A cached copy cannot carry a fresh nonce, so it goes
 * out with a CSP that allows exactly its own inline scripts by SHA-256 hash.
 * Only the listed paths, only GET without query string or cookie (flash
 * messages and sessions travel in cookies), only a 200 HTML answer without
 * Set-Cookie is kept. Copies are served before Express runs (create-app.ts).
 */
export const CACHEABLE_PAGES = new Set(["/", "/ueber-uns", "/kontakt", "/impressum", "/datenschutz", "/agb"]);

/** How long an expired copy may still be sent while one request renders its successor. */
const MAX_STALE_MS = 60_000;
/** A re-render that has not produced a copy by then (error, crash) is tried again by the next request. */
const REFRESH_TIMEOUT_MS = 10_000;
const MAX_ENTRIES = 100;

type Entry = {
  body: Buffer;
  /** Compressed once per entry, not once per response. */
  compressed: { br?: Buffer; gzip?: Buffer };
  csp: string;
  headers: Record<string, string | string[] | number>;
  expires: number;
  refreshingSince?: number;
};

function compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
    : zlib.gzipSync(body, { level: 6 });
}

/** Headers that belong to one response (or to the compression of it), not to the page. */
const PER_RESPONSE = new Set([
  "content-security-policy",
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "set-cookie",
  "cache-control",
]);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

export function inlineScripts(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].filter(([, attributes]) => !/\ssrc\s*=/i.test(attributes ?? "")).map(([, , body]) => body ?? "");
}

/**
 * The cache key of a request for a cacheable page, or undefined. The key holds
 * everything the rendered page depends on: protocol (canonical URL, HSTS),
 * Host header (canonical URL without PUBLIC_URL) and path.
 */
export function pageCacheKey(req: IncomingMessage, protocol: string): string | undefined {
  const url = req.url ?? "";
  if (req.method !== "GET" || !CACHEABLE_PAGES.has(url) || req.headers.cookie || req.headers.authorization) return undefined;
  return `${protocol}://${req.headers.host ?? ""}${url}`;
}

export type PageCache = {
  /** Express middleware (after compression, so it sees the page uncompressed): keeps what it renders. */
  capture: RequestHandler;
  /**
   * Sends the cached copy for this key, if there is one to send; false means
   * the request must render. When a copy has expired, exactly one request
   * renders its successor while the others still get the copy.
   */
  serve(key: string, req: IncomingMessage, res: ServerResponse, begin: () => void): boolean;
};

export function pageCache({ ttlMs = 5_000, dev = false, now = () => Date.now() } = {}): PageCache {
  const entries = new Map<string, Entry>();

  function serve(key: string, req: IncomingMessage, res: ServerResponse, begin: () => void): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    const time = now();
    if (time >= entry.expires) {
      if (time >= entry.expires + MAX_STALE_MS) return false;
      if (entry.refreshingSince === undefined || time - entry.refreshingSince >= REFRESH_TIMEOUT_MS) {
        entry.refreshingSince = time;
        return false;
      }
    }
    begin();
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (encoding === "identity") {
      res.end(entry.body);
    } else {
      res.setHeader("Content-Encoding", encoding);
      res.end((entry.compressed[encoding] ??= compress(entry.body, encoding)));
    }
    return true;
  }

  const capture: RequestHandler = (req, res, next) => {
    const key = pageCacheKey(req, req.protocol);
    if (!key) return next();
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      const storable =
        res.statusCode === 200 &&
        String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
        !res.hasHeader("Set-Cookie");
      if (storable) {
        if (entries.size >= MAX_ENTRIES && !entries.has(key)) entries.clear();
        const body = Buffer.concat(chunks);
        const headers = Object.fromEntries(
          Object.entries(res.getHeaders()).filter(
            (entry): entry is [string, string | string[] | number] => entry[1] !== undefined && !PER_RESPONSE.has(entry[0]),
          ),
        );
        entries.set(key, {
          body,
          compressed: {},
          headers,
          csp: hashedContentSecurityPolicy(inlineScripts(body.toString("utf8")), { dev }),
          expires: now() + ttlMs,
        });
      }
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];
    next();
  };

  return { capture, serve };
}

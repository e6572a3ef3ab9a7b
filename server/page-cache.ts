import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { hashedContentSecurityPolicy } from "./security-headers";

/**
 * The public content pages are the same for every visitor without a cookie,
 * yet rendering one costs far more than sending it. This keeps each rendered
 * page for a few seconds. A cached copy cannot carry a fresh nonce, so it goes
 * out with a CSP that allows exactly its own inline scripts by SHA-256 hash.
 * Only the listed paths, only GET without query string or cookie (flash
 * messages and sessions travel in cookies), only a 200 HTML answer without
 * Set-Cookie is kept.
 */
export const CACHEABLE_PAGES = new Set(["/", "/ueber-uns", "/kontakt", "/impressum", "/datenschutz", "/agb"]);

type Entry = {
  body: Buffer;
  /** Compressed once per entry, not once per response. */
  compressed: { br?: Buffer; gzip?: Buffer };
  csp: string;
  headers: Record<string, string | string[] | number>;
  expires: number;
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

function cacheable(req: Request): boolean {
  return (
    req.method === "GET" &&
    CACHEABLE_PAGES.has(req.path) &&
    !req.originalUrl.includes("?") &&
    !req.headers.cookie &&
    !req.headers.authorization
  );
}

export function pageCache({ ttlMs = 5_000, dev = false, now = () => Date.now() } = {}): RequestHandler {
  const entries = new Map<string, Entry>();
  return (req, res, next) => {
    if (!cacheable(req)) return next();
    // The host is part of the page (canonical links when PUBLIC_URL is unset); the
    // list of paths bounds the number of entries per host, the size check the hosts.
    const key = `${req.protocol}://${req.get("host")}${req.path}`;
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("Content-Security-Policy", hit.csp);
      res.setHeader("Vary", "Accept-Encoding");
      const encoding = req.acceptsEncodings("br", "gzip", "identity");
      if (encoding === "br" || encoding === "gzip") {
        // The compression middleware leaves a response that already has a Content-Encoding alone.
        res.setHeader("Content-Encoding", encoding);
        res.end((hit.compressed[encoding] ??= compress(hit.body, encoding)));
      } else {
        res.end(hit.body);
      }
      return;
    }
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
        if (entries.size >= 100) entries.clear();
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
}

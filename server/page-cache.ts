import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Database } from "~/db/client.server";
import type { WorkshopFacts } from "~/domain/workshop";
import { publicPages } from "~/lib/seo";
import { workshopFactsVersioned } from "~/services/workshop-facts.server";
import type { ServerEnv } from "./env";
import { PRERENDERED_PAGE_CACHE_CONTROL } from "./static-files";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The public content pages: the same for every visitor, kept rendered per version of the facts. */
export const CACHED_PAGES: ReadonlySet<string> = new Set(Object.values(publicPages).map((page) => page.path));

/** One rendered page: the facts it was rendered with (their identity is the version), its bytes in each encoding. */
type Entry = { facts: WorkshopFacts; etag: string; type: string; identity: Buffer; gzip: Buffer; br: Buffer };

/** The encoding to send: brotli, gzip or none, by the request's Accept-Encoding (q=0 refuses). */
function encodingOf(accept: string | undefined): "br" | "gzip" | undefined {
  const offered = new Map(
    (accept ?? "").split(",").map((part) => {
      const [name = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const accepts = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return undefined;
}

function answer(c: Context<ServerEnv>, entry: Entry): Response {
  const headers: Record<string, string> = {
    "Content-Type": entry.type,
    "Cache-Control": PRERENDERED_PAGE_CACHE_CONTROL,
    ETag: entry.etag,
    Vary: "Accept-Encoding",
  };
  const match = c.req.header("If-None-Match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = encodingOf(c.req.header("Accept-Encoding"));
  const body = encoding ? entry[encoding] : entry.identity;
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
}

/**
 * The public content pages (/, /ueber-uns, /kontakt, /impressum, /datenschutz, /agb), rendered at
 * request time from the workshop's facts and kept in this process's memory with their gzip and
 * brotli bytes and an ETag, until the facts' version moves (decision 048). Asking for the version
 * is the cached facts service's: at most one primary-key read every 2 s, none in between, so a
 * change on 'Einstellungen' shows on every instance sharing the PostgreSQL within about 2 s and a
 * page costs what a static file costs otherwise. `render` answers the page as React Router does,
 * without a CSP nonce (the page is the same for everyone; its inline scripts are allowed by their
 * hashes, as the prerendered pages' were). When the database cannot be asked, the page last
 * rendered is served; a page that failed to render is answered as it is and not kept.
 */
export function publicPageCache({ db, render }: { db: Database; render: (c: Context<ServerEnv>, request: Request) => Promise<Response> }) {
  const entries = new Map<string, Entry>();
  // Concurrent first requests after a change share one render per page.
  const pending = new Map<string, Promise<Entry | Response>>();

  async function renderEntry(c: Context<ServerEnv>, path: string, facts: WorkshopFacts): Promise<Entry | Response> {
    // Rendered as a GET also for a HEAD (whose render has no body), so that either fills the cache.
    const response = await render(c, new Request(c.req.raw.url, { method: "GET", headers: c.req.raw.headers }));
    if (response.status !== 200 || response.headers.get("Content-Encoding")) return response;
    const identity = Buffer.from(await response.arrayBuffer());
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    const entry: Entry = {
      facts,
      etag: `"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 32)}"`,
      type: response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
      identity,
      gzip: gzipped,
      br: brotlied,
    };
    entries.set(path, entry);
    return entry;
  }

  return createMiddleware<ServerEnv>(async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    if ((method !== "GET" && method !== "HEAD") || !CACHED_PAGES.has(path)) return next();
    const kept = entries.get(path);
    let facts: WorkshopFacts;
    try {
      ({ facts } = await workshopFactsVersioned(db));
    } catch {
      // The database cannot be asked: the page as last rendered; none yet, the pages' own outage answer.
      return kept ? answer(c, kept) : next();
    }
    if (kept?.facts === facts) return answer(c, kept);
    let rendering = pending.get(path);
    if (!rendering) {
      rendering = renderEntry(c, path, facts).finally(() => pending.delete(path));
      pending.set(path, rendering);
      const result = await rendering;
      return result instanceof Response ? result : answer(c, result);
    }
    // Another request is rendering it: its page, or when that failed, this request's own.
    const result = await rendering;
    return result instanceof Response ? render(c, c.req.raw) : answer(c, result);
  });
}

import path from "node:path";
import { createMiddleware } from "hono/factory";
import sirv from "sirv";
import { logger } from "~/lib/logger.server";
import type { ServerEnv } from "./env";
import { fromNodeMiddleware } from "./node-middleware";
import { loggedPath } from "./request-log";

/**
 * Cache rules of the public content pages (server/page-cache.ts): a browser asks again every time
 * (ETag, 304); a shared cache such as the reverse proxy of docs/deployment.md keeps a copy for 2 s
 * and may answer with it while it fetches the next one, so that a change of the workshop's facts
 * reaches visitors behind it within seconds too (decisions 014 and 048).
 */
export const PRERENDERED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=2, stale-while-revalidate=60";

/** Hashed file names never change content. */
const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

function cacheControl(pathname: string): string {
  if (pathname.startsWith("/assets/")) return ASSET_CACHE_CONTROL;
  if (path.extname(pathname) === "" || pathname.endsWith(".html")) return PRERENDERED_PAGE_CACHE_CONTROL;
  return "public, max-age=3600";
}

/**
 * The build's client folder: hashed assets and the public files, each sent as its precompressed copy (.br, .gz,
 * written by scripts/precompress.ts) when the browser accepts it. Only GET
 * and HEAD; a path that is not there goes on to React Router. sirv writes
 * to the Node response itself (server/node-middleware.ts).
 */
export function staticFiles(clientDir: string) {
  const serve = sirv(clientDir, { dev: false, etag: true, brotli: true, gzip: true });
  const files = fromNodeMiddleware((request, response, next) => {
    // sirv pipes a read stream into the response without listening for its errors: a file that went
    // after the start (a deploy) or cannot be read would end the whole process. It ends this answer.
    const guard = (source: NodeJS.ReadableStream) => {
      source.once("error", (error) => {
        logger.warn({ err: error, path: loggedPath(request) }, `Statische Datei ${loggedPath(request)} nicht lesbar`);
        response.destroy();
      });
    };
    response.once("pipe", guard);
    serve(request, response, () => {
      // No file: the rest of the pipeline answers, its streams are none of this guard's business.
      response.off("pipe", guard);
      response.removeHeader("Cache-Control");
      next();
    });
  });
  return createMiddleware<ServerEnv>(async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    // Set first, so that a 304 carries it too (RFC 9110, 15.4.5); gone again when no file answers.
    c.env.outgoing.setHeader("Cache-Control", cacheControl(c.req.path));
    return files(c, next);
  });
}

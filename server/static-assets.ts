import crypto from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { preferredEncoding } from "./encoding";

const CONTENT_TYPES: Record<string, { type: string; compressible: boolean }> = {
  ".js": { type: "text/javascript; charset=utf-8", compressible: true },
  ".css": { type: "text/css; charset=utf-8", compressible: true },
  ".svg": { type: "image/svg+xml", compressible: true },
  ".json": { type: "application/json; charset=utf-8", compressible: true },
  ".map": { type: "application/json; charset=utf-8", compressible: true },
  ".woff2": { type: "font/woff2", compressible: false },
  ".woff": { type: "font/woff", compressible: false },
  ".png": { type: "image/png", compressible: false },
  ".webp": { type: "image/webp", compressible: false },
  ".jpg": { type: "image/jpeg", compressible: false },
};

/** The compression middleware leaves bodies below 1 KB alone; so do we. */
const COMPRESSION_THRESHOLD = 1024;
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

type Asset = {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  headers: [string, string][];
  etag: string;
  compressible: boolean;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The build's hashed files (`/assets/…`), held in memory and compressed once
 * in the background at maximum quality: their names change with their
 * content, so nothing here ever goes stale. Files of other types, range
 * requests and anything not found are left to express.static.
 */
export function immutableAssets(assetsDir: string) {
  const assets = new Map<string, Asset>();
  const files = fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir, { recursive: true, encoding: "utf8" }) : [];
  for (const file of files) {
    const kind = CONTENT_TYPES[path.extname(file)];
    const fullPath = path.join(assetsDir, file);
    if (!kind || !fs.statSync(fullPath).isFile()) continue;
    const body = fs.readFileSync(fullPath);
    // Weak: the same tag stands for the plain and the compressed bytes.
    const etag = `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    const compressible = kind.compressible && body.length >= COMPRESSION_THRESHOLD;
    const headers: [string, string][] = [
      ["Content-Type", kind.type],
      ["Cache-Control", IMMUTABLE_CACHE_CONTROL],
      ["ETag", etag],
    ];
    if (compressible) headers.push(["Vary", "Accept-Encoding"]);
    assets.set(`/assets/${file.split(path.sep).join("/")}`, { body, headers, etag, compressible });
  }

  // Until a file's compressed copies exist (or if making them failed), the slow path's
  // compression middleware serves it.
  const compressed = (async () => {
    for (const asset of assets.values()) {
      if (!asset.compressible) continue;
      try {
        asset.br = await brotli(asset.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
        asset.gzip = await gzip(asset.body, { level: 9 });
      } catch {
        asset.br = asset.gzip = undefined;
      }
    }
  })();

  return {
    /** Resolves once every compressible file has its brotli and gzip copy (tests, benchmarks). */
    compressed,
    /** Sends the asset (after `begin`); false when this request is not one for the fast path. */
    serve(req: IncomingMessage, res: ServerResponse, begin: () => void): boolean {
      if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return false;
      const asset = assets.get(req.url ?? "");
      if (!asset) return false;
      const encoding = asset.compressible ? preferredEncoding(req.headers["accept-encoding"]) : "identity";
      const body = encoding === "identity" ? asset.body : asset[encoding];
      if (!body) return false;
      begin();
      for (const [name, value] of asset.headers) res.setHeader(name, value);
      if (ifNoneMatch(req.headers["if-none-match"], asset.etag)) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag.slice(2);
  });
}

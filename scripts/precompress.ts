/**
 * Part of `npm run build`: writes a brotli (.br) and a gzip (.gz) copy next
 * to every text file of the client build (assets and public files),
 * so that the server sends them without compressing per request
 * (server/static-files.ts).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".ico"]);
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024;

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
let written = 0;
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  written += 1;
}
console.log(`precompressed ${written} files in ${path.relative(process.cwd(), clientDir)}`);

/**
 * Size budget of the public pages: starts the production build, reads each
 * page's HTML and sums the gzip sizes of the JavaScript and CSS it loads
 * (module scripts, modulepreloads, stylesheets) – what a first visit downloads.
 *
 *   npm run build && npm run bench:size      (BUILD_DIR selects another build)
 *
 * Exits with 1 when the home page is over budget.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startServer } from "../tests/support/server-process";

const BUDGET = { js: 100 * 1024, css: 20 * 1024 };
const PAGES = ["/", "/ueber-uns", "/kontakt", "/impressum", "/datenschutz", "/agb"];

const buildDir = process.env.BUILD_DIR ?? "build";
const clientDir = path.resolve(buildDir, "client");
if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}/ – run "npm run build" first.`);
  process.exit(2);
}

/** Same compression as the server (compression middleware: zlib default level). */
const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What the browser fetches: modulepreloads, stylesheets, script sources and the
 * imports of inline module scripts. (The HTML also carries manifest JSON that
 * names other routes' files; those are not loaded and must not be counted.)
 */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="(\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="(modulepreload|stylesheet)"/.test(tag)) found.add(href);
  }
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="(\/assets\/[^"]+)"/.exec(attributes!)?.[1];
    if (src) found.add(src);
    if (!/type="module"/.test(attributes!)) continue;
    for (const [, specifier] of body!.matchAll(/(?:from|import)\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) found.add(specifier!);
  }
  return [...found];
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "happy-car-size-"));
  const server = await startServer({ BUILD_DIR: buildDir, DATA_DIR: dataDir, LOG_LEVEL: "warn", EMAIL_WORKER: "false" });
  let overBudget = false;
  try {
    for (const page of PAGES) {
      const response = await fetch(`${server.origin}${page}`);
      const html = await response.text();
      const sizes = { js: 0, css: 0 };
      const files: Array<[string, number]> = [];
      for (const asset of assetsOf(html)) {
        const size = gzipSize(fs.readFileSync(path.join(clientDir, asset)));
        sizes[asset.endsWith(".css") ? "css" : "js"] += size;
        files.push([asset, size]);
      }
      const line = `${page.padEnd(13)} JS ${kb(sizes.js).padStart(9)} gzip   CSS ${kb(sizes.css).padStart(8)} gzip   HTML ${kb(gzipSize(Buffer.from(html))).padStart(8)} gzip`;
      if (page !== "/") {
        console.log(line);
        continue;
      }
      console.log(`Home page (${buildDir}/), gzip sizes of the files "/" loads:`);
      for (const [file, size] of files.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${file}`);
      const jsOk = sizes.js <= BUDGET.js;
      const cssOk = sizes.css <= BUDGET.css;
      overBudget = !jsOk || !cssOk;
      console.log(`  JavaScript ${kb(sizes.js)} (target ≤ ${kb(BUDGET.js)}) ${jsOk ? "OK" : "OVER BUDGET"}`);
      console.log(`  CSS        ${kb(sizes.css)} (target ≤ ${kb(BUDGET.css)}) ${cssOk ? "OK" : "OVER BUDGET"}`);
      console.log("\nAll public pages:");
      console.log(line);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = overBudget ? 1 : 0;
}

await main();

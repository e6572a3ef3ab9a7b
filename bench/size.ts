/**
 * Size budget of the public pages, measured in Chromium: opens each page of
 * the production build at a phone's size, waits until the network is quiet
 * and sums the gzip sizes of the JavaScript and CSS it fetched – what a first
 * visit downloads (the stylesheet is inline in the HTML, docs/decisions/009:
 * its size is in the HTML column, and shown as "inline CSS"). Then reports what the form
 * islands add (React, the day picker, the schemas): on the home page when the
 * visitor scrolls to the booking form, on /kontakt when they focus its form.
 *
 *   npm run build && npm run bench:size      (BUILD_DIR selects another build)
 *
 * Exits with 1 when the first load of any public page is over budget.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { startServer } from "../tests/support/server-process";

/** First load of every public page (issue 12): no React, only the site script; CSS linked or inline. */
const BUDGET = { js: 10 * 1024, css: 20 * 1024 };
const PAGES = ["/", "/ueber-uns", "/kontakt", "/impressum", "/datenschutz", "/agb"];

const buildDir = process.env.BUILD_DIR ?? "build";
const clientDir = path.resolve(buildDir, "client");
if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}/ – run "npm run build" first.`);
  process.exit(2);
}
const chromiumPath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

/** Same compression as the server (compression middleware: zlib default level). */
const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Sizes = { js: number; css: number; files: Array<[string, number]> };

/** Records the gzip size of every script and stylesheet of the build that the page fetches. */
function recordAssets(page: Page): () => Sizes {
  const seen = new Set<string>();
  const sizes: Sizes = { js: 0, css: 0, files: [] };
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (seen.has(pathname) || !/\.(js|css)$/.test(pathname)) return;
    seen.add(pathname);
    const size = gzipSize(fs.readFileSync(path.join(clientDir, pathname)));
    sizes[pathname.endsWith(".css") ? "css" : "js"] += size;
    sizes.files.push([pathname, size]);
  });
  return () => {
    const taken = { ...sizes, files: [...sizes.files] };
    Object.assign(sizes, { js: 0, css: 0, files: [] });
    return taken;
  };
}

function printFiles(files: Array<[string, number]>) {
  for (const [file, size] of files.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${file}`);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "happy-car-size-"));
  const server = await startServer({ BUILD_DIR: buildDir, DATA_DIR: dataDir, LOG_LEVEL: "warn", EMAIL_WORKER: "false" });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  let overBudget = false;
  try {
    const lines: string[] = [];
    for (const pagePath of PAGES) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const taken = recordAssets(page);
      const response = await page.goto(`${server.origin}${pagePath}`, { waitUntil: "networkidle" });
      const html = Buffer.from((await response?.text()) ?? "");
      const sizes = taken();
      const inlineCss = gzipSize(Buffer.from((await page.locator("head style").allTextContents()).join("")));
      const css = sizes.css + inlineCss;
      const ok = sizes.js <= BUDGET.js && css <= BUDGET.css;
      if (!ok) overBudget = true;
      lines.push(
        `${pagePath.padEnd(13)} JS ${kb(sizes.js).padStart(9)}   CSS ${kb(sizes.css).padStart(8)} + inline ${kb(inlineCss).padStart(8)}   HTML ${kb(gzipSize(html)).padStart(8)}   ${ok ? "OK" : "OVER BUDGET"}`,
      );
      if (pagePath === "/") {
        console.log(`Home page (${buildDir}/), gzip sizes of the files a first visit to "/" loads:`);
        printFiles(sizes.files);
        console.log(`  inline CSS ${kb(inlineCss)} (part of the HTML, ${kb(gzipSize(html))})`);

        await page.locator("#booking").scrollIntoViewIfNeeded();
        await page.locator("#booking .rdp-root").waitFor();
        await page.waitForLoadState("networkidle");
        const islands = taken();
        console.log(`\nLoaded when the visitor reaches the booking form (React islands, day picker):`);
        printFiles(islands.files);
        console.log(`  JavaScript +${kb(islands.js)}, CSS +${kb(islands.css)}`);
      }
      if (pagePath === "/kontakt") {
        // The form is in the first screen: its island waits for the visitor's first touch.
        await page.getByLabel("Vorname").focus();
        await page.locator("form[novalidate]").waitFor();
        await page.waitForLoadState("networkidle");
        const islands = taken();
        console.log(`\nLoaded when the visitor focuses the form on /kontakt (React islands, toasts; the schema):`);
        printFiles(islands.files);
        console.log(`  JavaScript +${kb(islands.js)}, CSS +${kb(islands.css)}`);
      }
      await page.close();
    }
    console.log(`\nAll public pages, first load at a phone's size, gzip (budget: JS ≤ ${kb(BUDGET.js)}, CSS ≤ ${kb(BUDGET.css)}):`);
    for (const line of lines) console.log(line);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = overBudget ? 1 : 0;
}

await main();

import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * sonner injects its stylesheet as a <style> element when it is imported; the
 * strict CSP (style-src 'self') blocks that and logs a violation on every page.
 * We drop the injection and ship the same CSS in our bundle (root.tsx imports
 * sonner/dist/styles.css).
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: "sonner-without-inline-style",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace(/^__insertCSS\(/m, "void (");
      if (patched === code) this.error("sonner changed: its CSS injection was not found");
      return { code: patched, map: null };
    },
  };
}

/** The script of the public pages: plain DOM behaviour plus the lazily loaded form islands. */
const SITE_SCRIPT_ENTRY = "app/browser/site.ts";
const SITE_SCRIPT_MODULE = "virtual:site-script";
/** Development only: installs React Router's React Refresh runtime (its <Scripts> would) before the site script. */
const SITE_SCRIPT_DEV_ENTRY = "virtual:site-script-dev";

/**
 * Public pages do not load React Router's client (docs/decisions/009): they
 * load one small module instead. The client build emits it as an entry chunk
 * with a hashed name; the server build reads that name from the client's Vite
 * manifest (which React Router keeps until the server build is done) and
 * exposes it as `virtual:site-script`. In development Vite serves the source
 * behind a small entry that first installs the React Refresh runtime, which
 * the islands' modules expect.
 */
function siteScript(): Plugin {
  const resolvedId = `\0${SITE_SCRIPT_MODULE}`;
  let command: "build" | "serve" = "serve";
  let root = process.cwd();
  return {
    name: "site-script",
    configResolved(config) {
      command = config.command;
      root = config.root;
    },
    buildStart() {
      if (command === "build" && this.environment.config.consumer === "client") {
        this.emitFile({ type: "chunk", id: path.resolve(root, SITE_SCRIPT_ENTRY), name: "public" });
      }
    },
    resolveId(id) {
      if (id === SITE_SCRIPT_MODULE) return resolvedId;
      return id === SITE_SCRIPT_DEV_ENTRY ? `\0${SITE_SCRIPT_DEV_ENTRY}` : null;
    },
    load(id) {
      if (id === `\0${SITE_SCRIPT_DEV_ENTRY}`) {
        return `import "virtual:react-router/inject-hmr-runtime";\nimport "/${SITE_SCRIPT_ENTRY}";`;
      }
      if (id !== resolvedId) return null;
      if (this.environment.config.consumer === "client") {
        this.error(`${SITE_SCRIPT_MODULE} is for the server only`);
      }
      if (command === "serve") return `export default ${JSON.stringify(`/@id/__x00__${SITE_SCRIPT_DEV_ENTRY}`)};`;
      // React Router builds into <buildDirectory>/client and <buildDirectory>/server.
      const clientDir = path.resolve(this.environment.config.build.outDir, "../client");
      const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
      const chunk = manifest[SITE_SCRIPT_ENTRY];
      if (!chunk) this.error(`${SITE_SCRIPT_ENTRY} is missing from the client build`);
      return `export default ${JSON.stringify(`/${chunk.file}`)};`;
    },
  };
}

/** The stylesheet of the public pages, inlined into their HTML (see siteStyles). */
const SITE_STYLES_MODULE = "virtual:site-styles";
/** Only the classes the public pages use (docs/decisions/021); the admin app links app.css. */
const SITE_STYLES_ENTRY = "app/site.css";

/**
 * The public pages carry their stylesheet inline (docs/decisions/015 and 021):
 * no render-blocking request on a first visit, and only the public pages'
 * classes, so a page's HTML stays within the first round trips of a slow link.
 * The client build emits `app/site.css` (Tailwind with the public folders as
 * its only sources) as an extra entry; `virtual:site-styles` is, in the server
 * build, the text of that built file, which the root route writes inline and
 * the server hashes for the CSP at start (server/index.ts,
 * server/inline-sources.ts). In the client build and in development it is
 * empty, and the pages link the root route's stylesheet (app.css) as before.
 */
function siteStyles(): Plugin {
  const resolvedId = `\0${SITE_STYLES_MODULE}`;
  let command: "build" | "serve" = "serve";
  let root = process.cwd();
  return {
    name: "site-styles",
    configResolved(config) {
      command = config.command;
      root = config.root;
    },
    buildStart() {
      if (command === "build" && this.environment.config.consumer === "client") {
        this.emitFile({ type: "chunk", id: path.resolve(root, SITE_STYLES_ENTRY), name: "site" });
      }
    },
    resolveId: (id) => (id === SITE_STYLES_MODULE ? resolvedId : null),
    load(id) {
      if (id !== resolvedId) return null;
      if (command === "serve" || this.environment.config.consumer === "client") return "export default [];";
      const clientDir = path.resolve(this.environment.config.build.outDir, "../client");
      const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
      const chunk = manifest[SITE_STYLES_ENTRY];
      if (!chunk?.file.endsWith(".css")) this.error(`${SITE_STYLES_ENTRY} is missing from the client build`);
      return `export default ${JSON.stringify([fs.readFileSync(path.join(clientDir, chunk.file), "utf8")])};`;
    },
  };
}

export default defineConfig({
  environments: {
    // The server bundle is the whole server (the Hono pipeline and React Router's build), run with plain node.
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
  },
  plugins: [sonnerWithoutInlineStyle(), siteScript(), siteStyles(), tailwindcss(), reactRouter()],
  optimizeDeps: {
    // Pre-bundled dependencies skip plugins; sonner must go through the one above.
    exclude: ["sonner"],
    // Found up front, the dev server never re-bundles (and reloads the page) when a lazy chunk needs one.
    entries: ["app/root.tsx", "app/routes/**/*.{ts,tsx}", SITE_SCRIPT_ENTRY],
  },
  resolve: { tsconfigPaths: true },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
});

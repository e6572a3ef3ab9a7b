/**
 * The server bundle's entry (vite.config.ts): `npm run build` compiles it into
 * build/server/index.js, which server.js runs with plain node. React Router's
 * build is imported dynamically, so it stays a chunk of its own, which React
 * Router's prerendering loads at build time.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import siteScriptUrl from "virtual:site-script";
import siteStyles from "virtual:site-styles";
import { siteScriptLoader } from "~/lib/site-script-loader";
import { clientDirOf, type InlineTexts } from "./app";
import { start as startServer, type StartOptions } from "./start";

/**
 * The texts the public pages carry inline, as app/routes/site/layout.tsx and app/root.tsx write
 * them: the CSP allows them by their hashes. The stylesheet only in a production build.
 */
const inline: InlineTexts = { scripts: [siteScriptLoader(siteScriptUrl)], styles: siteStyles };

/** Production: serves the bundled React Router build and the client folder beside this bundle. */
export async function startProduction({ migrationsFolder }: { migrationsFolder: string }): Promise<void> {
  const build = await import("virtual:react-router/server-build");
  const clientDir = clientDirOf(path.dirname(fileURLToPath(import.meta.url)));
  return startServer({ build, clientDir, inline, migrationsFolder });
}

/** Development (server.js --dev): Vite's build getter and middleware. */
export function start(options: Omit<Extract<StartOptions, { devMiddleware: unknown }>, "inline">): Promise<void> {
  return startServer({ ...options, inline });
}

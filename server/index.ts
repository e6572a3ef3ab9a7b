/**
 * The server bundle's entry (vite.config.ts): `npm run build` compiles it into
 * build/server/index.js, which server.js runs with plain node. React Router's
 * build is imported dynamically, so it stays a chunk of its own, which React
 * Router's prerendering loads at build time.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clientDirOf } from "./app";
import { start } from "./start";

/** Production: serves the bundled React Router build and the client folder beside this bundle. */
export async function startProduction({ migrationsFolder }: { migrationsFolder: string }): Promise<void> {
  const build = await import("virtual:react-router/server-build");
  return start({ build, clientDir: clientDirOf(path.dirname(fileURLToPath(import.meta.url))), migrationsFolder });
}

export { start };

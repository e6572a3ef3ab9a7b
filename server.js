// The Node entry, plain JavaScript: `node server.js` serves the production
// build (`npm run build` first; BUILD_DIR selects another build folder),
// `node server.js --dev` the sources through Vite with hot reload.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(root, "drizzle");

if (process.argv.includes("--dev")) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await viteServer.ssrLoadModule("./server/index.ts");
  await start({
    build: () => viteServer.ssrLoadModule("virtual:react-router/server-build"),
    devMiddleware: viteServer.middlewares,
    migrationsFolder,
  });
} else {
  const bundle = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  const { startProduction } = await import(pathToFileURL(bundle).href);
  await startProduction({ migrationsFolder });
}

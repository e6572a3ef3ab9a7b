import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";

/**
 * CSP sources (`'sha256-…'`) of the stylesheets the public pages carry inline
 * (app/root.tsx, `virtual:site-styles` in vite.config.ts): the root route's
 * CSS files of the client build, hashed once at start. Empty in development
 * and for a build without a client folder, where the pages link the file.
 */
export function inlineStyleSources(build: AppBuild, clientDir: string | undefined): string[] {
  if (typeof build === "function" || !clientDir) return [];
  return (build.assets.routes.root?.css ?? []).map((href) => {
    const css = fs.readFileSync(path.join(clientDir, href));
    return `'sha256-${crypto.createHash("sha256").update(css).digest("base64")}'`;
  });
}

type AppBuild = ServerBuild | (() => Promise<ServerBuild>);

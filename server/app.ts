import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { Env } from "~/config/env.server";
import { databaseContext, requestContext } from "~/context";
import { apiRouter } from "~/routes/api/router.server";
import { type Database, isDatabaseReady } from "~/db/client.server";
import { errorHandler } from "./errors";
import { hostCheck } from "./host-check";
import { hashSources } from "./inline-sources";
import { originCheck } from "./origin-check";
import { requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import { staticFiles } from "./static-files";

export type AppOptions = {
  config: Env;
  db: Database;
  /** The React Router build: the bundled one in production, a getter of Vite's in development. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the build's client folder (assets, prerendered pages, public files). */
  clientDir?: string;
  /** What the pages carry inline, allowed by its hashes: the site script's loader, and in production the public stylesheet. */
  inline?: InlineTexts;
  /** Development: Vite's middleware instead of the client folder. */
  devMiddleware?: express.RequestHandler;
};

/** The inline scripts and stylesheets of the pages, as they write them (server/index.ts). */
export type InlineTexts = { scripts: readonly string[]; styles: readonly string[] };

/** TRUST_PROXY as Express's `trust proxy`: a flag, a hop count, or the list of trusted addresses and subnets. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * The one request pipeline (decisions 014 and 025): every request passes these
 * steps in this order, and every endpoint has exactly one entry.
 *  1. request id and log line, the client's address, security headers (CSP with a nonce)
 *  2. a malformed Host or forwarding header is a 400
 *  3. health checks; the build's files (assets, prerendered public pages)
 *  4. compression, the same-origin check of state-changing requests
 *  5. the JSON API on /api/v1: Express routes (app/routes/api/router.server.ts)
 *     with their body limit (16 KB) and admin guard
 *  6. React Router for the pages: its middleware reads the body (16 KB), guards
 *     the admin pages (session, no-store) and answers failures in German (app/root.tsx)
 *  7. anything that still fails: logged once, a German 503 (database outage) or 500
 */
export function createApp({
  config,
  db,
  build,
  clientDir,
  inline = { scripts: [], styles: [] },
  devMiddleware,
}: AppOptions): express.Express {
  const dev = config.NODE_ENV === "development";
  const trustProxy = trustProxySetting(config.TRUST_PROXY);
  const app = express();
  app.disable("x-powered-by");
  // JSON answers are no-store; sirv sends the files' own ETags.
  app.set("etag", false);
  app.set("trust proxy", trustProxy);

  app.use(requestLog);
  app.use((req, res, next) => {
    res.locals.clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.use(
    securityHeaders({
      dev,
      production: config.NODE_ENV === "production",
      httpsPublicUrl: config.PUBLIC_URL?.startsWith("https://") ?? false,
      scriptSources: hashSources(inline.scripts),
      styleSources: hashSources(inline.styles),
    }),
  );
  app.use(hostCheck({ trustProxy: trustProxy !== false && trustProxy !== 0 }));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await isDatabaseReady(db);
    res
      .set("Cache-Control", "no-store")
      .status(ready ? 200 : 503)
      .json({ status: ready ? "ok" : "unavailable" });
  });

  if (devMiddleware) app.use(devMiddleware);
  else if (clientDir) app.use(staticFiles(clientDir));

  app.use(compression());
  app.use(originCheck({ publicUrl: config.PUBLIC_URL }));
  app.use("/api/v1", apiRouter(db));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(databaseContext, db);
        const { requestId, clientIp, cspNonce } = res.locals;
        context.set(requestContext, { requestId, clientIp, cspNonce });
        return context;
      },
    }),
  );
  app.use(errorHandler);
  return app;
}

/** The build's client folder next to the server bundle (build/server/index.js → build/client). */
export function clientDirOf(serverBundleDir: string): string {
  return path.resolve(serverBundleDir, "../client");
}

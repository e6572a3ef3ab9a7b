import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { Env } from "~/config/env.server";
import type { RequestContext } from "~/context";
import { type Database, isDatabaseReady } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { databaseOutageAs503 } from "./database-outage";
import { originCheck } from "./origin-check";
import { pageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";

export type AppOptions = {
  config: Env;
  db: Database;
  /** Production: the built server bundle. Development: Vite's dev server. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  devMiddleware?: express.RequestHandler;
};

function trustProxySetting(value: string): boolean | number {
  if (value === "true") return true;
  if (value === "false") return false;
  return Number(value);
}

export function createApp({ config, db, build, clientDir, devMiddleware }: AppOptions) {
  const dev = config.NODE_ENV === "development";
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));

  app.use((req, res, next) => {
    const requestId = crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      logger.info(
        {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        "request",
      );
    });
    next();
  });

  app.use(
    securityHeaders({
      dev,
      production: config.NODE_ENV === "production",
      httpsPublicUrl: config.PUBLIC_URL?.startsWith("https://") ?? false,
    }),
  );
  app.use(compression());
  app.use(originCheck({ publicUrl: config.PUBLIC_URL }));

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = await isDatabaseReady(db);
    res.status(ready ? 200 : 503).json({ status: ready ? "ok" : "unavailable" });
  });

  if (devMiddleware) {
    app.use(devMiddleware);
  } else if (clientDir) {
    // Hashed file names never change content: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(clientDir, { maxAge: "1h" }));
  }

  if (!dev) app.use(pageCache());
  app.use(databaseOutageAs503());
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: dev ? "development" : "production",
      getLoadContext(req, res): RequestContext {
        const publicOrigin = config.PUBLIC_URL
          ? new URL(config.PUBLIC_URL).origin
          : `${req.protocol}://${req.get("host")}`;
        const context: RequestContext = {
          db,
          cspNonce: res.locals.cspNonce as string,
          requestId: res.locals.requestId as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          publicOrigin,
        };
        res.locals.loadContext = context;
        return context;
      },
    }),
  );

  return app;
}

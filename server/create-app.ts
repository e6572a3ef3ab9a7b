import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { Env } from "~/config/env.server";
import type { RequestContext } from "~/context";
import { type Database, isDatabaseReady } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { bookingFastPath } from "./booking-fast-path";
import { databaseOutageAs503 } from "./database-outage";
import { originCheck } from "./origin-check";
import { type PageCache, pageCache, pageCacheKey } from "./page-cache";
import {
  fixedSecurityHeaders,
  type SecurityHeaderOptions,
  securityHeaders,
  staticContentSecurityPolicy,
} from "./security-headers";
import { immutableAssets } from "./static-assets";

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

/** Express's `req.protocol` for the settings above, for requests that never reach Express. */
function requestProtocol(req: IncomingMessage, trustProxy: boolean | number): string {
  const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (!trustProxy || typeof forwarded !== "string") return own;
  return forwarded.split(",")[0]!.trim();
}

/** Every response gets an id (header and log line); the log line is written when it is finished. */
function trackRequest(req: IncomingMessage, res: ServerResponse): string {
  const requestId = crypto.randomUUID();
  res.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    logger.info(
      {
        requestId,
        method: req.method,
        path: (req.url ?? "").split("?")[0],
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      },
      "request",
    );
  });
  return requestId;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The HTTP request listener. Hashed assets and cached public pages are
 * answered first, from memory (decision 011), and the booking requests
 * (slots, appointment POST) by their fast path (decision 013), with the same
 * security headers, request id and log line as everything else; the rest
 * goes through Express and React Router.
 */
export function createApp(options: AppOptions): RequestListener {
  const { config, clientDir } = options;
  const dev = config.NODE_ENV === "development";
  const trustProxy = trustProxySetting(config.TRUST_PROXY);
  const headerOptions = {
    dev,
    production: config.NODE_ENV === "production",
    httpsPublicUrl: config.PUBLIC_URL?.startsWith("https://") ?? false,
  };
  const headersOverHttp = fixedSecurityHeaders(headerOptions, false);
  const headersOverHttps = fixedSecurityHeaders(headerOptions, true);
  const staticPolicy = staticContentSecurityPolicy(headerOptions);
  const pages = dev ? undefined : pageCache();
  const assets = clientDir && !options.devMiddleware ? immutableAssets(path.join(clientDir, "assets")) : undefined;
  const app = createExpressApp(options, { trustProxy, headerOptions, pages });

  const booking = bookingFastPath({
    db: options.db,
    trustProxy,
    publicUrl: config.PUBLIC_URL,
    requestProtocol: (req) => requestProtocol(req, trustProxy),
  });

  return (req, res) => {
    const begin = () => {
      const requestId = trackRequest(req, res);
      const https = requestProtocol(req, trustProxy) === "https";
      for (const [name, value] of https ? headersOverHttps : headersOverHttp) res.setHeader(name, value);
      res.setHeader("Content-Security-Policy", staticPolicy);
      return requestId;
    };
    if (req.method === "GET" || req.method === "HEAD") {
      const key = pages && pageCacheKey(req, requestProtocol(req, trustProxy));
      if (assets?.serve(req, res, begin) || (key && pages?.serve(key, req, res, begin))) return;
    }
    if (booking.serve(req, res, begin)) return;
    app(req, res);
  };
}

function createExpressApp(
  { config, db, build, clientDir, devMiddleware }: AppOptions,
  { trustProxy, headerOptions, pages }: { trustProxy: boolean | number; headerOptions: SecurityHeaderOptions; pages?: PageCache },
) {
  const { dev } = headerOptions;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);

  app.use((req, res, next) => {
    res.locals.requestId = trackRequest(req, res);
    next();
  });

  app.use(securityHeaders(headerOptions));
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

  if (pages) app.use(pages.capture);
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

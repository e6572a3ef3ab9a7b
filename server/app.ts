import type { RequestListener } from "node:http";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Env } from "~/config/env.server";
import { backupDirContext, databaseContext, failureContext, requestBodyContext, requestContext } from "~/context";
import { backupDirOf } from "~/db/backup-files.server";
import { type Database, isDatabaseReady } from "~/db/client.server";
import { hasRoomToWrite } from "~/db/storage-guard.server";
import { backupHealth } from "~/services/backups.server";
import { jsonApi } from "./api";
import { UNKNOWN_ENDPOINT_MESSAGE } from "./api/answers";
import type { ServerEnv } from "./env";
import { errorAnswer, errorHandler, lastResortAnswer, pageErrorPolicy } from "./errors";
import { clientAddress, compileTrustProxy, requestOrigin, trustsAnyProxy } from "./forwarded";
import { hostCheck } from "./host-check";
import { hashSources } from "./inline-sources";
import { fromNodeMiddleware, type NodeMiddleware } from "./node-middleware";
import { isCrossSiteAllowed, originCheck } from "./origin-check";
import { publicPageCache } from "./page-cache";
import { requestBody } from "./request-body";
import { loggedPath, requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import { staticFiles } from "./static-files";

export type AppOptions = {
  config: Env;
  db: Database;
  /** The React Router build: the bundled one in production, a getter of Vite's in development. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the build's client folder (assets, public files). */
  clientDir?: string;
  /** What the pages carry inline, allowed by its hashes: the site script's loader, and in production the public stylesheet. */
  inline?: InlineTexts;
  /** Development: Vite's middleware instead of the client folder. */
  devMiddleware?: NodeMiddleware;
};

/** The inline scripts and stylesheets of the pages, as they write them (server/index.ts). */
export type InlineTexts = { scripts: readonly string[]; styles: readonly string[] };

/**
 * The one request pipeline (decisions 014, 025 and 026): every request passes these
 * Hono steps in this order, and every endpoint has exactly one entry.
 *  1. request id and log line, the client's address, security headers (CSP with a nonce)
 *  2. a malformed Host or forwarding header is a 400
 *  3. health checks; the build's files (assets, public files); the public content pages as
 *     rendered for the facts' current version (server/page-cache.ts)
 *  4. compression, the same-origin check of state-changing requests, the body read once
 *     with its limit (16 KB, server/request-body.ts) for the API and the pages alike
 *  5. the JSON API on /api/v1 (server/api/index.ts) with its admin guard; any other
 *     /api/ path is an unknown endpoint
 *  6. React Router for the pages: its middleware guards the admin pages (session,
 *     no-store) and answers failures in German (app/root.tsx)
 *  7. anything that still fails: logged once, a German 503 (database outage) or 500
 */
export function createApp({
  config,
  db,
  build,
  clientDir,
  inline = { scripts: [], styles: [] },
  devMiddleware,
}: AppOptions): Hono<ServerEnv> {
  const dev = config.NODE_ENV === "development";
  const trust = compileTrustProxy(config.TRUST_PROXY);
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  const backupDir = backupDirOf(config);
  // A trailing slash names the same endpoint, as it did under Express (`/api/v1/slots/`).
  const app = new Hono<ServerEnv>({ strict: false });

  app.use(requestLog);
  app.use(async (c, next) => {
    // The one place the database is put on the request, for the API and (below) the pages alike.
    c.set("db", db);
    c.set("backupDir", backupDir);
    c.set("clientIp", clientAddress(c.env.incoming, trust));
    c.set("siteOrigin", publicOrigin ?? requestOrigin(c.env.incoming, trust));
    await next();
  });
  app.use(
    securityHeaders({
      dev,
      production: config.NODE_ENV === "production",
      httpsPublicUrl: config.PUBLIC_URL?.startsWith("https://") ?? false,
      scriptSources: hashSources(inline.scripts),
      styleSources: hashSources(inline.styles),
      trust,
    }),
  );
  app.use(hostCheck({ trustProxy: trustsAnyProxy(config.TRUST_PROXY) }));

  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
  app.get("/readyz", async (c) => {
    // The embedded database also needs room in its folder: a full disk is 503 before bookings fail.
    const ready = (await isDatabaseReady(db)) && (Boolean(config.DATABASE_URL) || (await hasRoomToWrite(config.DATA_DIR)));
    // A failed backup does not stop the traffic, but is said (decision 041): when, never the error's words (paths).
    const backup = ready && backupDir ? await backupHealth(db) : undefined;
    const details = backup ? { details: { backup: backup.status === "failed" ? { status: "failed", at: backup.at } : backup } } : {};
    return c.json({ status: ready ? "ok" : "unavailable", ...details }, ready ? 200 : 503, { "Cache-Control": "no-store" });
  });

  if (devMiddleware) app.use(fromNodeMiddleware(devMiddleware));
  else if (clientDir) app.use(staticFiles(clientDir));

  const pages = createRequestHandler(build, dev ? "development" : "production");
  /** React Router's answer to `request`; `nonce` "" for a page that is the same for everyone (the cache's). */
  const renderPage = async (c: Context<ServerEnv>, nonce: string, request = c.req.raw): Promise<Response> => {
    const context = new RouterContextProvider();
    context.set(databaseContext, c.get("db"));
    context.set(backupDirContext, backupDir ?? null);
    const body = c.get("body");
    if (body) context.set(requestBodyContext, body);
    context.set(requestContext, {
      requestId: c.get("requestId"),
      clientIp: c.get("clientIp"),
      cspNonce: nonce,
      siteOrigin: c.get("siteOrigin"),
    });
    const crossSite = isCrossSiteAllowed(c.req.method, c.req.path);
    const response = await pages(pageRequest(request, requestOrigin(c.env.incoming, trust), crossSite), context);
    // For the request's log line: the account the admin pages' guard found (app/auth/guard.server.ts).
    c.set("accountId", context.get(requestContext).accountId);
    return pageErrorPolicy(response, context.get(failureContext));
  };
  // The public content pages, rendered from the workshop's facts and kept per facts version
  // (decision 048); not in development, where Vite serves changing code.
  if (!dev) app.use(publicPageCache({ db, render: (c, request) => renderPage(c, "", request) }));

  app.use(compress());
  app.use(originCheck({ publicUrl: config.PUBLIC_URL, trust }));
  app.use(requestBody);
  app.route("/api/v1", jsonApi);
  // The API's namespace, however it is spelled: never a page.
  app.all("*", async (c, next) => {
    if (/^\/api(\/|$)/i.test(c.req.path)) return errorAnswer(c, 404, UNKNOWN_ENDPOINT_MESSAGE);
    await next();
  });

  app.all("*", (c) => renderPage(c, c.get("cspNonce")));
  app.onError(errorHandler);
  return app;
}

/**
 * The request as React Router gets it. React Router compares the Origin with the URL's origin
 * before any page action runs and answers a mismatch with 400 (its own CSRF check; the hosts in
 * `allowedActionOrigins`, react-router.config.ts, are allowed for every route alike), so:
 * - the URL is the one its client addressed. The adapter builds it from the socket and Host; behind
 *   the TLS proxy of docs/deployment.md that is `http://` and maybe the proxy's host, while the
 *   browser's Origin is the public `https://` one.
 * - a request the origin check lets through from any site (`crossSite`: the RFC 8058 one-click
 *   unsubscribe, server/origin-check.ts) goes without its Origin, the mail provider's, which
 *   would be refused; that route's action does not read it.
 */
function pageRequest(request: Request, origin: string, crossSite: boolean): Request {
  const url = new URL(request.url);
  if (url.origin === origin && !crossSite) return request;
  const headers = new Headers(request.headers);
  if (crossSite) headers.delete("Origin");
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(new URL(url.pathname + url.search, origin), {
    method: request.method,
    headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit);
}

/** Stands in for a URL the adapter could not build: the pipeline refuses the request before any route. */
const PLACEHOLDER_URL = "http://unreadable.invalid/";

/**
 * The app as Node's request listener (@hono/node-server), for http.createServer.
 * - The adapter builds each request's URL from its Host and target before Hono runs. When it
 *   cannot (a malformed Host, a backslash in the path), its error hook runs the same pipeline on a
 *   placeholder URL with `unreadableUrl` set, so that the refusal is the pipeline's own German 400
 *   with request id, headers and log line (server/host-check.ts). The hook runs synchronously
 *   within the listener's call, so the request in hand is the one that failed.
 * - An answer a Node middleware (sirv) has already written is reported as such to the adapter
 *   even when Hono wrapped it again (HEAD answers), so that nothing writes it a second time.
 * - The pipeline's answer never fails: Hono's onError (server/errors.ts) answers every Error, and
 *   anything that still escapes is logged and answered with a German 500, never the adapter's English.
 */
export function requestListener(app: Hono<ServerEnv>): RequestListener {
  const answer = async (request: Request, bindings: ServerEnv["Bindings"]): Promise<Response> => {
    let response: Response;
    try {
      response = await app.fetch(request, bindings);
    } catch (error) {
      // Needed: only here when the error policy itself failed, or something threw what is no
      // Error (Hono's onError sees Errors only and rethrows the rest out of app.fetch).
      response = lastResortAnswer(error, loggedPath(bindings.incoming));
    }
    return bindings.outgoing.headersSent ? RESPONSE_ALREADY_SENT : response;
  };
  let inHand: HttpBindings | undefined;
  // Only http.createServer's requests reach it (server/index.ts), never HTTP/2 ones.
  const listener = getRequestListener((request, bindings) => answer(request, bindings as HttpBindings), {
    errorHandler: (error) => {
      if (!inHand) throw error;
      return answer(new Request(PLACEHOLDER_URL), { ...inHand, unreadableUrl: true });
    },
  });
  return (incoming, outgoing) => {
    inHand = { incoming, outgoing };
    try {
      void listener(incoming, outgoing);
    } finally {
      inHand = undefined;
    }
  };
}

import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { createApp, requestListener } from "../../server/app";

export type ApiRequest = {
  method?: string;
  /** Sent as JSON (Content-Type: application/json) unless `body` is given. */
  json?: unknown;
  /** A raw body, with `contentType` (none when absent). */
  body?: string;
  contentType?: string;
  /** The session cookie pair ("name=value"), as the browser sends it back. */
  cookie?: string;
  /** The client's address as the trusted proxy reports it (X-Forwarded-For). */
  clientIp?: string;
  headers?: Record<string, string>;
};

export type ApiApp = {
  origin: string;
  /** One request through the whole pipeline (same origin, as the site's own scripts send it). */
  request(path: string, init?: ApiRequest): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The app's pipeline (Hono) in this process on a test database, without a React
 * Router build: what the JSON API's integration tests call (server/app.ts →
 * server/api/index.ts), exactly as a client reaches it over HTTP.
 */
export async function startApiApp(db: Database, env: Record<string, string> = {}): Promise<ApiApp> {
  const app = createApp({
    config: parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true", ...env }),
    db,
    build: () => Promise.reject(new Error("no React Router build in the API tests")),
  });
  const server = http.createServer(requestListener(app)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    request(path, { method, json, body, contentType, cookie, clientIp = "203.0.113.9", headers = {} } = {}) {
      const hasJson = json !== undefined && body === undefined;
      const type = hasJson ? "application/json" : contentType;
      return fetch(`${origin}${path}`, {
        method: method ?? (hasJson || body !== undefined ? "POST" : "GET"),
        headers: {
          Origin: origin,
          "X-Forwarded-For": clientIp,
          ...(type ? { "Content-Type": type } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...headers,
        },
        body: hasJson ? JSON.stringify(json) : body,
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

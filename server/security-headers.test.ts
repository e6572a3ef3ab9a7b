import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { mapEmbedUrl } from "~/components/site/map-embed";
import { themeScript } from "~/lib/theme";
import type { ServerEnv } from "./env";
import { compileTrustProxy } from "./forwarded";
import { contentSecurityPolicy, MAP_ORIGIN, type SecurityHeaderOptions, securityHeaders } from "./security-headers";

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the site, with the request's nonce and the theme script's hash (prerendered pages) in production", () => {
    const csp = directives(contentSecurityPolicy("abc123", { dev: false }));
    expect(csp.get("default-src")).toBe("'self'");
    const themeHash = crypto.createHash("sha256").update(themeScript).digest("base64");
    expect(csp.get("script-src")).toBe(`'self' 'nonce-abc123' 'sha256-${themeHash}'`);
    expect(csp.get("style-src")).toBe("'self'");
    expect(csp.get("img-src")).toBe("'self' data:");
    expect(csp.get("frame-src")).toBe(MAP_ORIGIN);
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("form-action")).toBe("'self'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(contentSecurityPolicy("x", { dev: false })).not.toMatch(/unsafe-eval|'unsafe-inline'.*script|script-src[^;]*unsafe-inline/);
  });

  it("adds unsafe-eval and websockets only in development (Vite's hot reload)", () => {
    const csp = directives(contentSecurityPolicy("n", { dev: true }));
    expect(csp.get("script-src")).toContain("'unsafe-eval'");
    expect(csp.get("connect-src")).toContain("ws:");
  });

  it("lets the map embed load from its one frame origin", () => {
    expect(directives(contentSecurityPolicy("n", { dev: false })).get("frame-src")).toBe(
      new URL(mapEmbedUrl({ latitude: 48.2, longitude: 16.4 })).origin,
    );
  });
});

describe("securityHeaders middleware", () => {
  /** One request from 127.0.0.1 through the middleware on the Node server, as server/app.ts runs it. */
  async function get(options: SecurityHeaderOptions, path: string, headers: Record<string, string> = {}, trustProxy = "true") {
    const app = new Hono<ServerEnv>()
      .use(securityHeaders({ ...options, trust: compileTrustProxy(trustProxy) }))
      .get("/own-cache", (c) => {
        c.header("Cache-Control", "public, max-age=60");
        return c.text("ok");
      })
      .all("*", (c) => c.text(`nonce=${c.get("cspNonce")}`));
    const server = http.createServer(getRequestListener(app.fetch)).listen(0, "127.0.0.1");
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
      return { headers: response.headers, body: await response.text() };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  const production = { dev: false, production: true, httpsPublicUrl: false };

  it("sets the hardening headers and a fresh nonce that matches the CSP", async () => {
    const first = await get(production, "/");
    const second = await get(production, "/");
    const nonce = first.body.replace("nonce=", "");
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(second.body).not.toBe(first.body);
    expect(second.headers.get("content-security-policy")).toContain(`'nonce-${second.body.replace("nonce=", "")}'`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(first.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-powered-by")).toBeNull();
  });

  it("sends HSTS in production when PUBLIC_URL is https or the request came over TLS, never in development", async () => {
    const hsts = "max-age=31536000; includeSubDomains";
    expect((await get(production, "/")).headers.get("strict-transport-security")).toBeNull();
    expect((await get({ ...production, httpsPublicUrl: true }, "/")).headers.get("strict-transport-security")).toBe(hsts);
    expect((await get(production, "/", { "X-Forwarded-Proto": "https" })).headers.get("strict-transport-security")).toBe(hsts);
    const development = { dev: true, production: false, httpsPublicUrl: true };
    expect((await get(development, "/", { "X-Forwarded-Proto": "https" })).headers.get("strict-transport-security")).toBeNull();
  });

  it("believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY)", async () => {
    const forwarded = { "X-Forwarded-Proto": "https" };
    expect((await get(production, "/", forwarded, "false")).headers.get("strict-transport-security")).toBeNull();
    expect((await get(production, "/", forwarded, "10.0.0.0/8")).headers.get("strict-transport-security")).toBeNull();
    expect((await get(production, "/", forwarded, "loopback")).headers.get("strict-transport-security")).not.toBeNull();
  });

  it("leaves Cache-Control alone: the static files, the admin guard and the error policy decide it (decision 014)", async () => {
    for (const path of ["/admin", "/admin-login", "/api/v1/admin/appointments", "/", "/api/v1/slots"]) {
      expect((await get(production, path)).headers.get("cache-control"), path).toBeNull();
    }
    expect((await get(production, "/own-cache")).headers.get("cache-control")).toBe("public, max-age=60");
  });
});

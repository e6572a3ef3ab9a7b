import http from "node:http";
import type { AddressInfo } from "node:net";
import crypto from "node:crypto";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { themeScript } from "~/lib/theme";
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
});

describe("securityHeaders middleware", () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  async function get(options: SecurityHeaderOptions, path: string, headers: Record<string, string> = {}) {
    const app = express();
    app.disable("x-powered-by");
    app.set("trust proxy", true);
    app.use(securityHeaders(options));
    app.get("/own-cache", (_req, res) => {
      res.setHeader("Cache-Control", "public, max-age=60");
      res.send("ok");
    });
    app.use((_req, res) => {
      res.send(`nonce=${String(res.locals.cspNonce)}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    return { headers: response.headers, body: await response.text() };
  }

  const production = { dev: false, production: true, httpsPublicUrl: false };

  it("sets the hardening headers and a fresh nonce that matches the CSP", async () => {
    const first = await get(production, "/");
    const second = await get(production, "/");
    const nonce = first.body.replace("nonce=", "");
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(second.body).not.toBe(first.body);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(first.headers.get("cross-origin-opener-policy")).toBe("same-origin");
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

  it("leaves Cache-Control alone: the static files, the admin guard and the error policy decide it (decision 014)", async () => {
    for (const path of ["/admin", "/admin-login", "/api/v1/admin/appointments", "/", "/api/v1/slots"]) {
      expect((await get(production, path)).headers.get("cache-control"), path).toBeNull();
    }
    expect((await get(production, "/own-cache")).headers.get("cache-control")).toBe("public, max-age=60");
  });
});

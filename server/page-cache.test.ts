import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScripts, pageCache, pageCacheKey } from "./page-cache";
import { securityHeaders } from "./security-headers";

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("pageCache", () => {
  let origin: string;
  let close: () => void;
  let renders = 0;
  let clock = 0;
  /** While set, rendering /datenschutz waits for it: a render in flight. */
  let hold: Promise<void> | undefined;
  beforeAll(async () => {
    const cache = pageCache({ ttlMs: 5_000, now: () => clock });
    const app = express();
    app.use(securityHeaders({ dev: false, production: true, httpsPublicUrl: false }));
    app.use(compression());
    app.use(cache.capture);
    app.get("/{*splat}", async (req, res) => {
      renders++;
      if (req.path === "/datenschutz") await hold;
      const nonce = String(res.locals.cspNonce);
      if (req.query.cookie) res.setHeader("Set-Cookie", "flash=1");
      res.type("html");
      // Streamed in pieces, as React Router does.
      res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">window.a = ${renders};</script>`);
      res.write(`<script type="module" src="/assets/x.js"></script><script type="module" nonce="${nonce}">import("/assets/y.js")</script>`);
      res.end(`</head><body>${"Seite ".repeat(500)}</body></html>`);
    });
    // As in create-app.ts: copies are answered before Express.
    const server = http
      .createServer((req, res) => {
        const key = pageCacheKey(req, "http");
        if (!key || !cache.serve(key, req, res, () => res.setHeader("X-Content-Type-Options", "nosniff"))) app(req, res);
      })
      .listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("finds the inline scripts, not the external ones", () => {
    expect(inlineScripts('<script nonce="n">a()</script><script src="/b.js"></script><script type="module">c()</script>')).toEqual([
      "a()",
      "c()",
    ]);
  });

  it("renders once, then serves the copy with a CSP that lists exactly its inline scripts' hashes", async () => {
    clock = 1_000;
    const before = renders;
    const first = await fetch(`${origin}/ueber-uns`);
    const firstHtml = await first.text();
    expect(first.headers.get("content-security-policy")).toMatch(/'nonce-/);
    const second = await fetch(`${origin}/ueber-uns`);
    const secondHtml = await second.text();
    expect(renders).toBe(before + 1);
    expect(secondHtml).toBe(firstHtml);
    const csp = second.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain(`script-src 'self' ${inlineScripts(firstHtml).map(sha256).join(" ")};`);
    expect(inlineScripts(firstHtml)).toHaveLength(2);
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.headers.get("cache-control")).toBe("no-cache");
  });

  it("sends the cached page brotli- or gzip-compressed when asked", async () => {
    clock = 1_000;
    const plain = await (await fetch(`${origin}/ueber-uns`, { headers: { "Accept-Encoding": "identity" } })).text();
    for (const [encoding, decode] of [
      ["br", zlib.brotliDecompressSync],
      ["gzip", zlib.gunzipSync],
    ] as const) {
      const response = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve) => {
        import("node:http").then((http) =>
          http.get(`${origin}/ueber-uns`, { headers: { "Accept-Encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          }),
        );
      });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(decode(response.body).toString()).toBe(plain);
    }
  });

  it("renders again after the time to live", async () => {
    clock = 1_000;
    await (await fetch(`${origin}/impressum`)).text();
    const before = renders;
    clock = 5_999;
    await (await fetch(`${origin}/impressum`)).text();
    expect(renders).toBe(before);
    clock = 6_001;
    await (await fetch(`${origin}/impressum`)).text();
    expect(renders).toBe(before + 1);
  });

  it("while one request renders an expired page anew, the others still get the old copy", async () => {
    clock = 1_000;
    const old = await (await fetch(`${origin}/datenschutz`)).text();
    clock = 7_000;
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const before = renders;
    const refreshing = fetch(`${origin}/datenschutz`).then((response) => response.text());
    await expect.poll(() => renders).toBe(before + 1);
    expect(await (await fetch(`${origin}/datenschutz`)).text()).toBe(old);
    expect(renders).toBe(before + 1);
    release();
    hold = undefined;
    const fresh = await refreshing;
    expect(fresh).not.toBe(old);
    expect(await (await fetch(`${origin}/datenschutz`)).text()).toBe(fresh);
    expect(renders).toBe(before + 1);

    // Long expired: never sent, rendered anew.
    clock = 7_000 + 5_000 + 60_000;
    expect(await (await fetch(`${origin}/datenschutz`)).text()).not.toBe(fresh);
    expect(renders).toBe(before + 2);
  });

  it.each([
    ["a request with a cookie", "/agb", { Cookie: "hc_admin=x" }],
    ["a query string", "/agb?x=1", {}],
    ["a path that is not a content page", "/termin", {}],
    ["an answer that sets a cookie", "/agb?cookie=1", {}],
  ])("never caches %s", async (_name, path, headers) => {
    clock = 1_000;
    await (await fetch(`${origin}${path}`, { headers })).text();
    const before = renders;
    const response = await fetch(`${origin}${path}`, { headers });
    expect(renders).toBe(before + 1);
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-/);
  });
});

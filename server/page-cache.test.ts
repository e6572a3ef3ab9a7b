import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScripts, pageCache } from "./page-cache";
import { securityHeaders } from "./security-headers";

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("pageCache", () => {
  let origin: string;
  let close: () => void;
  let renders = 0;
  let clock = 0;
  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders({ dev: false, production: true, httpsPublicUrl: false }));
    app.use(compression());
    app.use(pageCache({ ttlMs: 5_000, now: () => clock }));
    app.get("/{*splat}", (req, res) => {
      renders++;
      const nonce = String(res.locals.cspNonce);
      if (req.query.cookie) res.setHeader("Set-Cookie", "flash=1");
      res.type("html");
      // Streamed in pieces, as React Router does.
      res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">window.a = ${renders};</script>`);
      res.write(`<script type="module" src="/assets/x.js"></script><script type="module" nonce="${nonce}">import("/assets/y.js")</script>`);
      res.end(`</head><body>${"Seite ".repeat(500)}</body></html>`);
    });
    const server = app.listen(0, "127.0.0.1");
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

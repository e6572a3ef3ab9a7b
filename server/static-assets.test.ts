import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMMUTABLE_CACHE_CONTROL, immutableAssets } from "./static-assets";

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

describe("immutableAssets", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-assets-"));
  const script = `export const text = ${JSON.stringify("Happy Car ".repeat(2000))};\n`;
  let port: number;
  let server: http.Server;
  let begun = 0;

  function get(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
    return new Promise((resolve, reject) => {
      http
        .request({ host: "127.0.0.1", port, path: urlPath, headers, method }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject)
        .end();
    });
  }

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "fonts"));
    fs.writeFileSync(path.join(dir, "entry-AbC123xy.js"), script);
    fs.writeFileSync(path.join(dir, "tiny-Zz9.css"), "a{color:red}");
    fs.writeFileSync(path.join(dir, "fonts", "inter-Q1w2.woff2"), Buffer.alloc(5000, 7));
    fs.writeFileSync(path.join(dir, "notes-X1.txt"), "not an asset type");
    const assets = immutableAssets(dir);
    await assets.compressed;
    server = http
      .createServer((req, res) => {
        if (assets.serve(req, res, () => begun++)) return;
        res.statusCode = 599;
        res.end("slow path");
      })
      .listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers a hashed file from memory: type, immutable caching, a validator", async () => {
    const before = begun;
    const reply = await get("/assets/entry-AbC123xy.js");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(reply.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(reply.headers["content-length"]).toBe(String(script.length));
    expect(reply.body.toString()).toBe(script);
    expect(begun).toBe(before + 1);
  });

  it("sends the brotli or gzip copy made at start-up, by what the browser accepts", async () => {
    const br = await get("/assets/entry-AbC123xy.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await get("/assets/entry-AbC123xy.js", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    // Below 1 KB and already-compressed formats are sent as they are.
    expect((await get("/assets/tiny-Zz9.css", { "Accept-Encoding": "br" })).headers["content-encoding"]).toBeUndefined();
    const font = await get("/assets/fonts/inter-Q1w2.woff2", { "Accept-Encoding": "br" });
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a revalidation with 304 and a HEAD without a body", async () => {
    const { headers } = await get("/assets/entry-AbC123xy.js");
    const revalidated = await get("/assets/entry-AbC123xy.js", { "If-None-Match": headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const head = await get("/assets/entry-AbC123xy.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(script.length));
    expect(head.body.length).toBe(0);
  });

  it.each([
    ["an unknown file", "/assets/missing-1.js", {}, "GET"],
    ["a type it does not know", "/assets/notes-X1.txt", {}, "GET"],
    ["a query string", "/assets/entry-AbC123xy.js?v=1", {}, "GET"],
    ["a range request", "/assets/entry-AbC123xy.js", { Range: "bytes=0-10" }, "GET"],
    ["a POST", "/assets/entry-AbC123xy.js", {}, "POST"],
  ])("leaves %s to the slow path", async (_name, urlPath, headers, method) => {
    const before = begun;
    expect((await get(urlPath, headers, method)).status).toBe(599);
    expect(begun).toBe(before);
  });
});

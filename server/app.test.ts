import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/config/env.server";
import { logger } from "~/lib/logger.server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../tests/support/databases";
import { createApp, requestListener } from "./app";
import { BAD_REQUEST_MESSAGE, UNEXPECTED_FAILURE_MESSAGE } from "./errors";
import { MALFORMED_HOST_MESSAGE } from "./host-check";

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function request(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Sends `head` as written on a fresh socket and reads until the server closes it. */
function rawExchange(port: number, head: string): Promise<{ text: string; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    const chunks: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString(), closedByServer: false });
    }, 2_000);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => {
      clearTimeout(giveUp);
      resolve({ text: Buffer.concat(chunks).toString(), closedByServer: true });
    });
    socket.on("error", reject);
  });
}

/** The app without a React Router build: these tests cover the pipeline's steps before it. */
describe.each(testDatabaseKinds)("createApp on %s", (kind) => {
  let database: TestDatabase;
  let server: http.Server;
  let port: number;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-client-"));
  const script = `export const text = ${JSON.stringify("Happy Car ".repeat(2000))};\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "assets", "entry.client-AbC123xy.js"), script);
    // As scripts/precompress.ts writes them at build time.
    fs.writeFileSync(path.join(clientDir, "assets", "entry.client-AbC123xy.js.br"), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(clientDir, "assets", "entry.client-AbC123xy.js.gz"), zlib.gzipSync(script));
    fs.writeFileSync(path.join(clientDir, "favicon.ico"), "icon");
    database = await createTestDatabase(kind);
    const app = createApp({
      config: parseEnv({ NODE_ENV: "production" }),
      db: database.db,
      build: () => Promise.reject(new Error("no React Router build in this test")),
      clientDir,
    });
    server = http.createServer(requestListener(app)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.close().catch(() => {});
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const assetPath = "/assets/entry.client-AbC123xy.js";

  it("caches hashed assets for a year as immutable, other static files for an hour", async () => {
    const asset = await request(port, assetPath);
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect((await request(port, "/favicon.ico")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends the security headers on static files and API responses too", async () => {
    for (const url of [assetPath, "/healthz", "/readyz"]) {
      const reply = await request(port, url);
      expect(reply.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(reply.headers["x-content-type-options"], url).toBe("nosniff");
      expect(reply.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(reply.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(reply.headers["x-powered-by"], url).toBeUndefined();
    }
  });

  it("answers files (sirv on the Node response) with exactly the headers every Hono answer carries", async () => {
    const file = await request(port, assetPath);
    const throughHono = await request(port, "/healthz");
    for (const name of [
      "x-content-type-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
      "x-frame-options",
    ]) {
      expect(file.headers[name], name).toBe(throughHono.headers[name]);
    }
    expect(file.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // One policy for every response (decision 014): only the nonce differs.
    expect(String(file.headers["content-security-policy"]).replace(/'nonce-[^']+'/, "'nonce-x'")).toBe(
      String(throughHono.headers["content-security-policy"]).replace(/'nonce-[^']+'/, "'nonce-x'"),
    );
    expect(file.headers.etag).toMatch(/^W\/"[^"]+"$/);
    const unchanged = await request(port, assetPath, { "If-None-Match": String(file.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
  });

  it("sends the precompressed brotli copy when the client accepts it, otherwise gzip, with Vary: Accept-Encoding", async () => {
    const brotli = await request(port, assetPath, { "Accept-Encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.body.length).toBeLessThan(script.length / 10);

    const gzip = await request(port, assetPath, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await request(port, assetPath);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("gives every response its own request id", async () => {
    const first = await request(port, "/healthz");
    const second = await request(port, "/healthz");
    expect(first.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("answers /healthz and /readyz while the database is reachable", async () => {
    const health = await request(port, "/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: "ok" });
    const ready = await request(port, "/readyz");
    expect(ready.status).toBe(200);
    // The embedded database's default backup folder is on (decision 041); no backup has run yet.
    expect(JSON.parse(ready.body.toString())).toEqual({ status: "ok", details: { backup: { status: "none" } } });
  });

  it("reports 503 on /readyz once the database is gone, while /healthz stays 200", async () => {
    await database.close();
    const ready = await request(port, "/readyz");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body.toString())).toEqual({ status: "unavailable" });
    expect((await request(port, "/healthz")).status).toBe(200);
  });

  // @hono/node-server builds the URL before Hono runs; what it cannot build goes through the same
  // pipeline on a placeholder URL (requestListener), so the answer is the pipeline's own.
  it.each([
    [
      "a backslash in the path of an API request",
      "POST /api/v1/contact\\..\\x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}",
      BAD_REQUEST_MESSAGE,
      "json",
    ],
    ["a backslash in the path of a page", "GET /kontakt\\x HTTP/1.1\r\nHost: localhost\r\n\r\n", BAD_REQUEST_MESSAGE, "html"],
    ["a Host the adapter cannot parse", "GET /api/v1/slots HTTP/1.1\r\nHost: [::1\r\n\r\n", MALFORMED_HOST_MESSAGE, "json"],
    ["no Host at all (HTTP/1.0)", "GET /healthz HTTP/1.0\r\n\r\n", MALFORMED_HOST_MESSAGE, "html"],
  ])("%s → the pipeline's German 400 with request id and headers, connection closed", async (_label, head, message, kind) => {
    const { text, closedByServer } = await rawExchange(port, head);
    const [headPart = "", body = ""] = text.split("\r\n\r\n");
    expect(headPart).toMatch(/^HTTP\/1\.[01] 400 /);
    const requestId = /^x-request-id: ([0-9a-f-]{36})$/im.exec(headPart)?.[1];
    expect(requestId).toBeDefined();
    expect(headPart).toMatch(/^content-security-policy: default-src 'self'/im);
    expect(headPart).toMatch(/^cache-control: no-store$/im);
    if (kind === "json") expect(JSON.parse(body)).toEqual({ error: message, requestId });
    else expect(body).toContain(message);
    expect(closedByServer).toBe(true);
  });

  // Hono answers HEAD by running GET and wrapping its answer again; a file sirv has already written
  // must not be written a second time, or the connection dies under the next request (nginx keeps them).
  it("HEAD of a file, then more requests on the same keep-alive connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const exchange = (method: string, urlPath: string) =>
      new Promise<{ status: number; reused: boolean; length: number }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: urlPath, method, agent }, (res) => {
          let length = 0;
          res.on("data", (chunk: Buffer) => (length += chunk.length));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, length }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const answers = [
        await exchange("HEAD", assetPath),
        await exchange("HEAD", "/favicon.ico"),
        await exchange("GET", assetPath),
        await exchange("HEAD", assetPath),
        await exchange("GET", "/healthz"),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      // The first opens the connection, every other one reuses it.
      expect(answers.map((answer) => answer.reused)).toEqual([false, true, true, true, true]);
      expect(answers.map((answer) => answer.length)).toEqual([0, 0, script.length, 0, JSON.stringify({ status: "ok" }).length]);
    } finally {
      agent.destroy();
    }
  });
});

// Hono's onError sees only Errors; anything else thrown (here: by the build getter) must still get
// the German 500 and one log line, never the adapter's English answer or a dropped connection.
describe("createApp when something throws what is no Error", () => {
  let database: TestDatabase;
  let server: http.Server;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const app = createApp({
      config: parseEnv({ NODE_ENV: "production" }),
      db: database.db,
      build: () => Promise.reject("no build"),
    });
    server = http.createServer(requestListener(app)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.close().catch(() => {});
  });

  it("→ a German 500, no-store, logged once", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const reply = await request((server.address() as AddressInfo).port, "/kontakt");
      expect(reply.status).toBe(500);
      expect(reply.body.toString()).toBe(UNEXPECTED_FAILURE_MESSAGE);
      expect(reply.headers["cache-control"]).toBe("no-store");
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScripts } from "../../server/page-cache";
import { bookableSlots } from "../support/http";
import { buildForTests, runServerExpectingExit, type ServerProcess, startServer } from "../support/server-process";

// One production build for the whole file: the real server process runs on it.
let build: ReturnType<typeof buildForTests>;
beforeAll(() => {
  build = buildForTests();
}, 120_000);
afterAll(() => build?.remove());

describe("the production server", () => {
  let server: ServerProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-server-"));

  beforeAll(async () => {
    server = await startServer({ BUILD_DIR: build.buildDir, DATA_DIR: path.join(dataDir, "data") });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves HTML with the security headers, a nonce on every inline script and no caching", async () => {
    // A cookie keeps the page out of the page cache: this is a fresh render.
    const response = await fetch(`${server.origin}/`, { headers: { Cookie: "theme=dark" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/<style[\s>]/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Plain HTTP and no https PUBLIC_URL: HSTS would be wrong here.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("serves cached public pages with the SHA-256 hash of every inline script instead of a nonce", async () => {
    await (await fetch(`${server.origin}/ueber-uns`)).text(); // stored once the whole page went out
    const response = await fetch(`${server.origin}/ueber-uns`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`);
    }
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves the hashed client assets as immutable for a year, compressed", async () => {
    const html = await (await fetch(`${server.origin}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.origin}${asset}`, { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("sends no-store on admin pages and security headers on API responses", async () => {
    const admin = await fetch(`${server.origin}/admin-login`, { redirect: "manual" });
    expect(admin.headers.get("cache-control")).toBe("no-store");
    const api = await fetch(`${server.origin}/api/v1/slots?date=2099-01-01`);
    expect(api.status).toBeLessThan(500);
    expect(api.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("x-request-id")).toBeTruthy();
  });

  it("logs one JSON line per request with its request id", async () => {
    const response = await fetch(`${server.origin}/healthz`);
    const requestId = response.headers.get("x-request-id");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = server
      .output()
      .split("\n")
      .find((text) => text.includes(String(requestId)));
    expect(line).toBeTruthy();
    expect(JSON.parse(line!)).toMatchObject({ requestId, method: "GET", path: "/healthz", status: 200 });
  });
});

describe("logs", () => {
  let server: ServerProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-logs-"));
  beforeAll(async () => {
    server = await startServer({
      BUILD_DIR: build.buildDir,
      DATA_DIR: path.join(dataDir, "data"),
      LOG_LEVEL: "trace",
      EMAIL_TRANSPORT: "file",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("never contain a customer's e-mail address, phone number or message, even at level trace", async () => {
    const customer = { email: "geheim.kundin@example.at", phone: "0664 9876543", message: "Mein Auto quietscht links" };
    const send = (endpoint: string, body: unknown) =>
      fetch(`${server.origin}${endpoint}`, {
        method: "POST",
        headers: { Origin: server.origin, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const [slot] = await bookableSlots(server.origin, 1);
    const booking = await send("/api/v1/appointments", { name: "Kundin", ...customer, service: "Wartung", ...slot });
    expect(booking.status).toBe(201);
    expect((await send("/api/v1/contact", { name: "Kundin", ...customer })).status).toBeLessThan(500);
    await send("/api/v1/admin/login", { email: customer.email, password: "falsch-falsch-falsch" });
    // The e-mail worker delivers both booking mails (file transport) and logs it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const output = server.output();
    expect(output).toContain('"msg":"request"');
    expect(output).not.toContain(customer.email);
    expect(output).not.toContain("9876543");
    expect(output).not.toContain("quietscht");
  });
});

describe("graceful shutdown", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-shutdown-"));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes a request in flight during SIGTERM, then exits 0 and releases the data folder", async () => {
    const server = await startServer({ BUILD_DIR: build.buildDir, DATA_DIR: path.join(dataDir, "data") });
    // A client that has sent half of its request when the signal arrives.
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let reply = "";
    socket.on("data", (chunk: Buffer) => (reply += chunk.toString()));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill("SIGTERM");
    const signalled = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    socket.write("Accept: application/json\r\n\r\n");
    await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(reply).toContain('{"status":"ok"}');
    expect(await server.exited).toBe(0);
    // It waited for the request, not for the 10-second grace period.
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, "data", "server.lock"))).toBe(false);
  }, 60_000);
});

describe("configuration errors", () => {
  it.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "nonsense"],
    ["SMTP_URL", "nonsense"],
    ["LOG_LEVEL", "loud"],
    ["PUBLIC_URL", "not a url"],
  ])("%s=%s stops the server with exit code 1 and one line naming the variable", async (name, value) => {
    const { code, output } = await runServerExpectingExit({ [name]: value, DATA_DIR: os.tmpdir() });
    expect(code).toBe(1);
    const lines = output.split("\n").filter((line) => line.trim() && !line.startsWith("npm warn"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Ungültige Konfiguration: ${name} `));
  });
});

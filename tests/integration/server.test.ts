import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, inject, it } from "vitest";
import { TRUST_PROXY_TRUE_IN_PRODUCTION } from "~/config/env.server";
import { openDatabase } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { siteScriptLoader } from "~/lib/site-script-loader";
import { themeScript } from "~/lib/theme";
import { secretKeyMessages, startMessages } from "~/messages";
import { PRERENDERED_PAGE_CACHE_CONTROL } from "../../server/static-files";
import { unpackMigratedPglite, useServer } from "../support/fixtures";
import { bookableSlots } from "../support/http";
import { runServerExpectingExit, startServer } from "../support/server-process";

// The shared production build (tests/support/global-build.ts): the real server process runs on it.
const buildDir = inject("buildDir");

/** The inline scripts (without a src) of a page. */
/** The inline scripts a browser runs (not `src`, not data blocks such as JSON-LD). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => body!,
  );
}

/** Every inline <style> is allowed by its SHA-256 in the CSP's style-src (the public pages carry their CSS inline). */
function expectInlineStylesAllowed(html: string, csp: string, page: string) {
  const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1] ?? "";
  for (const [, css] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    expect(styleSrc, page).toContain(`'sha256-${crypto.createHash("sha256").update(css!).digest("base64")}'`);
  }
}

describe("the production server", () => {
  const server = useServer();

  it("serves server-rendered HTML with the security headers, a nonce on every inline script and no caching", async () => {
    // Not prerendered: rendered by React Router for this request.
    const response = await fetch(`${server.origin}/termin-anfragen`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scriptTags = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const [, attributes] of scriptTags) expect(attributes).toContain(`nonce="${nonce}"`);
    expectInlineStylesAllowed(html, csp, "/termin-anfragen");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Plain HTTP and no https PUBLIC_URL: HSTS would be wrong here.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("serves the public pages as kept per facts version (decision 048), with the SHA-256 hashes of their inline scripts instead of a nonce", async () => {
    for (const page of ["/", "/ueber-uns", "/kontakt", "/impressum", "/datenschutz", "/agb"]) {
      const response = await fetch(`${server.origin}${page}`, { headers: { "Accept-Encoding": "identity" } });
      expect(response.status, page).toBe(200);
      const html = await response.text();
      // The same bytes and ETag again: kept, not rendered per request (no build-time file any more).
      expect(fs.existsSync(path.join(buildDir, "client", page === "/" ? "" : page, "index.html")), page).toBe(false);
      const again = await fetch(`${server.origin}${page}`, { headers: { "Accept-Encoding": "identity" } });
      expect(await again.text(), page).toBe(html);
      expect(again.headers.get("etag"), page).toBe(response.headers.get("etag"));
      expect(response.headers.get("content-type"), page).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control"), page).toBe(PRERENDERED_PAGE_CACHE_CONTROL);
      expect(response.headers.get("cache-control"), page).toBe("public, max-age=0, s-maxage=2, stale-while-revalidate=60");
      const csp = response.headers.get("content-security-policy")!;
      const scripts = inlineScripts(html);
      // The theme first; the site's module is loaded by the loader after the first paint (decision 021), never by a tag.
      const siteScript = /import\("(\/assets\/public-[\w-]+\.js)"\)/.exec(scripts[1] ?? "")?.[1];
      expect(siteScript && fs.existsSync(path.join(buildDir, "client", siteScript)), page).toBe(true);
      expect(scripts, page).toEqual([themeScript, siteScriptLoader(siteScript!)]);
      expect(html, page).not.toMatch(/<script[^>]*\ssrc=/);
      for (const script of scripts) {
        expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`);
      }
      expect(html).not.toContain("nonce=");
      expectInlineStylesAllowed(html, csp, page);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("answers a public page's ETag with 304", async () => {
    const first = await fetch(`${server.origin}/ueber-uns`, { headers: { "Accept-Encoding": "identity" } });
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const again = await fetch(`${server.origin}/ueber-uns`, { headers: { "Accept-Encoding": "identity", "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("cache-control")).toBe(PRERENDERED_PAGE_CACHE_CONTROL);
  });

  it.each([
    ["br", (body: Buffer) => zlib.brotliDecompressSync(body)],
    ["gzip", (body: Buffer) => zlib.gunzipSync(body)],
  ])(
    "sends the precompressed %s copy of a public page to a browser that accepts it, with Vary: Accept-Encoding",
    async (encoding, decode) => {
      const plain = await (await fetch(`${server.origin}/`, { headers: { "Accept-Encoding": "identity" } })).text();
      // Raw, so that the body is the bytes on the wire (fetch would decode them).
      const { headers, body } = await rawGet(server.port, "/", { "Accept-Encoding": encoding });
      expect(headers["content-encoding"]).toBe(encoding);
      expect(headers["vary"]).toMatch(/accept-encoding/i);
      expect(headers["cache-control"]).toBe(PRERENDERED_PAGE_CACHE_CONTROL);
      expect(decode(body).toString("utf8")).toBe(plain);
      const identity = await rawGet(server.port, "/", { "Accept-Encoding": "identity" });
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(identity.headers["vary"]).toMatch(/accept-encoding/i);
    },
  );

  it("answers HEAD of a public page with its headers and no body", async () => {
    const response = await fetch(`${server.origin}/kontakt`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe(PRERENDERED_PAGE_CACHE_CONTROL);
    expect(await response.text()).toBe("");
  });

  it("does not answer a POST to a public page with the page", async () => {
    const page = await (await fetch(`${server.origin}/`)).text();
    const response = await fetch(`${server.origin}/`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get("cache-control")).not.toBe(PRERENDERED_PAGE_CACHE_CONTROL);
    expect(await response.text()).not.toBe(page);
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

  it("keeps the password policy on the server: no estimator, dictionary or warning in the browser's assets", () => {
    const assets = path.join(buildDir, "client/assets");
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const leaks = scripts.filter((name) => /zxcvbn|ichliebedich|Tastaturreihe/.test(fs.readFileSync(path.join(assets, name), "utf8")));
    expect(leaks).toEqual([]);
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

/** A GET over a raw socket-level request: the body as sent, undecoded. */
function rawGet(
  port: number,
  pathname: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

/** A Wednesday a week or more ahead, at 10:00: three appointments that held nothing before the resources (issue 27). */
const BEFORE_RESOURCES = { date: nextWednesday(), time: "10:00" };

function nextWednesday(): string {
  const day = new Date(Date.now() + 8 * 86_400_000);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

describe("logs", () => {
  // A database from before the resources, started with SLOT_CAPACITY still set: the first start enters
  // two lifts and two mechanics and places two of the three appointments at one time (decision 039).
  const server = useServer(
    { LOG_LEVEL: "trace", EMAIL_TRANSPORT: "file", SLOT_CAPACITY: "2" },
    {
      beforeStart: async (dataDir) => {
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          await database.db.insert(appointments).values(
            ["a", "b", "c"].map((letter, index) => ({
              name: "Vorher",
              email: `vorher-${letter}@example.at`,
              phone: "0664 1234567",
              service: "Wartung",
              status: index === 2 ? ("beantragt" as const) : ("bestätigt" as const),
              ...BEFORE_RESOURCES,
            })),
          );
        } finally {
          await database.close();
        }
      },
    },
  );

  it("the first start after the update places the active appointments and names in German what it could not place, and that SLOT_CAPACITY is retired", () => {
    const output = server.output();
    expect(output).toContain(startMessages.unplacedAppointments(1));
    expect(startMessages.unplacedAppointments(1)).toBe(
      "1 aktiver Termin hat keine freie Hebebühne, keinen Prüfplatz oder keine Mechaniker:in bekommen: Bitte im Admin-Board verschieben oder stornieren.",
    );
    expect(output).toContain(`"date":"${BEFORE_RESOURCES.date}","time":"10:00"`);
    expect(output).not.toContain("vorher-");
    expect(output).toContain(startMessages.slotCapacityRetired);
    expect(startMessages.slotCapacityRetired).toContain("„Werkstatt“");
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

  it("never contain a secret link's token, whatever follows it and however it is encoded", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    // One character percent-encoded: the router decodes it, so the link still works.
    const encoded = `${token.slice(0, 21)}%${token.charCodeAt(21).toString(16).toUpperCase()}${token.slice(22)}`;
    const paths = [
      `/termin/${token})`,
      `/termin/${token},`,
      `/termin/${token}!`,
      `/erinnerung/abmelden/${token}'`,
      `/termin/${token}%20`,
      `/termin/${encoded}`,
      `/erinnerung/abmelden/${encoded}`,
    ];
    const requestIds: string[] = [];
    for (const pathname of paths) {
      const response = await fetch(`${server.origin}${pathname}`);
      await response.arrayBuffer();
      requestIds.push(response.headers.get("x-request-id")!);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const output = server.output();
    // Neither the token nor the halves around its encoded character.
    for (const part of [token, token.slice(0, 21), token.slice(22)]) expect(output).not.toContain(part);
    const logged = output
      .split("\n")
      .filter((line) => requestIds.some((requestId) => line.includes(requestId)))
      .map((line) => (JSON.parse(line) as { path: string }).path);
    expect(logged).toEqual([
      "/termin/[token])",
      "/termin/[token],",
      "/termin/[token]!",
      "/erinnerung/abmelden/[token]'",
      "/termin/[token]%20",
      "/termin/[token]",
      "/erinnerung/abmelden/[token]",
    ]);
  });
});

describe("graceful shutdown", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-shutdown-"));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes a request in flight during SIGTERM, then exits 0 and releases the data folder", async () => {
    const server = await startServer({ BUILD_DIR: buildDir, DATA_DIR: path.join(dataDir, "data") });
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
    // /readyz answers ready (its details name the last backup, decision 041).
    expect(reply).toContain('{"status":"ok",');
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
    const { code, output } = await runServerExpectingExit({ [name]: value, DATA_DIR: os.tmpdir(), BUILD_DIR: buildDir });
    expect(code).toBe(1);
    const lines = output.split("\n").filter((line) => line.trim() && !line.startsWith("npm warn"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Ungültige Konfiguration: ${name} `));
  });

  /** What stands in the way at the start (issue 31, finding 12): one German line and exit code 1, never a stack trace. */
  describe("something outside the app in the way", () => {
    const start = async (env: Record<string, string>) => {
      const { code, output } = await runServerExpectingExit({ LOG_LEVEL: "error", BUILD_DIR: buildDir, ...env });
      return { code, lines: output.split("\n").filter((line) => line.trim() && !line.startsWith("npm warn")) };
    };
    const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "hc-start-"));

    it("a port in use, before the e-mail worker or any job has started", async () => {
      const other = net.createServer().listen(0, "127.0.0.1");
      await new Promise((resolve) => other.once("listening", resolve));
      const port = (other.address() as net.AddressInfo).port;
      const dataDir = tmp();
      unpackMigratedPglite(dataDir);
      try {
        const { code, lines } = await start({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, EMAIL_TRANSPORT: "file" });
        expect([code, lines]).toEqual([1, [startMessages.portInUse("127.0.0.1", port)]]);
        // The data folder is free again for the next start (the lock went with the database).
        expect(fs.readdirSync(dataDir)).not.toContain("server.lock");
      } finally {
        other.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("a data folder that cannot be created", async () => {
      const parent = tmp();
      try {
        fs.writeFileSync(path.join(parent, "datei"), "");
        const dataDir = path.join(parent, "datei", "daten");
        const { code, lines } = await start({ DATA_DIR: dataDir });
        expect(code).toBe(1);
        expect(lines).toEqual([startMessages.dataDirUnusable(dataDir, `ENOTDIR: not a directory, mkdir '${dataDir}'`)]);
      } finally {
        fs.rmSync(parent, { recursive: true, force: true });
      }
    });

    it("a damaged embedded database", async () => {
      const dataDir = tmp();
      try {
        fs.mkdirSync(path.join(dataDir, "db"));
        fs.writeFileSync(path.join(dataDir, "db", "PG_VERSION"), "99\n");
        const { code, lines } = await start({ DATA_DIR: dataDir });
        expect(code).toBe(1);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^Die eingebettete Datenbank in .* lässt sich nicht öffnen .*npm run restore/);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("PostgreSQL in production without APP_SECRET (decision 035): one line, before the database is even tried", async () => {
      const dataDir = tmp();
      try {
        const { code, lines } = await start({
          DATA_DIR: dataDir,
          DATABASE_URL: "postgres://happy:geheim-123@127.0.0.1:1/happy",
          APP_SECRET: "",
        });
        expect([code, lines]).toEqual([1, [startMessages.appSecretMissing]]);
        // Nothing on this instance's disk: no key file stands in for the missing secret.
        expect(fs.readdirSync(dataDir)).toEqual([]);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("a key file that holds no key: one line naming it, and the data folder is free again", async () => {
      const dataDir = tmp();
      unpackMigratedPglite(dataDir);
      try {
        const keyFile = path.join(dataDir, "secret.key");
        fs.writeFileSync(keyFile, "kurz\n", { mode: 0o600 });
        const { code, lines } = await start({ DATA_DIR: dataDir, EMAIL_TRANSPORT: "file" });
        expect([code, lines]).toEqual([1, [startMessages.keyUnusable(secretKeyMessages.badKeyFile(keyFile))]]);
        expect(fs.readFileSync(keyFile, "utf8")).toBe("kurz\n");
        expect(fs.readdirSync(dataDir)).not.toContain("server.lock");
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("a PostgreSQL that does not answer, without its address or password", async () => {
      const { code, lines } = await start({ DATA_DIR: os.tmpdir(), DATABASE_URL: "postgres://happy:geheim-123@127.0.0.1:1/happy" });
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Die PostgreSQL-Datenbank \(DATABASE_URL\) ist nicht erreichbar/);
      expect(lines[0]).not.toContain("geheim");
    });
  });

  it("TRUST_PROXY=true in production stops the server, asking for the number of proxies or their subnets", async () => {
    const { code, output } = await runServerExpectingExit({ TRUST_PROXY: "true", DATA_DIR: os.tmpdir(), BUILD_DIR: buildDir });
    expect(code).toBe(1);
    const lines = output.split("\n").filter((line) => line.trim() && !line.startsWith("npm warn"));
    expect(lines).toEqual([`Ungültige Konfiguration: TRUST_PROXY ${TRUST_PROXY_TRUE_IN_PRODUCTION}`]);
  });
});

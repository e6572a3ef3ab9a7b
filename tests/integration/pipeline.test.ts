import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "~/lib/http.server";
import { loginRequiredMessage } from "~/messages";
import { UNKNOWN_ENDPOINT_MESSAGE } from "../../server/api/answers";
import { MALFORMED_HOST_MESSAGE } from "../../server/host-check";
import { useServer } from "../support/fixtures";
import type { ServerProcess } from "../support/server-process";

/**
 * Issue 12, one request pipeline: the answers every route shares, over raw
 * HTTP against the real server (`node server.js`, the shared production
 * build): a malformed Host is a German 400, an oversized body a German 413
 * that closes the connection, and nothing of the admin area is cacheable,
 * however its URL is spelled.
 */
const ADMIN = { email: "pipeline@happycar.example", password: "Pipeline-Passwort-2026!" };
const TOO_LARGE_MESSAGE = "Die Anfrage ist zu groß.";

type RawReply = { status: number; headers: Record<string, string>; body: string; closedByServer: boolean; raw: string };

/** Decodes a chunked body (chunk sizes count bytes). */
function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", offset);
    if (lineEnd < 0) return Buffer.concat([...parts, bytes.subarray(offset)]);
    const size = Number.parseInt(bytes.subarray(offset, lineEnd).toString("latin1"), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/**
 * Sends `head` (and `body`) as written, byte for byte (fetch and http.request
 * would fix a malformed Host), and reads the answer until the server closes
 * the connection or, when it keeps it open, for `waitMs`.
 */
function rawRequest(port: number, head: string, body: Buffer | string = "", waitMs = 1_500): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString("utf8");
      const split = bytes.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`no HTTP answer (closed: ${closedByServer}): ${JSON.stringify(raw)}`));
      const [statusLine = "", ...headerLines] = bytes.subarray(0, split).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rawBody = bytes.subarray(split + 4);
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: (headers["transfer-encoding"] === "chunked" ? dechunk(rawBody) : rawBody).toString("utf8"),
        closedByServer,
        raw,
      });
    };
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(() => {
        socket.destroy();
        finish();
      }, waitMs);
    });
    // The server may close while the rest of a refused body is still being written: not an error here.
    socket.on("error", () => {});
    socket.once("close", () => {
      closedByServer = true;
      finish();
    });
    socket.once("connect", () => {
      socket.write(head);
      if (body.length) socket.write(body);
    });
  });
}

/** The log line of a request with this id, parsed. */
function logLineOf(server: ServerProcess, requestId: string): Record<string, unknown> | undefined {
  const line = server
    .output()
    .split("\n")
    .find((text) => text.includes(`"requestId":"${requestId}"`) && text.includes('"msg":"request"'));
  return line ? (JSON.parse(line) as Record<string, unknown>) : undefined;
}

async function waitForLogLine(server: ServerProcess, requestId: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const line = logLineOf(server, requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/** Nothing of the framework's or Node's English, no stack trace. */
function expectNoLeak(text: string) {
  expect(text).not.toMatch(/Internal Server Error|Bad Request|Payload Too Large|Unexpected Server Error/i);
  expect(text).not.toMatch(/\n\s+at [\w.<>]+ \(|node_modules|\.ts:\d+/);
}

describe("the one request pipeline (issue 12)", () => {
  const server = useServer({
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    EMAIL_WORKER: "false",
    BOOKING_RATE_LIMIT: "0",
    BOOKING_DAILY_LIMIT: "0",
    CONTACT_RATE_LIMIT: "0",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });

  const host = () => `127.0.0.1:${server.port}`;

  describe("a malformed Host or forwarding header → 400 in German", () => {
    const cases: [string, string][] = [
      ["Host with a space", "HTTP/1.1\r\nHost: exa mple"],
      ["Host with an unclosed IPv6 bracket", "HTTP/1.1\r\nHost: [::1"],
      ["Host with a path", "HTTP/1.1\r\nHost: example.com/evil"],
      ["no Host at all (HTTP/1.0)", "HTTP/1.0"],
      ["a malformed X-Forwarded-Host behind the trusted proxy", "HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-Host: exa mple"],
      ["an X-Forwarded-Host with a bracket", "HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-Host: [::1"],
      ["an X-Forwarded-Proto that is not http(s)", "HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-Proto: javascript"],
      ["an X-Forwarded-Proto with a space", "HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-Proto: ht tp"],
    ];

    it.each(cases)("%s: JSON {error, requestId} on /api/v1/contact", async (_label, lines) => {
      const reply = await rawRequest(
        server.port,
        `GET /api/v1/contact ${lines.replace("{host}", host())}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
      );
      expect(reply.status).toBe(400);
      expect(reply.headers["content-type"]).toMatch(/^application\/json/);
      const body = JSON.parse(reply.body) as { error: string; requestId: string };
      expect(body).toEqual({ error: MALFORMED_HOST_MESSAGE, requestId: reply.headers["x-request-id"] });
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expectNoLeak(reply.body);
    });

    it.each(cases)("%s: a German HTML page on a page", async (_label, lines) => {
      const reply = await rawRequest(server.port, `GET /termin-anfragen ${lines.replace("{host}", host())}\r\nConnection: close\r\n\r\n`);
      expect(reply.status).toBe(400);
      expect(reply.headers["content-type"]).toMatch(/^text\/html/);
      expect(reply.body).toContain('<html lang="de">');
      expect(reply.body).toContain(MALFORMED_HOST_MESSAGE);
      expect(reply.body).toContain(String(reply.headers["x-request-id"]));
      expectNoLeak(reply.body);
    });

    it("a well-formed Host and forwarding headers pass (the check is not a blanket refusal)", async () => {
      const reply = await rawRequest(
        server.port,
        `GET /api/v1/slots?date=2099-01-01 HTTP/1.1\r\nHost: ${host()}\r\nX-Forwarded-Host: www.happycar.example\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n`,
      );
      expect(reply.status).not.toBe(400);
      expect(reply.status).toBeLessThan(500);
    });
  });

  describe("a body over 16 KB → 413 answered in German, the connection closed, the status logged", () => {
    const big = "x".repeat(MAX_BODY_BYTES + 4096);
    const targets: { path: string; contentType: string; body: string; json: boolean }[] = [
      {
        path: "/api/v1/contact",
        contentType: "application/json",
        body: JSON.stringify({ name: "A", email: "a@example.at", message: big }),
        json: true,
      },
      { path: "/api/v1/appointments", contentType: "application/json", body: JSON.stringify({ name: "A", message: big }), json: true },
      {
        path: "/api/v1/admin/login",
        contentType: "application/json",
        body: JSON.stringify({ email: ADMIN.email, password: big }),
        json: true,
      },
      { path: "/admin-login", contentType: "application/x-www-form-urlencoded", body: `email=a%40b.at&password=${big}`, json: false },
      {
        path: "/termin-anfragen",
        contentType: "application/x-www-form-urlencoded",
        body: `booking-name=A&booking-message=${big}`,
        json: false,
      },
      {
        path: "/nachricht-senden",
        contentType: "application/x-www-form-urlencoded",
        body: `variant=full&contact-message=${big}`,
        json: false,
      },
    ];
    const framings = [
      {
        name: "chunked (no Content-Length)",
        head: (target: (typeof targets)[number]) =>
          `POST ${target.path} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\nContent-Type: ${target.contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        body: (target: (typeof targets)[number]) => {
          // In 4 KB chunks, the last chunk and its terminator included.
          const bytes = Buffer.from(target.body);
          const parts: Buffer[] = [];
          for (let offset = 0; offset < bytes.length; offset += 4096) {
            const chunk = bytes.subarray(offset, offset + 4096);
            parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
          }
          parts.push(Buffer.from("0\r\n\r\n"));
          return Buffer.concat(parts);
        },
      },
      {
        name: "declared Content-Length",
        head: (target: (typeof targets)[number]) =>
          `POST ${target.path} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\nContent-Type: ${target.contentType}\r\nContent-Length: ${Buffer.byteLength(target.body)}\r\n\r\n`,
        body: (target: (typeof targets)[number]) => Buffer.from(target.body),
      },
    ];

    for (const framing of framings) {
      it.each(targets)(`${framing.name}: POST $path`, async (target) => {
        const reply = await rawRequest(server.port, framing.head(target), framing.body(target), 5_000);
        expect(reply.status).toBe(413);
        expect(reply.headers.connection).toBe("close");
        expect(reply.closedByServer).toBe(true);
        expectNoLeak(reply.body);
        if (target.json) {
          expect(reply.headers["content-type"]).toMatch(/^application\/json/);
          expect(JSON.parse(reply.body)).toEqual({ error: TOO_LARGE_MESSAGE });
        } else {
          expect(reply.headers["content-type"]).toMatch(/^text\/html/);
          expect(reply.body).toContain(TOO_LARGE_MESSAGE);
        }
        const requestId = reply.headers["x-request-id"]!;
        expect(await waitForLogLine(server, requestId)).toMatchObject({ requestId, method: "POST", path: target.path, status: 413 });
      });
    }

    it("a small body on the same kind of connection is answered and the connection stays open", async () => {
      const body = JSON.stringify({ email: ADMIN.email, password: "falsch" });
      const reply = await rawRequest(
        server.port,
        `POST /api/v1/admin/login HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
        body,
        500,
      );
      expect(reply.status).toBe(401);
      expect(reply.headers.connection).not.toBe("close");
      expect(reply.closedByServer).toBe(false);
    });
  });

  // The deployment guide's nginx ends TLS and passes X-Forwarded-Proto (and Host or X-Forwarded-Host):
  // React Router refuses a page's form post whose Origin differs from its request URL's origin.
  describe("a page's form post behind the trusted TLS proxy", () => {
    const form = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }).toString();
    it.each([
      ["Host as the proxy passes it", "Host: werkstatt.example"],
      ["X-Forwarded-Host", "Host: {host}\r\nX-Forwarded-Host: werkstatt.example"],
    ])("%s: the login form logs in (302 with the session cookie), not 400 or 403", async (_label, hostLines) => {
      const reply = await rawRequest(
        server.port,
        `POST /admin-login HTTP/1.1\r\n${hostLines.replace("{host}", host())}\r\nX-Forwarded-Proto: https\r\nX-Forwarded-For: 203.0.113.20\r\n` +
          `Origin: https://werkstatt.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(form)}\r\nConnection: close\r\n\r\n`,
        form,
      );
      expect(reply.status).toBe(302);
      expect(reply.headers.location).toBe("/admin");
      expect(reply.raw).toMatch(/^set-cookie: (__Host-)?hc_admin=[^;\r\n]+;/im);
    });

    it("a foreign Origin is still refused there", async () => {
      const reply = await rawRequest(
        server.port,
        `POST /admin-login HTTP/1.1\r\nHost: werkstatt.example\r\nX-Forwarded-Proto: https\r\nOrigin: https://evil.example\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(form)}\r\nConnection: close\r\n\r\n`,
        form,
      );
      expect(reply.status).toBe(403);
      expect(reply.headers["set-cookie"]).toBeUndefined();
    });
  });

  describe("no-store on every answer of the admin area, however the URL is spelled", () => {
    let cookie = "";
    beforeAll(async () => {
      const login = await fetch(`${server.origin}/api/v1/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.origin },
        body: JSON.stringify(ADMIN),
      });
      expect([200, 204]).toContain(login.status);
      cookie = login.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      expect(cookie).not.toBe("");
    });

    const get = (pathname: string, headers: Record<string, string> = {}) =>
      fetch(`${server.origin}${pathname}`, { redirect: "manual", headers });

    it.each([
      // Routing is case-sensitive: another spelling is no endpoint, but still the API's German JSON 404 (server/app.ts).
      ["/API/V1/ADMIN/appointments", [404]],
      // Hono routes the decoded path, and the admin guard sees the same: an encoded spelling is guarded.
      ["/api/v1/%61dmin/appointments", [401]],
      ["/api/v1/admin/appointments", [401]],
      ["/Admin", [302, 404]],
      ["/admin", [302]],
      ["/admin/emails", [302]],
      ["/admin-login", [200]],
      ["/admin-setup", [200, 302, 303, 404, 410]],
    ])("without a session: GET %s → no-store", async (pathname, statuses) => {
      const response = await get(pathname);
      expect(statuses).toContain(response.status);
      expect(response.headers.get("cache-control")).toBe("no-store");
      if (response.status === 401) expect(await response.json()).toEqual({ error: loginRequiredMessage });
      if (/^\/api\//i.test(pathname) && response.status === 404) {
        expect(await response.json()).toEqual({ error: UNKNOWN_ENDPOINT_MESSAGE, requestId: response.headers.get("x-request-id") });
      }
      if (response.status === 302) expect(response.headers.get("location")).toMatch(/^\/admin-login\?redirectTo=/);
    });

    it.each(["/admin", "/admin/emails", "/api/v1/admin/appointments"])("with a session: GET %s → 200 and no-store", async (pathname) => {
      const response = await get(pathname, { Cookie: cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it.each(["/API/V1/ADMIN/appointments", "/API/V1/Admin/Appointments"])(
      "with a session: GET %s (another spelling) → the API's German JSON 404, no-store, no admin data",
      async (pathname) => {
        const response = await get(pathname, { Cookie: cookie });
        expect(response.status).toBe(404);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ error: UNKNOWN_ENDPOINT_MESSAGE, requestId: response.headers.get("x-request-id") });
      },
    );

    it("with a session, an encoded spelling of an admin endpoint is guarded and the same endpoint: 200, no-store", async () => {
      const plain = await get("/api/v1/admin/appointments", { Cookie: cookie });
      const response = await get("/api/v1/%61dmin/appointments", { Cookie: cookie });
      expect([plain.status, response.status]).toEqual([200, 200]);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as unknown;
      expect(body).toMatchObject({ items: expect.any(Array), page: 1 });
      expect(body).toEqual(await plain.json());
    });

    it("with a session, React Router's data request of an admin page is no-store too", async () => {
      const response = await get("/admin.data", { Cookie: cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });
  });
});

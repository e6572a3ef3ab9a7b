import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { addDays } from "~/domain/calendar-date";
import { bookingWindow } from "~/domain/slots";
import { MAX_BODY_BYTES, REQUEST_TOO_LARGE_MESSAGE } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { loginRequiredMessage } from "~/messages";
import { adminMessages, loginMessages } from "~/messages";
import { METHOD_NOT_ALLOWED_MESSAGE, UNKNOWN_ENDPOINT_MESSAGE } from "../../server/api/answers";
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE, UNEXPECTED_FAILURE_MESSAGE } from "../../server/errors";
import { type ApiApp, startApiApp } from "../support/api-app";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { createAdminAccount, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { siteSlotRules } from "../support/slot-rules";

type RawReply = { status: number; headers: Record<string, string>; body: string; ms: number };

/**
 * Sends `head` (and `body`, if any) on a raw socket and resolves with the first answer, without
 * waiting for the body to be complete: the server must answer a refused body before it ends.
 */
function rawRequest(origin: string, head: string, body = ""): Promise<RawReply> {
  const { hostname, port } = new URL(origin);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      const split = received.indexOf("\r\n\r\n");
      if (split === -1) return;
      const [statusLine = "", ...lines] = received.slice(0, split).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      const length = Number(headers["content-length"] ?? "0");
      if (Buffer.byteLength(received.slice(split + 4)) < length) return;
      socket.destroy();
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: received.slice(split + 4), ms: Date.now() - started });
    });
    socket.on("error", reject);
    socket.write(head);
    if (body) socket.write(body);
  });
}

/** The JSON API's router as a client meets it (server/api/index.ts, server/errors.ts). */
describe("the JSON API's router", () => {
  // One account and its session serve every test of the block: the tables are not emptied in between.
  const database = useTestDatabase("pglite", { emptyBeforeEach: false });
  const app = useApiApp(database);
  let cookie = "";
  beforeAll(async () => {
    const admin = await createAdminAccount(database.db);
    cookie = await sessionCookieOf(database.db, admin.id);
  });

  const host = () => new URL(app.origin).host;

  it("a declared body over 16 KB → 413 before any of it is sent, the connection closed", async () => {
    const reply = await rawRequest(
      app.origin,
      `POST /api/v1/contact HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${app.origin}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n`,
    );
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe("close");
    expect(JSON.parse(reply.body)).toEqual({ error: REQUEST_TOO_LARGE_MESSAGE });
    expect(reply.ms).toBeLessThan(5_000);
  });

  it("a chunked body that never ends → 413 once it passes 16 KB, without waiting for its end", async () => {
    const chunk = "x".repeat(4096);
    const chunks = Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const reply = await rawRequest(
      app.origin,
      `POST /api/v1/appointments HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${app.origin}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunks,
    );
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe("close");
    expect(JSON.parse(reply.body)).toEqual({ error: REQUEST_TOO_LARGE_MESSAGE });
    expect(6 * 4096).toBeGreaterThan(MAX_BODY_BYTES);
  });

  it("the admin guard answers before a body is refused: without a session 401, not 413", async () => {
    const response = await app.request("/api/v1/admin/users", { body: "x".repeat(MAX_BODY_BYTES + 1), contentType: "application/json" });
    expect(response.status).toBe(401);
  });

  it("a compressed or otherwise unreadable body is a German 400, never a 500", async () => {
    const response = await app.request("/api/v1/contact", {
      body: "kein gzip",
      contentType: "application/json",
      headers: { "Content-Encoding": "gzip" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Die Anfrage enthält kein gültiges JSON." });
  });

  it("a path parameter that is no valid percent-encoding → the handler's German 404 for an unknown id, not logged as a failure", async () => {
    // Hono keeps a parameter it cannot decode as sent: "%E0" is no appointment id.
    const errors = vi.spyOn(logger, "error");
    try {
      const response = await app.request("/api/v1/admin/appointments/%E0", { cookie });
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: adminMessages.notFound });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("a percent-encoded path is routed decoded, and the admin guard sees it so: without a session 401, no-store", async () => {
    const response = await app.request("/api/v1/%61dmin/appointments");
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: loginRequiredMessage });
  });

  it("with a session, a percent-encoded path is the same admin endpoint: 200, no-store, the same answer", async () => {
    const plain = await app.request("/api/v1/admin/appointments", { cookie });
    const encoded = await app.request("/api/v1/%61dmin/appointments", { cookie });
    expect([plain.status, encoded.status]).toEqual([200, 200]);
    expect(encoded.headers.get("cache-control")).toBe("no-store");
    const body = (await encoded.json()) as unknown;
    expect(body).toMatchObject({ items: expect.any(Array), page: 1 });
    expect(body).toEqual(await plain.json());
  });

  /** Routing is case-sensitive: only `/api/v1/…` in lower case reaches an endpoint; any other spelling stays an API answer. */
  const otherSpellings = [
    "/API/V1/ADMIN/appointments",
    "/Api/V1/Admin/appointments",
    "/api/V1/admin/appointments",
    "/api/v1/ADMIN/appointments",
    "/api/v1/Admin/appointments",
    "/API/V1/SLOTS?date=Unsinn",
  ];
  for (const session of [false, true]) {
    it.each(otherSpellings)(
      `${session ? "with" : "without"} a session: GET %s → the API's German JSON 404, no-store, no admin data`,
      async (path) => {
        const errors = vi.spyOn(logger, "error");
        try {
          const response = await app.request(path, session ? { cookie } : {});
          expect(response.status).toBe(404);
          expect(response.headers.get("cache-control")).toBe("no-store");
          expect(response.headers.get("content-type")).toMatch(/^application\/json/);
          // Below the mount point (/api/v1/) the API's own catch-all answers; any other spelling, the pipeline's (server/app.ts).
          const expected = path.startsWith("/api/v1/")
            ? { error: UNKNOWN_ENDPOINT_MESSAGE }
            : { error: UNKNOWN_ENDPOINT_MESSAGE, requestId: response.headers.get("x-request-id") };
          expect(await response.json()).toEqual(expected);
          expect(errors).not.toHaveBeenCalled();
        } finally {
          errors.mockRestore();
        }
      },
    );
  }

  it("a repeated query parameter counts with its first value, as the URL standard reads it", async () => {
    const date = addDays(bookingWindow(new Date(), siteSlotRules).today, 7);
    const response = await app.request(`/api/v1/slots?date=${date}&date=Unsinn`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ date });
  });

  it("a trailing slash names the same endpoint: slots answer, the login stays reachable without a session", async () => {
    const date = addDays(bookingWindow(new Date(), siteSlotRules).today, 7);
    const slots = await app.request(`/api/v1/slots/?date=${date}`);
    expect(slots.status).toBe(200);
    expect(await slots.json()).toMatchObject({ date });
    const login = await app.request("/api/v1/admin/login/", {
      json: { email: "niemand@happycar.example", password: "falsches-Passwort-1" },
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ error: loginMessages.wrongPassword });
    const guarded = await app.request("/api/v1/admin/appointments/");
    expect(guarded.status).toBe(401);
    expect(await guarded.json()).toEqual({ error: loginRequiredMessage });
  });

  it("no ETag on JSON, so no 304 for a no-store answer", async () => {
    const date = addDays(bookingWindow(new Date(), siteSlotRules).today, 7);
    const first = await app.request(`/api/v1/slots?date=${date}`);
    expect(first.headers.get("etag")).toBeNull();
    const again = await app.request(`/api/v1/slots?date=${date}`, { headers: { "If-None-Match": "*" } });
    expect(again.status).toBe(200);
  });

  it.each([
    ["/api/v1/nichts", 404, { error: UNKNOWN_ENDPOINT_MESSAGE }, undefined],
    ["/api/v1/appointments", 405, { error: METHOD_NOT_ALLOWED_MESSAGE }, "POST"],
    ["/api/v1/slots?date=Unsinn", 400, { error: "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an." }, undefined],
  ])("GET %s → %i in German JSON, no-store", async (path, status, body, allow) => {
    const response = await app.request(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("allow") ?? undefined).toBe(allow);
    expect(await response.json()).toEqual(body);
  });
});

describe("the JSON API's router when the database fails", () => {
  let app: ApiApp;
  let database: TestDatabase;
  afterAll(async () => {
    await app?.close();
  });

  async function requestLogged(path: string) {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const response = await app.request(path);
      return { response, body: (await response.json()) as unknown, logged: errors.mock.calls.length };
    } finally {
      errors.mockRestore();
    }
  }

  it("an unexpected error in a handler → German 500 with the request id, no-store, logged once", async () => {
    const broken = new Proxy({} as Database, {
      get() {
        throw new Error("kaputt");
      },
    });
    app = await startApiApp(broken);
    const { response, body, logged } = await requestLogged(
      `/api/v1/slots?date=${addDays(bookingWindow(new Date(), siteSlotRules).today, 7)}`,
    );
    expect(response.status).toBe(500);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({ error: UNEXPECTED_FAILURE_MESSAGE, requestId: response.headers.get("x-request-id") });
    expect(logged).toBe(1);
    await app.close();
  });

  it("a database that cannot be reached → German 503 with Retry-After, no-store, logged once", async () => {
    database = await createTestDatabase("pglite");
    app = await startApiApp(database.db);
    await database.close();
    const { response, body, logged } = await requestLogged(
      `/api/v1/slots?date=${addDays(bookingWindow(new Date(), siteSlotRules).today, 7)}`,
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE, requestId: response.headers.get("x-request-id") });
    expect(logged).toBe(1);
  });
});

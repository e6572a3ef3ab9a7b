import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { appointments } from "~/db/schema";
import { addDays } from "~/domain/calendar-date";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { action } from "~/routes/api/appointments";
import { loader as slotsLoader } from "~/routes/api/slots";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../tests/support/databases";
import { clientAddress } from "./booking-fast-path";
import { createApp } from "./create-app";

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: unknown };

/** A raw POST: `chunks` are written one by one, so without content-length the body is chunked. */
function rawPost(port: number, headers: Record<string, string>, chunks: (string | Buffer)[]): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: "/api/v1/appointments", method: "POST", headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (chunk: Buffer) => parts.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(parts).toString()) }));
    });
    // The server may answer 413 and close before the whole body is written.
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

describe("clientAddress", () => {
  // Express's own req.ip for the same trust proxy settings is the reference.
  let server: http.Server;
  let port: number;
  let trust: boolean | number = false;
  beforeAll(async () => {
    const app = express();
    app.get("/", (req, res) => {
      app.set("trust proxy", trust);
      res.json({ express: req.ip, ours: clientAddress(req, trust) });
    });
    server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const forwardedFor = [undefined, "203.0.113.7", "203.0.113.7, 198.51.100.2", "203.0.113.7,198.51.100.2, 192.0.2.1", " , 198.51.100.2"];
  it.each([false, true, 1, 2, 3])("matches Express's req.ip with trust proxy = %s", async (setting) => {
    trust = setting;
    for (const header of forwardedFor) {
      const reply = await fetch(`http://127.0.0.1:${port}/`, { headers: header === undefined ? {} : { "X-Forwarded-For": header } });
      const { express: expected, ours } = (await reply.json()) as { express: string; ours: string };
      expect(ours, `X-Forwarded-For: ${header}`).toBe(expected);
    }
  });
});

describe.each(testDatabaseKinds)("POST /api/v1/appointments fast path on %s", (kind) => {
  let database: TestDatabase;
  let server: http.Server;
  let port: number;
  let origin: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const app = createApp({
      config: parseEnv({ NODE_ENV: "production" }),
      db: database.db,
      // Anything that reached React Router would fail: every answer below comes from the fast path.
      build: () => Promise.reject(new Error("no React Router build in this test")),
    });
    server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.close();
  });
  beforeEach(() => database.reset());

  /** What the React Router action answers for the same body (the reference). */
  async function actionAnswer(contentType: string, body: string, clientIp: string) {
    const request = new Request(`${origin}/api/v1/appointments`, { method: "POST", headers: { "Content-Type": contentType }, body });
    const context = { db: database.db, clientIp, requestId: "test", cspNonce: "", publicOrigin: origin };
    const response = await action({ request, context, params: {} } as never);
    return { status: response.status, body: await response.json() };
  }

  /** A customer on the first slot a week ahead that is bookable (the slots API is React Router's). */
  function customer(n: number) {
    const now = new Date();
    for (let date = addDays(bookingWindow(now).today, 7); ; date = addDays(date, 1)) {
      const slot = daySchedule(date, now).slots.find((candidate) => candidate.bookable);
      if (slot) return { name: "Anna Muster", email: `anna${n}@example.at`, phone: "0664 1234567", service: "Wartung", date, time: slot.time };
    }
  }

  it("gives the action's answer for every kind of bad body, with the headers every response gets", async () => {
    const cases: [string, string][] = [
      ["text/plain", "{}"],
      ["application/json", "{kein json"],
      ["application/json", "[1, 2]"],
      ["application/json", "{}"],
      ["application/json", JSON.stringify({ ...(customer(0)), email: "keine-adresse", time: "07:00" })],
      ["application/json", JSON.stringify({ ...(customer(0)), name: "x\ud800" })],
    ];
    for (const [contentType, body] of cases) {
      const reply = await rawPost(port, { "Content-Type": contentType, Origin: origin }, [body]);
      expect({ status: reply.status, body: reply.body }, `${contentType} ${body}`).toEqual(await actionAnswer(contentType, body, "192.0.2.1"));
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    expect(await database.db.select().from(appointments)).toEqual([]);
  });

  it("stores a valid request (201), then answers 409 for the taken slot, like the action", async () => {
    const first = customer(0);
    const created = await rawPost(port, { "Content-Type": "application/json", Origin: origin }, [JSON.stringify(first)]);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "beantragt" });
    const [row] = await database.db.select().from(appointments);
    expect(row).toMatchObject({ id: (created.body as { id: string }).id, email: first.email, date: first.date, time: first.time });

    const again = JSON.stringify({ ...first, email: "berta@example.at" });
    const taken = await rawPost(port, { "Content-Type": "application/json", Origin: origin }, [again]);
    expect({ status: taken.status, body: taken.body }).toEqual(await actionAnswer("application/json", again, "192.0.2.1"));
    expect(taken.body).toMatchObject({ code: "slot-taken" });
  });

  it("answers GET /api/v1/slots like the route's loader, with its Cache-Control", async () => {
    const { date, time } = customer(0);
    await rawPost(port, { "Content-Type": "application/json", Origin: origin }, [JSON.stringify(customer(0))]);
    for (const query of [`date=${date}`, "date=2026-02-30", "datum=heute", `date=${date}&x=?`]) {
      const reply = await fetch(`${origin}/api/v1/slots?${query}`);
      const context = { db: database.db, clientIp: "", requestId: "test", cspNonce: "", publicOrigin: origin };
      const reference = await slotsLoader({ request: new Request(`${origin}/api/v1/slots?${query}`), context, params: {} } as never);
      expect({ status: reply.status, body: await reply.json() }, query).toEqual({ status: reference.status, body: await reference.json() });
      expect(reply.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply.headers.get("cache-control")).toBe(reply.ok ? "no-store" : "no-cache");
    }
    const day = (await (await fetch(`${origin}/api/v1/slots?date=${date}`)).json()) as { slots: { time: string; available: boolean }[] };
    expect(day.slots.find((slot) => slot.time === time)).toEqual({ time, available: false });
  });

  it("refuses a cross-origin or origin-less request (403) and bodies over 16 KB, declared or chunked (413)", async () => {
    const body = JSON.stringify(customer(0));
    for (const headers of [{ Origin: "https://evil.example" }, {}] as Record<string, string>[]) {
      const reply = await rawPost(port, { "Content-Type": "application/json", ...headers }, [body]);
      expect([reply.status, reply.body]).toEqual([403, { error: "Anfrage abgelehnt: Sie kommt nicht von dieser Website." }]);
    }
    const big = JSON.stringify({ ...(customer(0)), message: "x".repeat(17_000) });
    const declared = await rawPost(port, { "Content-Type": "application/json", Origin: origin, "Content-Length": String(Buffer.byteLength(big)) }, [big]);
    const chunked = await rawPost(port, { "Content-Type": "application/json", Origin: origin }, [big.slice(0, 9_000), big.slice(9_000)]);
    for (const reply of [declared, chunked]) expect([reply.status, reply.body]).toEqual([413, { error: "Die Anfrage ist zu groß." }]);
    expect(await database.db.select().from(appointments)).toEqual([]);
  });
});

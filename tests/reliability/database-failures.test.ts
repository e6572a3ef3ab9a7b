import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { appointments, emailOutbox } from "~/db/schema";
import { createTestDatabase, type DatabaseKind, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { bookableSlots, post } from "../support/http";
import { enterLargeWorkshop } from "../support/load";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const SERVICE_UNAVAILABLE = "Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.";
/** The API's answer while the database is unreachable: German, with the request id of the log line. */
const outageAnswer = { error: SERVICE_UNAVAILABLE, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) };

function booking(slot: { date: string; time: string }, n: number) {
  return JSON.stringify({
    name: "Crash Test",
    email: `crash-${n}@example.at`,
    phone: "0664 1234567",
    service: "Wartung",
    date: slot.date,
    time: slot.time,
  });
}

/**
 * Kill -9 in the middle of bookings with e-mails queued: after a restart every
 * booking that got a 201 is there, the database opens as it is, and every
 * queued e-mail goes out.
 */
describe.each(testDatabaseKinds)("crash on %s", (kind: DatabaseKind) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-crash-"));
  const dataDir = path.join(dir, "data");
  let sink: SmtpSink;
  let postgres: TestDatabase | undefined;
  let serverEnv: Record<string, string>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    postgres = kind === "postgres" ? await createTestDatabase("postgres") : undefined;
    serverEnv = {
      BUILD_DIR: inject("buildDir"),
      LOG_LEVEL: "warn",
      BOOKING_RATE_LIMIT: "0",
      BOOKING_DAILY_LIMIT: "0",
      EMAIL_TRANSPORT: "smtp",
      SMTP_URL: sink.url,
      ...(postgres ? { DATABASE_URL: postgres.url! } : { DATA_DIR: dataDir }),
    };
  });
  afterAll(async () => {
    await sink?.close();
    await postgres?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The database as the test sees it between the runs (PGlite: only while no server runs). */
  async function inspect<T>(use: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
    if (postgres) return use(postgres.db);
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      return await use(database.db);
    } finally {
      await database.close();
    }
  }

  it("keeps every acknowledged booking and delivers every queued e-mail after SIGKILL and restart", async () => {
    await enterLargeWorkshop(postgres ? { kind: "postgres", url: postgres.url! } : { kind: "pglite", dataDir });
    let server: ServerProcess = await startServer(serverEnv);
    const slots = await bookableSlots(server.origin, 10);
    const acknowledged: string[] = [];
    let sequence = 0;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const n = sequence++;
        try {
          const reply = await post(server.origin, "/api/v1/appointments", booking(slots[n % slots.length]!, n));
          if (reply.status === 201) acknowledged.push((reply.body as { id: string }).id);
          else expect(reply.status, reply.text).toBeLessThan(500);
        } catch {
          // The connection died with the server: this booking was never acknowledged.
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);
    // Kill while the clients keep booking, once enough have been acknowledged to mean something
    // (more would only lengthen the delivery wait: the worker sends one mail at a time).
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 10 }).toBeGreaterThanOrEqual(30);
    server.child.kill("SIGKILL");
    killed = true;
    await server.exited;
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // The database opens as it is (PGlite: the dead server's lock is taken over).
    const before = await inspect(async (db) => {
      const stored = await db.select({ id: appointments.id }).from(appointments).where(inArray(appointments.id, acknowledged));
      const pending = await db.$count(emailOutbox, eq(emailOutbox.status, "pending"));
      const all = await db.select({ messageId: emailOutbox.messageId }).from(emailOutbox);
      // PostgreSQL: the dead worker's lease on the message it was sending runs out after 5 minutes;
      // let it run out now. (PGlite: server.ts hands such leases back at start, the lock proves it may.)
      if (postgres) {
        const leased = await db
          .update(emailOutbox)
          .set({ lockedUntil: sql`now()` })
          .where(and(eq(emailOutbox.status, "pending"), gt(emailOutbox.lockedUntil, sql`now()`)))
          .returning({ id: emailOutbox.id });
        expect(leased.length).toBeLessThanOrEqual(1);
      }
      return { stored: stored.length, pending, messageIds: all.map((row) => row.messageId) };
    });
    expect(before.stored).toBe(acknowledged.length);
    expect(before.pending, "e-mails were still queued when the server died").toBeGreaterThan(0);
    console.log(
      `crash on ${kind}: ${acknowledged.length} bookings acknowledged before SIGKILL, all stored; ` +
        `${before.pending} of ${before.messageIds.length} e-mails still queued`,
    );

    server = await startServer(serverEnv);
    const delivered = () => new Set(sink.messages.map((mail) => mail.parsed.messageId));
    await expect.poll(() => before.messageIds.filter((id) => !delivered().has(id)).length, { timeout: 60_000, interval: 250 }).toBe(0);
    expect(await server.stop()).toBe(0);
    const remaining = await inspect((db) => db.$count(emailOutbox, eq(emailOutbox.status, "pending")));
    expect(remaining).toBe(0);
  }, 120_000);
});

/** A TCP proxy in front of PostgreSQL whose plug the test can pull and put back. */
async function startPlug(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    pull() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    plugIn() {
      cut = false;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(testDatabaseKinds.filter((kind) => kind === "postgres"))("database outage on %s", () => {
  let database: TestDatabase;
  let plug: Awaited<ReturnType<typeof startPlug>>;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const url = new URL(database.url!);
    await enterLargeWorkshop({ kind: "postgres", url: database.url! });
    plug = await startPlug({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(plug.port);
    server = await startServer({
      BUILD_DIR: inject("buildDir"),
      LOG_LEVEL: "warn",
      BOOKING_RATE_LIMIT: "0",
      BOOKING_DAILY_LIMIT: "0",
      EMAIL_WORKER: "false",
      DATABASE_URL: url.toString(),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await plug?.close();
    await database?.close();
  });

  it("answers with the German 503 while the connection is cut, writes nothing half, and recovers by itself", async () => {
    const [slot] = await bookableSlots(server.origin, 1);
    const acknowledged: string[] = [];
    const book = async (n: number) => {
      const reply = await post(server.origin, "/api/v1/appointments", booking(slot!, n));
      if (reply.status === 201) acknowledged.push((reply.body as { id: string }).id);
      return reply;
    };
    expect((await book(1)).status).toBe(201);

    // Bookings in flight while the plug is pulled.
    const inFlight = Array.from({ length: 10 }, (_, index) => book(100 + index));
    plug.pull();
    const outcomes = await Promise.all(inFlight);
    for (const reply of outcomes) {
      expect([201, 503], reply.text).toContain(reply.status);
      if (reply.status === 503) expect(reply.body).toEqual(outageAnswer);
    }

    const during = await book(2);
    expect(during.status).toBe(503);
    expect(during.body).toEqual(outageAnswer);
    const slots = await fetch(`${server.origin}/api/v1/slots?date=${slot!.date}`);
    expect(slots.status).toBe(503);
    expect(slots.headers.get("retry-after")).toBe("30");
    expect(await slots.json()).toEqual(outageAnswer);
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

    plug.plugIn();
    await expect.poll(async () => (await fetch(`${server.origin}/readyz`)).status, { timeout: 15_000 }).toBe(200);
    expect((await book(3)).status).toBe(201);

    // Nothing half-written: exactly the acknowledged bookings, each with both of its e-mails.
    const rows = await database.db.select({ id: appointments.id }).from(appointments);
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    const mails = await database.db
      .select({ appointmentId: emailOutbox.appointmentId, count: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.appointmentId);
    expect(mails).toHaveLength(acknowledged.length);
    for (const row of mails) expect(row.count).toBe(2);
    expect(server.child.exitCode).toBeNull();
  });
});

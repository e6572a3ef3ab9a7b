/**
 * Booking benchmark (not a timed test), for PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, for PostgreSQL:
 *   1. 2,000 booking POSTs over HTTP at concurrency 20 on distinct slots
 *      (after 200 warm-up bookings)
 *      (SLOT_CAPACITY raised so 2,000 requests fit the 90-day horizon,
 *      rate limit off) → bookings/s, p50/p99 latency;
 *   2. GET /api/v1/slots latency with 100,000 appointments in the table.
 * The server runs as its own process (server.ts with a production build), the
 * load generator (autocannon) in this one.
 *
 *   npm run build && tsx bench/booking.ts        (BUILD_DIR selects another build)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseOptions } from "~/db/client.server";
import { addDays } from "~/domain/calendar-date";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { startServer } from "../tests/support/server-process";

const BOOKINGS = 2_000;
const WARM_UP_BOOKINGS = 200;
const CONCURRENCY = 20;
const BULK_ROWS = 100_000;
const buildDir = process.env.BUILD_DIR ?? "build";

if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}/ – run "npm run build" first.`);
  process.exit(2);
}

/** Every bookable slot from tomorrow to the horizon (tomorrow: the lead time never interferes). */
function bookableSlots(now: Date): Array<{ date: string; time: string }> {
  const { today, lastDate } = bookingWindow(now);
  const slots: Array<{ date: string; time: string }> = [];
  for (let date = addDays(today, 1); date <= lastDate; date = addDays(date, 1)) {
    const day = daySchedule(date, now);
    if (day.open) for (const slot of day.slots) if (slot.bookable) slots.push({ date, time: slot.time });
  }
  return slots;
}

type Row = { database: string; measure: string; requests: number; perSecond: number; p50: number; p99: number; errors: number };

async function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Each booking goes to the next slot; the counter runs on from the warm-up into the measurement. */
function bookingLoad(origin: string, slots: Array<{ date: string; time: string }>) {
  let sent = 0;
  // autocannon ends a run on its one-second tick: time the last answer, not the run.
  let lastAnswerAt = 0;
  return (amount: number) =>
    run({
      url: `${origin}/api/v1/appointments`,
      connections: CONCURRENCY,
      amount,
      // A loaded machine can stall a request for seconds; count it, don't drop it.
      timeout: 60,
      method: "POST",
      headers: { "content-type": "application/json", origin },
      requests: [
        {
          setupRequest(request) {
            const slot = slots[sent % slots.length]!;
            sent += 1;
            request.body = JSON.stringify({
              name: `Bench Kunde ${sent}`,
              email: `bench${sent}@example.at`,
              phone: "0664 1234567",
              service: "Wartung",
              date: slot.date,
              time: slot.time,
            });
            return request;
          },
          onResponse() {
            lastAnswerAt = performance.now();
          },
        },
      ],
    }).then((result) => ({ result, lastAnswerAt }));
}

async function benchBookings(origin: string, database: string, slots: Array<{ date: string; time: string }>): Promise<Row> {
  const book = bookingLoad(origin, slots);
  // Warm-up: JIT, the pool's connections and each connection's plan of request_appointment.
  await book(WARM_UP_BOOKINGS);
  const started = performance.now();
  const { result, lastAnswerAt } = await book(BOOKINGS);
  const seconds = (lastAnswerAt - started) / 1000;
  const statuses = result.statusCodeStats as Record<string, { count: number }>;
  const created = Number(statuses["201"]?.count ?? 0);
  if (created !== BOOKINGS) {
    console.warn(`${database}: ${created} of ${BOOKINGS} created; statuses ${JSON.stringify(statuses)}, timeouts ${result.timeouts}, errors ${result.errors}`);
  }
  return {
    database,
    measure: `POST /api/v1/appointments (c=${CONCURRENCY})`,
    requests: result.requests.total,
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: BOOKINGS - created,
  };
}

async function benchSlots(origin: string, database: string, date: string, connections: number): Promise<Row> {
  const result = await run({ url: `${origin}/api/v1/slots?date=${date}`, connections, duration: 5 });
  return {
    database,
    measure: `GET /api/v1/slots, ${BULK_ROWS.toLocaleString("en")} rows (c=${connections})`,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/** 100,000 appointments over ±200 days, every slot time, all three statuses. */
async function bulkInsert(options: DatabaseOptions): Promise<void> {
  const handle = await openDatabase(options);
  try {
    await handle.db.execute(sql`
      insert into appointments (name, email, phone, date, time, service, status)
      select 'Kunde ' || g, 'kunde' || g || '@example.at', '0664 1234567',
             current_date - 200 + (g % 400),
             to_char(time '08:00' + ((g / 400) % 19) * interval '30 minutes', 'HH24:MI'),
             'Wartung',
             (array['beantragt', 'bestätigt', 'storniert'])[1 + g % 3]
      from generate_series(1, ${BULK_ROWS}) as g`);
    await handle.db.execute(sql`analyze appointments`);
  } finally {
    await handle.close();
  }
}

async function benchDatabase(database: string, serverEnv: Record<string, string>, options: DatabaseOptions): Promise<Row[]> {
  const now = new Date();
  const slots = bookableSlots(now);
  const capacity = Math.ceil((WARM_UP_BOOKINGS + BOOKINGS) / slots.length) + 1;
  const env = {
    ...serverEnv,
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
    BOOKING_RATE_LIMIT: "0",
    SLOT_CAPACITY: String(capacity),
    EMAIL_WORKER: "false",
  };
  const rows: Row[] = [];

  let server = await startServer(env);
  try {
    // Warm-up: the first requests compile code paths and fill caches.
    await run({ url: `${server.origin}/api/v1/slots?date=${slots[0]!.date}`, connections: 2, amount: 200 });
    rows.push(await benchBookings(server.origin, database, slots));
  } finally {
    await server.stop();
  }

  await bulkInsert(options);
  server = await startServer(env);
  try {
    const date = slots[Math.floor(slots.length / 2)]!.date;
    await run({ url: `${server.origin}/api/v1/slots?date=${date}`, connections: 2, amount: 500 });
    rows.push(await benchSlots(server.origin, database, date, 1));
    rows.push(await benchSlots(server.origin, database, date, 10));
  } finally {
    await server.stop();
  }
  return rows;
}

async function main() {
  const rows: Row[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-bench-"));
  try {
    const dataDir = path.join(tmp, "data");
    rows.push(...(await benchDatabase("PGlite", { DATA_DIR: dataDir }, { kind: "pglite", dataDir })));

    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const name = `hc_bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        rows.push(
          ...(await benchDatabase(
            "PostgreSQL",
            { DATABASE_URL: url.toString(), DATA_DIR: path.join(tmp, "unused") },
            { kind: "postgres", url: url.toString() },
          )),
        );
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else {
      console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.");
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  console.log();
  console.table(
    rows.map((row) => ({
      Datenbank: row.database,
      Messung: row.measure,
      Anfragen: row.requests,
      "pro s": Math.round(row.perSecond),
      "p50 ms": row.p50,
      "p99 ms": row.p99,
      Fehler: row.errors,
    })),
  );
  console.log("Ziele: Buchung p99 < 50 ms auf PostgreSQL; GET /api/v1/slots < 5 ms bei 100.000 Zeilen.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

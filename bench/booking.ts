/**
 * Booking benchmark (not a timed test), for PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, for PostgreSQL, on a table
 * that already holds 100,000 appointments spread over the workshop's lifts and
 * mechanics, each active one with its holds (a workshop after some years; the
 * tables vacuumed and analysed, as autovacuum or the daily maintenance job keeps them):
 *   1. GET /api/v1/slots latency at 1 and 10 connections;
 *   2. GET /api/v1/availability for 100 days with a service, and the board's week planner
 *      (/admin/planer), one request after the other (p95, issue 27);
 *   3. 2,000 booking POSTs over HTTP at concurrency 20 on distinct slots
 *      (after 2,000 warm-up bookings: JIT and caches; as many lifts and mechanics as the busiest
 *      slot needs so they fit the 90-day horizon, rate limit off) → bookings/s, p50/p99 latency.
 * The server runs as its own process (server.ts with a production build). The
 * load comes from wrk when it is installed (`apt-get install wrk`): autocannon
 * runs inside this Node process and, on a two-core machine, takes the CPU the
 * server and the database need. BENCH_LOAD=autocannon forces autocannon.
 *
 *   npm run build && tsx bench/booking.ts        (BUILD_DIR selects another build;
 *   BENCH_PGLITE=false measures PostgreSQL only; BENCH_NODE_ARGS are the server's node arguments, e.g.
 *   "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it under this load;
 *   BENCH_WORKSHOP=dense puts the 100,000 on 400 dense days instead of a four-lift workshop's years)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { site } from "~/config/site";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { addDays } from "~/domain/calendar-date";
import { defaultClosures } from "~/domain/closures";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { type LoadSummary, runLoad } from "../tests/support/load";
import { startServer } from "../tests/support/server-process";
import { siteSlotRules } from "../tests/support/slot-rules";
import { megabytes, rssOf, sampleRss } from "./memory";
import { withScratchDatabase } from "./scratch-postgres";
import { runWrk, runWrkPosts, wrkPath } from "./wrk";

const BOOKINGS = 2_000;
const WARM_UP_BOOKINGS = 2_000;
const CONCURRENCY = 20;
const BULK_ROWS = 100_000;
const SLOTS_SECONDS = 5;
const SEQUENTIAL_REQUESTS = 400;
const ADMIN = { email: "bench@happycar.example", password: "Bench-Passwort-2026!" };
const buildDir = process.env.BUILD_DIR ?? "build";
const useWrk = Boolean(wrkPath) && process.env.BENCH_LOAD !== "autocannon";

if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}/ – run "npm run build" first.`);
  process.exit(2);
}

type Slot = { date: string; time: string };

/**
 * Every bookable slot from tomorrow to the horizon (tomorrow: the lead time never interferes),
 * with the closures the server enters at its first start (24 December from 12:00, …).
 */
function bookableSlots(now: Date): Slot[] {
  const { today, lastDate } = bookingWindow(now, siteSlotRules);
  const years = Array.from({ length: site.booking.defaultClosureYears + 1 }, (_, index) => Number(today.slice(0, 4)) + index);
  const rules = {
    ...siteSlotRules,
    closures: defaultClosures(years, { yearly: site.booking.closures, ranges: site.booking.companyHolidays }),
  };
  const slots: Slot[] = [];
  for (let date = addDays(today, 1); date <= lastDate; date = addDays(date, 1)) {
    const day = daySchedule(date, now, rules);
    if (day.open) for (const slot of day.slots) if (slot.bookable) slots.push({ date, time: slot.time });
  }
  return slots;
}

/** One JSON body per booking, each a new customer on the next slot. */
function bookingBodies(slots: Slot[], count: number): string[] {
  return Array.from({ length: count }, (_, n) => {
    const slot = slots[n % slots.length]!;
    return JSON.stringify({
      name: `Bench Kunde ${n}`,
      email: `bench${n}@example.at`,
      phone: "0664 1234567",
      service: "Wartung",
      date: slot.date,
      time: slot.time,
    });
  });
}

type Row = { database: string; measure: string; summary: LoadSummary & { p95Ms?: number }; failed: number };
const memory: Record<string, string>[] = [];

/** `count` GETs one after the other (one connection, keep-alive): the latency of one user, with p95. */
async function sequential(url: string, headers: Record<string, string>, count: number): Promise<LoadSummary & { p95Ms: number }> {
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  const started = performance.now();
  for (let n = 0; n < count; n++) {
    const begin = performance.now();
    // A keep-alive connection the server closed as idle just as it was reused: asked again, on a new one.
    const response = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
    await response.arrayBuffer();
    times.push(performance.now() - begin);
    statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.floor(share * times.length))]! * 10) / 10;
  const non2xx = count - (statusCodes["200"] ?? 0);
  return {
    requestsPerSecond: count / seconds,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    total: count,
    errors: 0,
    timeouts: 0,
    non2xx,
    status5xx: Object.entries(statusCodes)
      .filter(([code]) => code.startsWith("5"))
      .reduce((sum, [, n]) => sum + n, 0),
    statusCodes,
  };
}

async function adminCookie(origin: string): Promise<string> {
  const logIn = () =>
    fetch(`${origin}/api/v1/admin/login`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
  // A keep-alive connection the server closed as idle just as it was reused: asked again, on a new one.
  const login = await logIn().catch(() => logIn());
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (login.status !== 204 || !cookie) throw new Error(`admin login failed: ${login.status}`);
  return cookie;
}

/** Availability of 100 days for a service (the calendar of the booking form) and the week planner. */
async function benchReads(origin: string, database: string, date: string): Promise<Row[]> {
  const availability = `${origin}/api/v1/availability?from=${date}&to=${addDays(date, 99)}&service=${encodeURIComponent("Ölwechsel")}`;
  const planner = `${origin}/admin/planer?date=${date}`;
  const cookie = await adminCookie(origin);
  await sequential(availability, {}, 100); // warm-up
  await sequential(planner, { cookie }, 50);
  const rows: Row[] = [];
  for (const [measure, url, headers] of [
    ["GET /api/v1/availability, 100 days, service (c=1)", availability, {}],
    ["GET /admin/planer, a week (c=1)", planner, { cookie }],
  ] as const) {
    const summary = await sequential(url, headers, SEQUENTIAL_REQUESTS);
    rows.push({ database, measure, summary, failed: summary.non2xx });
  }
  return rows;
}

/** `amount` POSTs of the next bodies; `offset` says where in `bodies` to start. */
async function postBookings(origin: string, bodies: string[], offset: number, amount: number): Promise<LoadSummary> {
  const url = `${origin}/api/v1/appointments`;
  const headers = { "Content-Type": "application/json", Origin: origin };
  if (useWrk) return runWrkPosts(url, { connections: CONCURRENCY, bodies: bodies.slice(offset), amount, headers });
  let next = offset;
  // autocannon ends a run on its one-second tick: time the last answer, not the run.
  let lastAnswerAt = 0;
  const started = performance.now();
  const summary = await runLoad({
    url,
    connections: CONCURRENCY,
    amount,
    // A loaded machine can stall a request for seconds; count it, don't drop it.
    timeout: 60,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => ({ ...request, body: bodies[next++] }),
        onResponse: () => void (lastAnswerAt = performance.now()),
      },
    ],
  });
  return { ...summary, requestsPerSecond: summary.total / ((lastAnswerAt - started) / 1000) };
}

async function benchBookings(origin: string, database: string, bodies: string[]): Promise<Row> {
  // Warm-up: JIT, the pool's connections, the database's caches.
  await postBookings(origin, bodies, 0, WARM_UP_BOOKINGS);
  const summary = await postBookings(origin, bodies, WARM_UP_BOOKINGS, BOOKINGS);
  const created = summary.statusCodes["201"] ?? 0;
  if (created !== BOOKINGS) {
    console.warn(
      `${database}: ${created} of ${BOOKINGS} created; statuses ${JSON.stringify(summary.statusCodes)}, errors ${summary.errors}, timeouts ${summary.timeouts}`,
    );
  }
  return { database, measure: `POST /api/v1/appointments (c=${CONCURRENCY})`, summary, failed: BOOKINGS - created };
}

async function benchSlots(origin: string, database: string, date: string, connections: number): Promise<Row> {
  const url = `${origin}/api/v1/slots?date=${date}`;
  const summary = useWrk
    ? runWrk(url, { connections, seconds: SLOTS_SECONDS })
    : await runLoad({ url, connections, duration: SLOTS_SECONDS });
  return {
    database,
    measure: `GET /api/v1/slots, ${BULK_ROWS.toLocaleString("en")} rows (c=${connections})`,
    summary,
    failed: summary.non2xx + summary.errors + summary.timeouts,
  };
}

/**
 * Which workshop the 100,000 appointments are spread over (BENCH_WORKSHOP, decision 050):
 * - `workshop` (the default): the workshop of issue 27, four lifts and four mechanics (plus the inspection
 *   place and two courtesy cars), after some years: about 4.7 years back at three a slot (two of them
 *   active), and the 90 days ahead at one a slot; the bookings to come take the other lifts (a fifth one
 *   when the bench books more a slot than three lifts hold).
 * - `dense` (the default before decision 050): ±200 days, every slot time, all three statuses, about 170
 *   active a day; as many lifts and mechanics as the busiest slot needs plus `extraPerSlot`: a workshop of
 *   some 13 lifts, the worst case for reading a day.
 * Each request was made two weeks before its day (at most yesterday), as a workshop's are: the board's
 * count of today's requests reads today's, not 100,000.
 */
const benchWorkshop = process.env.BENCH_WORKSHOP === "dense" ? "dense" : "workshop";

/** When the request of an appointment on `date` came in: two weeks ahead, at most yesterday. */
const requestedAt = (date: string) => sql.raw(`least((${date} - 14)::timestamp + time '10:00', now() - interval '1 day')`);

/** The appointments and the number of lifts and mechanics of `benchWorkshop`. */
async function insertAppointments(handle: DatabaseHandle, extraPerSlot: number): Promise<number> {
  const statuses = sql.raw(`(array['beantragt', 'bestätigt', 'storniert'])`);
  if (benchWorkshop === "workshop") {
    const ahead = 91 * 19;
    await handle.db.execute(sql`
      insert into appointments (name, email, phone, date, time, service, status, created_at)
      select 'Kunde ' || g, 'kunde' || g || '@example.at', '0664 1234567', current_date + g / 19,
             to_char(time '08:00' + (g % 19) * interval '30 minutes', 'HH24:MI'), 'Wartung', ${statuses}[1 + g % 3],
             ${requestedAt("current_date + g / 19")}
      from generate_series(0, ${ahead - 1}::int) as g`);
    await handle.db.execute(sql`
      insert into appointments (name, email, phone, date, time, service, status, created_at)
      select 'Kunde ' || g, 'kunde' || g || '@example.at', '0664 1234567', current_date - 1 - g / 57,
             to_char(time '08:00' + ((g / 3) % 19) * interval '30 minutes', 'HH24:MI'), 'Wartung', ${statuses}[1 + g % 3],
             ${requestedAt("current_date - 1 - g / 57")}
      from generate_series(${ahead}::int, ${BULK_ROWS - 1}::int) as g`);
    // One a slot is taken ahead; the bench's bookings need `extraPerSlot` more.
    return Math.max(4, 1 + extraPerSlot);
  }
  await handle.db.execute(sql`
    insert into appointments (name, email, phone, date, time, service, status, created_at)
    select 'Kunde ' || g, 'kunde' || g || '@example.at', '0664 1234567',
           current_date - 200 + (g % 400),
           to_char(time '08:00' + ((g / 400) % 19) * interval '30 minutes', 'HH24:MI'),
           'Wartung', ${statuses}[1 + g % 3], ${requestedAt("current_date - 200 + (g % 400)")}
    from generate_series(1, ${BULK_ROWS}) as g`);
  const rows = await handle.db.execute(sql`
    select coalesce(max(active), 0)::int as most from (
      select count(*) as active from appointments
      where status in ('beantragt', 'bestätigt') group by date, time) as slots`);
  return Number(resultRows<{ most: number }>(rows)[0]?.most ?? 0) + extraPerSlot + 1;
}

/**
 * 100,000 appointments (insertAppointments), their lifts and mechanics, one inspection place and
 * courtesy cars; every active appointment holds the k-th lift and the k-th mechanic of its slot
 * (placed as the booking would, without 100,000 calls); then VACUUM ANALYZE.
 */
async function bulkInsert(options: DatabaseOptions, extraPerSlot: number): Promise<void> {
  const handle = await openDatabase(options);
  try {
    const count = await insertAppointments(handle, extraPerSlot);
    await handle.db.execute(sql`
      insert into resources (name, kind, created_at)
      select case kind when 'lift' then 'Hebebühne ' else 'Mechaniker:in ' end || g, kind, now() + g * interval '1 millisecond'
      from generate_series(1, ${count}) as g, unnest(array['lift', 'mechanic']) as kind
      union all values ('§57a-Prüfplatz', 'inspection', now()), ('Ersatzwagen 1', 'courtesy_car', now()),
        ('Ersatzwagen 2', 'courtesy_car', now())`);
    await handle.db.execute(sql`
      insert into appointment_resources (appointment_id, resource_id, starts_at, ends_at)
      select a.id, r.id, workshop_instant(a.date, a.time, ${site.timeZone}),
             workshop_instant(a.date, a.time, ${site.timeZone}) + make_interval(mins => a.duration_minutes)
      from (select id, date, time, duration_minutes, row_number() over (partition by date, time order by id) as k
            from appointments where status in ('beantragt', 'bestätigt')) as a
      join (select id, row_number() over (partition by kind order by created_at, id) as k
            from resources where kind in ('lift', 'mechanic')) as r on r.k = a.k`);
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }
}

async function benchDatabase(database: string, serverEnv: Record<string, string>, options: DatabaseOptions): Promise<Row[]> {
  const slots = bookableSlots(new Date());
  const bodies = bookingBodies(slots, WARM_UP_BOOKINGS + BOOKINGS + 2 * CONCURRENCY);
  await bulkInsert(options, Math.ceil(bodies.length / slots.length));
  const server = await startServer(
    {
      ...serverEnv,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      BOOKING_RATE_LIMIT: "0",
      BOOKING_DAILY_LIMIT: "0",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      EMAIL_WORKER: "false",
    },
    { nodeArgs: process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) },
  );
  try {
    // Slots first: the bookings' burst of inserts sets autovacuum going, which would run beside them.
    const date = slots[Math.floor(slots.length / 2)]!.date;
    // Warm-up: the first requests compile code paths and fill caches.
    await runLoad({ url: `${server.origin}/api/v1/slots?date=${date}`, connections: 2, amount: 500 });
    const pid = server.child.pid!;
    const idle = rssOf(pid).rss;
    const rows = [await benchSlots(server.origin, database, date, 1), await benchSlots(server.origin, database, date, 10)];
    rows.push(...(await benchReads(server.origin, database, date)));
    // The server's RSS from outside (/proc/<pid>/status), highest while the bookings are posted.
    const sampler = sampleRss(pid);
    rows.push(await benchBookings(server.origin, database, bodies));
    memory.push({ Datenbank: database, "RSS vor der Last": megabytes(idle), "RSS unter Buchungslast (Spitze)": megabytes(sampler.stop()) });
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  const rows: Row[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-bench-"));
  try {
    const dataDir = path.join(tmp, "data");
    if (process.env.BENCH_PGLITE === "false") console.log("PGlite skipped (BENCH_PGLITE=false).");
    else rows.push(...(await benchDatabase("PGlite", { DATA_DIR: dataDir }, { kind: "pglite", dataDir })));

    const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const env = (url: string) => ({ DATABASE_URL: url, DATA_DIR: path.join(tmp, "unused") });
      rows.push(
        ...(await withScratchDatabase(adminUrl, "hc_bench", (url) => benchDatabase("PostgreSQL", env(url), { kind: "postgres", url }))),
      );
    } else {
      console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.");
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  console.log(
    `\nLast: ${useWrk ? "wrk -t1" : "autocannon (in diesem Prozess)"}, ${os.cpus().length} CPUs, Node ${process.version}; Werkstatt: ${benchWorkshop}`,
  );
  console.table(
    rows.map(({ database, measure, summary, failed }) => ({
      Datenbank: database,
      Messung: measure,
      Anfragen: summary.total,
      "pro s": Math.round(summary.requestsPerSecond),
      "p50 ms": summary.p50Ms,
      "p95 ms": summary.p95Ms ?? "",
      "p99 ms": summary.p99Ms,
      Fehler: failed,
    })),
  );
  console.log("Speicher des Servers (100.000 Termine):");
  console.table(memory);
  console.log(
    "Ziele: Buchung p99 < 50 ms auf PostgreSQL; GET /api/v1/slots p99 < 5 ms; Verfügbarkeit (100 Tage, Leistung) p95 < 30 ms; " +
      "Wochenplaner p95 < 50 ms; bei 100.000 Terminen.",
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

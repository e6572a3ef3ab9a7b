/**
 * Admin list benchmark (issue 15; a measurement, not a timed test): the board's
 * `GET /api/v1/admin/appointments?status=&q=` with its per-tab counts, on
 * PostgreSQL holding 100,000 appointments (varied names, addresses, phone
 * numbers, a plate on every third, one e-mail each, all within the retention
 * periods; vacuumed and analysed, as autovacuum keeps it), one request at a time
 * over one keep-alive connection. Per case: p50/p95/p99 of 200 requests after
 * 20 warm-up requests. Target: p95 < 20 ms for page 1 of every tab, without a
 * search and with a search by name, phone and plate. PostgreSQL from
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (a database of its own is created and
 * dropped); without one the bench says so and ends.
 *
 *   npm run build && tsx bench/admin-list.ts        (BUILD_DIR selects another build)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import type { AdminTab } from "~/domain/appointment";
import { formatRow } from "../tests/support/load";
import { startServer } from "../tests/support/server-process";

const ROWS = 100_000;
const WARM_UP = 20;
const REQUESTS = 200;
const TARGET_P95_MS = 20;
const ADMIN = { email: "bench@happycar.example", password: "Bench-Passwort-2026!" };
const buildDir = process.env.BUILD_DIR ?? "build";
const TABS: AdminTab[] = ["alle", "beantragt", "bestätigt", "storniert"];

if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}/ – run "npm run build" first.`);
  process.exit(2);
}

/** A year back to the horizon, every slot time, 60 % confirmed, 20 % cancelled, 20 % requested. */
async function seed(url: string): Promise<{ phone: string; plate: string }> {
  const handle = await openDatabase({ kind: "postgres", url });
  try {
    await handle.db.execute(sql`
      insert into appointments (name, email, phone, date, time, service, status,
                                license_plate, license_plate_normalized, vehicle_model, created_at)
      select first || ' ' || last,
             lower(first) || '.' || lower(last) || g || '@' || (array['gmx.at', 'gmail.com', 'aon.at', 'chello.at', 'outlook.com'])[1 + g % 5],
             '+43 ' || (array['664', '650', '676', '699', '660'])[1 + g % 5] || ' ' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0'),
             -- Inside the retention periods (site.retention), or the server's daily job deletes them at start:
             -- confirmed ones from a year back, the others from 29 days back, up to the booking horizon.
             case when g % 10 < 6 then current_date - 360 + (g % 450) else current_date - 29 + (g % 119) end,
             to_char(time '08:00' + ((g / 1900) % 17) * interval '30 minutes', 'HH24:MI'),
             'Wartung',
             case when g % 10 < 6 then 'bestätigt' when g % 10 < 8 then 'storniert' else 'beantragt' end,
             case when g % 3 = 0 then plate end,
             case when g % 3 = 0 then replace(replace(plate, '-', ''), ' ', '') end,
             case when g % 3 = 0 then 'VW Golf' end,
             now() - (g % 400) * interval '1 day'
      from generate_series(1, ${ROWS}) as g,
        lateral (select (array['Anna', 'Maria', 'Lukas', 'David', 'Sophie', 'Julia', 'Tobias', 'Florian', 'Katharina', 'Stefan',
                               'Andreas', 'Elena', 'Markus', 'Sabine', 'Thomas', 'Christina', 'Michael', 'Lena', 'Paul', 'Laura'])[1 + (g / 1000) % 20] as first) as f,
        lateral (select (array['Gruber', 'Huber', 'Bauer', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer',
                               'Leitner', 'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier',
                               'Schneider', 'Reiter', 'Mayr', 'Schmidt', 'Wimmer', 'Egger', 'Brunner', 'Lang', 'Baumgartner', 'Auer',
                               'Binder', 'Lechner', 'Wolf', 'Wallner', 'Aigner', 'Ebner', 'Koller', 'Lehner', 'Haas', 'Schuster',
                               'Nowak', 'Horvath', 'Kovac', 'Yilmaz', 'Novak', 'Popovic', 'Kaiser', 'Holzer', 'Graf', 'Pfeiffer'])[1 + (g / 20) % 50] as last) as l,
        lateral (select (array['W', 'W', 'W', 'NK', 'MD', 'BN', 'G', 'L', 'S', 'K'])[1 + g % 10] || '-' || ((g * 31) % 99999 + 1)
                        || ' ' || chr(65 + g % 26) || chr(65 + (g / 26) % 26) as plate) as p`);
    await handle.db.execute(sql`
      insert into email_outbox (recipient, template, params, status, message_id, appointment_id, created_at)
      select email, 'appointment-confirmed', '{}'::jsonb, 'sent', 'bench-' || id, id, created_at from appointments`);
    // The workshop's lifts and mechanics, entered before the server's first start: without them it would
    // place the 80,000 active appointments one by one (enterDefaultResources) and not be ready within its
    // minute. The list and its counts read no holds.
    await handle.db.execute(sql`
      insert into resources (name, kind)
      values ('Hebebühne 1', 'lift'), ('Hebebühne 2', 'lift'), ('Hebebühne 3', 'lift'), ('§57a-Prüfplatz', 'inspection'),
        ('Mechaniker:in 1', 'mechanic'), ('Mechaniker:in 2', 'mechanic'), ('Mechaniker:in 3', 'mechanic')`);
    await handle.db.execute(sql`vacuum analyze`);
    // One customer's phone and one plate to look for, as the workshop types them.
    const [sample] = resultRows<{ phone: string; plate: string }>(
      await handle.db.execute(
        sql`select phone, license_plate as plate from appointments where license_plate is not null order by id limit 1`,
      ),
    );
    return sample!;
  } finally {
    await handle.close();
  }
}

type Case = { name: string; query: string };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** The JSON API's page of the list; its total from the answer. */
function apiList(origin: string, query: string) {
  return {
    url: `${origin}/api/v1/admin/appointments?${query}`,
    total: async (response: Response) => ((await response.json()) as { total: number }).total,
  };
}

/**
 * The board page's own data request (React Router's `.data` of GET /admin), as the browser makes it on
 * each tab, search and period change: the loader's session check, list and counts, serialised. Its
 * total is not read from the stream (shown as "–").
 */
function boardData(origin: string, query: string) {
  return {
    url: `${origin}/admin.data?${query}`,
    total: async (response: Response) => (await response.text(), "–"),
  };
}

async function measure(cookie: string, request: { url: string; total: (response: Response) => Promise<number | string> }) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(request.url, { headers: { cookie }, redirect: "manual" });
    const total = await request.total(response);
    if (response.status !== 200) throw new Error(`${request.url}: ${response.status}`);
    return { ms: performance.now() - started, total };
  };
  for (let n = 0; n < WARM_UP; n++) await once();
  const times: number[] = [];
  let total: number | string = 0;
  for (let n = 0; n < REQUESTS; n++) {
    const result = await once();
    times.push(result.ms);
    total = result.total;
  }
  times.sort((a, b) => a - b);
  return { total, p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99) };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log("Admin list bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL).");
    return;
  }
  const name = `hc_bench_list_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-bench-list-"));
  try {
    const sample = await seed(url.toString());
    const server = await startServer({
      BUILD_DIR: buildDir,
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(tmp, "unused"),
      LOG_LEVEL: "warn",
      EMAIL_WORKER: "false",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const login = await fetch(`${server.origin}/api/v1/admin/login`, {
        method: "POST",
        headers: { Origin: server.origin, "Content-Type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
      if (login.status !== 204 || !cookie) throw new Error(`admin login failed: ${login.status}`);
      // The phone as digits without the country code's spaces, the plate lower case without its hyphen and space.
      const phone = sample.phone.replace(/\D/g, "").slice(-10);
      const plate = sample.plate.replace(/[\s-]/g, "").toLowerCase();
      const searches: Case[] = [
        { name: "no search", query: "" },
        { name: "name 'Gruber'", query: "q=Gruber" },
        { name: `phone '${phone}'`, query: `q=${phone}` },
        { name: `plate '${plate}'`, query: `q=${plate}` },
      ];
      const widths = [34, 10, 8, 8, 8, 8];
      const lines = [
        formatRow(["search", "tab", "total", "p50 ms", "p95 ms", "p99 ms"], widths),
        formatRow(
          widths.map((width) => "-".repeat(width)),
          widths,
        ),
      ];
      let worstP95 = 0;
      for (const search of searches) {
        for (const tab of TABS) {
          const query = [search.query, tab === "alle" ? "" : `status=${encodeURIComponent(tab)}`].filter(Boolean).join("&");
          const result = await measure(cookie, apiList(server.origin, query));
          worstP95 = Math.max(worstP95, result.p95);
          lines.push(
            formatRow([search.name, tab, result.total, result.p50.toFixed(1), result.p95.toFixed(1), result.p99.toFixed(1)], widths),
          );
          console.log(lines.at(-1));
        }
      }
      // The board's own view: 'Ab heute' (its default) and 'Vergangene', through the page's data request.
      for (const period of ["upcoming", "past"] as const) {
        for (const search of searches.slice(0, 2)) {
          const query = [`period=${period}`, search.query].filter(Boolean).join("&");
          const result = await measure(cookie, boardData(server.origin, query));
          worstP95 = Math.max(worstP95, result.p95);
          const label = `board ${period === "upcoming" ? "Ab heute" : "Vergangene"}, ${search.name}`;
          lines.push(formatRow([label, "alle", result.total, result.p50.toFixed(1), result.p95.toFixed(1), result.p99.toFixed(1)], widths));
          console.log(lines.at(-1));
        }
      }
      // The deepest page pays its OFFSET: shown, not part of the target.
      const last = await measure(cookie, apiList(server.origin, `page=${Math.ceil(ROWS / 50)}`));
      lines.push(
        formatRow(["no search, last page", "alle", last.total, last.p50.toFixed(1), last.p95.toFixed(1), last.p99.toFixed(1)], widths),
      );
      // Other work on a shared machine moves these figures a lot: say how busy it was.
      const load = os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" / ");
      console.log(
        `\nGET /api/v1/admin/appointments, PostgreSQL, ${ROWS.toLocaleString("en")} appointments, 1 connection, ` +
          `${REQUESTS} requests per row after ${WARM_UP} warm-up, ${os.cpus().length} CPUs (load ${load}), Node ${process.version}\n`,
      );
      console.log(lines.join("\n"));
      console.log(
        `\nZiel: p95 < ${TARGET_P95_MS} ms für Seite 1 jedes Reiters, ohne und mit Suche → höchstes p95 ${worstP95.toFixed(1)} ms: ` +
          `${worstP95 < TARGET_P95_MS ? "erreicht" : "NICHT erreicht"}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

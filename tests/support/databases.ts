import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import pg from "pg";
import { inject } from "vitest";
import { TABLES_IN_FK_ORDER } from "~/db/backup.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { forgetWorkshopFacts } from "~/services/workshop-facts.server";

export type DatabaseKind = "pglite" | "postgres";

/** Whether this run is a CI run (`CI` set to anything but "", "0" or "false"). */
const isCi = !["", "0", "false"].includes((process.env.CI ?? "").trim().toLowerCase());

/** Whether a PostgreSQL server for the tests is configured (TEST_DATABASE_URL). */
export const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL);

// CI must test on PostgreSQL too: the race tests mean nothing on PGlite, and a
// CI without it would pass with them silently left out. Fail every file loudly.
if (isCi && !postgresAvailable) {
  throw new Error(
    "CI is set but TEST_DATABASE_URL is not: CI must run the integration tests on PostgreSQL as well as PGlite " +
      "(the concurrency tests only run there). Set TEST_DATABASE_URL to a PostgreSQL server the tests may create " +
      "databases on, e.g. postgres://postgres@127.0.0.1:5432/test (.ci/run sets it when PostgreSQL is running).",
  );
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (required in CI). */
export const testDatabaseKinds: DatabaseKind[] = postgresAvailable ? ["pglite", "postgres"] : ["pglite"];

/**
 * Every kind, available or not. For suites that should show up as skipped
 * rather than be absent when PostgreSQL is missing (local runs):
 * `describe.skipIf(!isDatabaseAvailable(kind))(…)`.
 */
export const allDatabaseKinds: readonly DatabaseKind[] = ["pglite", "postgres"];

export function isDatabaseAvailable(kind: DatabaseKind): boolean {
  return kind === "pglite" || postgresAvailable;
}

export type TestDatabase = DatabaseHandle & {
  /** Empties every table, so each test starts from a clean state. */
  /** Empties every table; then enters the test workshop unless `empty` (a restore needs an empty database). */
  reset(options?: { empty?: boolean }): Promise<void>;
  /** The connection URL of the PostgreSQL database (postgres only). */
  url?: string;
};

// Every table of the schema (the backup's list, which a test checks against the database).
const TABLES = TABLES_IN_FK_ORDER.map((table) => getTableConfig(table).name);

/**
 * A fresh database: an in-memory PGlite, or a new PostgreSQL database of its
 * own (dropped on close), so parallel test files never see each other's rows.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  poolSize?: number,
  /** Migrated only as far as this folder's journal goes (a test of a later migration); PGlite then starts from an empty cluster. */
  { migrationsFolder }: { migrationsFolder?: string } = {},
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = await openDatabase({
      kind: "pglite",
      dataDir: "",
      inMemory: true,
      loadDataDir: migrationsFolder ? undefined : migratedPgliteTemplate(),
      migrationsFolder,
    });
    return { ...handle, reset: (options) => emptyAll(handle, options) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `hc_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize, migrationsFolder });
  return {
    ...handle,
    url: url.toString(),
    reset: (options) => emptyAll(handle, options),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

let template: Blob | undefined;

/** The migrated database of tests/support/global-database.ts, read once per test file; none without that set-up. */
function migratedPgliteTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

/**
 * The workshop every test starts with (issue 27): one lift, the inspection place, one mechanic, no
 * courtesy car, what a database run with SLOT_CAPACITY 1 gets (resourcesFromSlotCapacity): one car
 * at a time, as the tests written before the resources expect. tests/support/factories.ts
 * (setWorkshop) gives a test another.
 */
const TEST_WORKSHOP = `insert into resources (name, kind, created_at) values
    ('Hebebühne 1', 'lift', now()), ('§57a-Prüfplatz', 'inspection', now()), ('Mechaniker:in 1', 'mechanic', now());`;

/**
 * Empties every table and restarts the sequences, as `truncate … restart identity` did: in one statement,
 * and with `delete`, which on a few rows costs a hundredth of PostgreSQL's truncate (a new file per table:
 * 126 ms against 1.5 ms here, before each of some 1,400 tests). Like truncate it fires no trigger: the
 * replica role skips them, so the counters the triggers keep (appointment_counts) are emptied, not counted
 * down, and no foreign key needs an order.
 */
const emptyAllStatement = (then: string) =>
  sql.raw(`do $$
declare sequence_name text;
begin
  set local session_replication_role = replica;
  ${[...TABLES]
    .reverse()
    .map((table) => `delete from ${table};`)
    .join("\n  ")}
  for sequence_name in select sequences.sequence_name from information_schema.sequences where sequence_schema = 'public' loop
    execute format('alter sequence %I restart', sequence_name);
  end loop;
  ${then}
end $$`);
const EMPTY_ALL = emptyAllStatement("");
const EMPTY_ALL_THEN_WORKSHOP = emptyAllStatement(TEST_WORKSHOP);

async function emptyAll(handle: DatabaseHandle, { empty = false }: { empty?: boolean } = {}): Promise<void> {
  // One round trip either way: the workshop's rows go with the emptying.
  await handle.db.execute(empty ? EMPTY_ALL : EMPTY_ALL_THEN_WORKSHOP);
  // The workshop's facts in this process's memory were of the rows just deleted (decision 042).
  forgetWorkshopFacts(handle.db);
}

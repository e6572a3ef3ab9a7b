import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";

export type DatabaseKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export type TestDatabase = DatabaseHandle & {
  /** Empties every table, so each test starts from a clean state. */
  reset(): Promise<void>;
  /** The connection URL of the PostgreSQL database (postgres only). */
  url?: string;
};

const TABLES = [
  "audit_log",
  "email_outbox",
  "sessions",
  "setup_tokens",
  "admin_users",
  "contact_messages",
  "appointments",
  "rate_limits",
];

/**
 * A fresh database: an in-memory PGlite, or a new PostgreSQL database of its
 * own (dropped on close), so parallel test files never see each other's rows.
 */
export async function createTestDatabase(kind: DatabaseKind, poolSize?: number): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = await openDatabase({ kind: "pglite", dataDir: "", inMemory: true });
    return { ...handle, reset: () => truncateAll(handle) };
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
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize });
  return {
    ...handle,
    url: url.toString(),
    reset: () => truncateAll(handle),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function truncateAll(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql.raw(`truncate table ${TABLES.join(", ")} restart identity cascade`));
}

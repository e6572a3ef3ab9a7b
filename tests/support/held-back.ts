import { sql } from "drizzle-orm";
import pg from "pg";
import { expect } from "vitest";
import type { TestDatabase } from "./databases";

/**
 * Runs `requests` (PostgreSQL only) while another session holds a table lock on
 * `table` that lets every request read but none insert or update, and lets
 * go only when `waiting` of them wait for a lock (this one or the service's own).
 * Without the service's locks all of them have counted before any writes: the
 * widest race window there is, so a test fails for certain when the protection
 * is missing (one transaction takes about a millisecond, too short for requests
 * to collide by chance).
 */
export async function withWritesHeldBack<T>(
  database: TestDatabase,
  waiting: number,
  requests: () => Promise<T>[],
  table: "appointments" | "appointment_resources" | "setup_tokens" = "appointments",
): Promise<T[]> {
  // Every request needs a connection of its own before the gate closes.
  await Promise.all(Array.from({ length: waiting }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
  const gate = new pg.Client({ connectionString: database.url });
  await gate.connect();
  try {
    await gate.query("begin");
    await gate.query(`lock table ${table} in share mode`);
    const results = Promise.all(requests());
    await expect
      .poll(
        async () =>
          Number(
            (
              await gate.query<{ n: string }>(
                "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
              )
            ).rows[0]!.n,
          ),
        { timeout: 10_000 },
      )
      .toBe(waiting);
    await gate.query("commit");
    return await results;
  } finally {
    await gate.end();
  }
}

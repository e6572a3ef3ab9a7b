import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Database, Executor } from "./client.server";
import { resultRows } from "./result-rows";
import {
  adminUsers,
  appointmentCounts,
  appointmentResources,
  appointments,
  auditLog,
  backupRuns,
  closures,
  contactMessages,
  customerLinks,
  emailOutbox,
  findingDecisionRecords,
  findingPhotos,
  findings,
  inspectionReminders,
  inspectionUnsubscribeTokens,
  knownBrowsers,
  loginGates,
  passkeyChallenges,
  passkeys,
  rateLimits,
  recoveryCodes,
  resourceAbsences,
  resourceBusy,
  resources,
  sessions,
  settings,
  setupTokens,
  waitlistEntries,
  waitlistNotifications,
  workshopChanges,
  workshopHours,
  workshopServices,
  workshopSettings,
} from "./schema";

/** Parents before children, so the dump restores without deferring foreign keys. */
export const TABLES_IN_FK_ORDER: PgTable[] = [
  adminUsers,
  recoveryCodes,
  passkeys,
  passkeyChallenges,
  knownBrowsers,
  appointments,
  contactMessages,
  emailOutbox,
  sessions,
  setupTokens,
  auditLog,
  rateLimits,
  loginGates,
  settings,
  closures,
  appointmentCounts,
  customerLinks,
  inspectionReminders,
  inspectionUnsubscribeTokens,
  resources,
  appointmentResources,
  resourceBusy,
  resourceAbsences,
  findings,
  findingPhotos,
  findingDecisionRecords,
  waitlistEntries,
  waitlistNotifications,
  backupRuns,
  workshopChanges,
  workshopHours,
  workshopServices,
  workshopSettings,
];

const ROWS_PER_INSERT = 200;
export const BACKUP_HEADER = "-- Happy Car backup";

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A value as an escape-string literal. Every value travels as text and
 * PostgreSQL casts it to the column type on insert (timestamps keep their
 * offset, jsonb its document). Newlines and control characters are escaped,
 * so every statement is exactly one line of the file.
 */
export function sqlLiteral(value: string | null): string {
  if (value === null) return "NULL";
  const escaped = value.replace(/[\\'\u0000-\u001f]/g, (char) => {
    if (char === "\\") return "\\\\";
    if (char === "'") return "''";
    if (char === "\n") return "\\n";
    if (char === "\r") return "\\r";
    if (char === "\t") return "\\t";
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`;
  });
  return `E'${escaped}'`;
}

/**
 * A consistent SQL dump of every app table: one REPEATABLE READ, read-only
 * transaction sees a single snapshot even while the server writes. Works the
 * same on PGlite and PostgreSQL; `psql -f` can replay it as well.
 */
export async function dumpDatabase(
  db: Database,
  { now = new Date(), beforeMigrating = false }: { now?: Date; beforeMigrating?: boolean } = {},
): Promise<string> {
  const lines = [
    beforeMigrating
      ? `${BACKUP_HEADER}, created ${now.toISOString()} before migrating. Restore with the release it was made by: npm run restore -- FILE`
      : `${BACKUP_HEADER}, created ${now.toISOString()}. Restore into an empty, migrated database: npm run restore -- FILE`,
    "SET standard_conforming_strings = on;",
    "BEGIN;",
  ];
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      // Before migrating, the database is of an older release: only the tables and columns it has.
      const existing = beforeMigrating ? await existingColumns(tx) : undefined;
      for (const table of TABLES_IN_FK_ORDER) {
        const { name, columns: allColumns, primaryKeys } = getTableConfig(table);
        const columns = existing ? allColumns.filter((column) => existing.has(`${name}.${column.name}`)) : allColumns;
        if (columns.length === 0) continue;
        const columnNames = columns.map((column) => column.name);
        const keyNames = [
          ...columns.filter((column) => column.primary).map((column) => column.name),
          ...primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
        ].filter((key) => columnNames.includes(key));
        // Positional aliases: column names never clash with anything in the result.
        const selectList = columnNames.map((column, index) => `${quoteIdentifier(column)}::text as c${index}`);
        // Through a cursor, ROWS_PER_INSERT rows at a time, with a turn of the event loop between: on PGlite every
        // statement runs on the server's own thread, so one read of a large table would stall every request meanwhile.
        await tx.execute(
          sql.raw(
            `declare backup_rows no scroll cursor for select ${selectList.join(", ")} from ${quoteIdentifier(name)} order by ${keyNames.map(quoteIdentifier).join(", ")}`,
          ),
        );
        const insertInto = `INSERT INTO ${quoteIdentifier(name)} (${columnNames.map(quoteIdentifier).join(", ")}) VALUES `;
        for (;;) {
          const rows = resultRows<Record<string, string | null>>(
            await tx.execute(sql.raw(`fetch forward ${ROWS_PER_INSERT} from backup_rows`)),
          );
          if (rows.length === 0) break;
          const values = rows.map((row) => `(${columnNames.map((_, index) => sqlLiteral(row[`c${index}`] ?? null)).join(", ")})`);
          lines.push(`${insertInto}${values.join(", ")};`);
          await new Promise((resolve) => setImmediate(resolve));
        }
        await tx.execute(sql`close backup_rows`);
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  // The bigserial of the audit log continues after the restored ids.
  lines.push(
    "SELECT setval(pg_get_serial_sequence('audit_log', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL) FROM audit_log;",
    "COMMIT;",
    "",
  );
  return lines.join("\n");
}

/** `table.column` of every column in the public schema. */
async function existingColumns(tx: Executor): Promise<Set<string>> {
  const rows = resultRows<{ name: string }>(
    await tx.execute(sql`select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public'`),
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * Whether migrating would change a database that already holds data: it has applied migrations
 * (drizzle's journal table, `drizzle.__drizzle_migrations`) and `migrationsFolder` holds newer
 * ones. A new, empty database has none applied: nothing to back up. Drizzle applies every
 * migration younger than the last applied one, so that is what is compared.
 */
export async function hasPendingMigrations(db: Executor, migrationsFolder: string): Promise<boolean> {
  const [journal] = resultRows<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!journal?.present) return false;
  const [last] = resultRows<{ at: string | null }>(
    await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`),
  );
  if (!last?.at) return false;
  const lastApplied = Number(last.at);
  return readMigrationFiles({ migrationsFolder }).some((migration) => migration.folderMillis > lastApplied);
}

export class RestoreError extends Error {}

/** Replays a dump of `dumpDatabase` into a migrated database whose app tables are all empty (one transaction). */
export async function restoreDatabase(db: Database, dump: string): Promise<{ statements: number }> {
  if (!dump.startsWith(BACKUP_HEADER)) {
    throw new RestoreError("Die Datei ist keine Happy-Car-Sicherung (npm run backup).");
  }
  const statements = dump
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("--"))
    .filter((line) => !/^(BEGIN|COMMIT|SET standard_conforming_strings = on);$/.test(line));
  return db.transaction(async (tx) => {
    for (const table of TABLES_IN_FK_ORDER) {
      const { name } = getTableConfig(table);
      const rows = resultRows(await tx.execute(sql.raw(`select 1 from ${quoteIdentifier(name)} limit 1`)));
      if (rows.length > 0) {
        throw new RestoreError(`Die Zieldatenbank ist nicht leer (Tabelle ${name}). Wiederherstellen nur in eine leere Datenbank.`);
      }
    }
    await tx.execute(sql`set local standard_conforming_strings = on`);
    // The dump holds the board's counts and the resources' busy times as they were; the triggers
    // would count the restored rows again.
    await tx.execute(sql`alter table appointments disable trigger user`);
    await tx.execute(sql`alter table appointment_resources disable trigger user`);
    for (const statement of statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`alter table appointment_resources enable trigger user`);
    await tx.execute(sql`alter table appointments enable trigger user`);
    return { statements: statements.length };
  });
}

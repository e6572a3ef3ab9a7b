import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { hasPendingMigrations } from "./backup.server";
import { backupDirOf, type BackupFile, writeBackup } from "./backup-files.server";
import { acquireDataDirLock } from "./data-dir-lock.server";
import * as schema from "./schema";
import { backupRuns } from "./schema";
import { guardStorage } from "./storage-guard.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Either the database or an open transaction: services accept both. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

export type DatabaseOptions = (
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir: string;
      inMemory?: boolean;
      /**
       * An in-memory database starts from this dump (PGlite's dumpDataDir) instead of an empty cluster: the
       * tests' migrated template, a tenth of the CPU of a new cluster (decision 030). Migrations still run.
       */
      loadDataDir?: Blob;
    }
) & {
  /** The committed migrations; the server bundle passes where it finds them. */
  migrationsFolder?: string;
  /** PGlite: the data folder failed under the running server (full, read-only); heard once (storage-guard.server.ts). */
  onStorageFailure?: (error: unknown) => void;
  /**
   * The backup folder (decision 041): a database that already has applied migrations is backed up
   * here before newer ones change it. A failed backup stops the opening: nothing is migrated.
   */
  backupDir?: string;
};

export const defaultMigrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/**
 * PGlite's PostgreSQL settings (decision 041, 'A small footprint'): its memory is one WebAssembly
 * memory that grows and never shrinks, so what PostgreSQL allocates once stays for the process's
 * life. PostgreSQL's default shared_buffers (128 MB, PGlite keeps it) is most of an idle server's
 * RSS on a small database; 32 MB holds the hot pages of a workshop's years of appointments (the
 * pages beyond it come from the operating system's file cache). maintenance_work_mem bounds what
 * the nightly VACUUM and an index build add for good. Passed at each start (`-c`), never written
 * into the data folder.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB", "-c", "maintenance_work_mem=16MB"];

/** Serialises concurrent migrations of several app instances on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_246_813;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      // Under the lock: of several instances starting at once, the first backs up and migrates, the others find nothing pending.
      const locked = drizzleNodePg({ client, schema }) as unknown as Database;
      const backup = await backupBeforeMigrating(locked, migrationsFolder, options.backupDir);
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      await recordBackupBeforeMigrating(locked, backup);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }

  const lock = options.inMemory ? undefined : acquireDataDirLock(options.dataDir);
  try {
    // pg_trgm: the board's search indexes (migration 0009) need it on PGlite as on PostgreSQL;
    // btree_gist: the exclusion constraint against double-booked resources (migration 0021, decision 038).
    const extensions = { pg_trgm, btree_gist };
    const startParams = PGLITE_START_PARAMS;
    const client = options.inMemory
      ? new PGlite({ extensions, loadDataDir: options.loadDataDir, startParams })
      : new PGlite(path.join(options.dataDir, "db"), { extensions, startParams });
    await client.waitReady;
    const storage = guardStorage(client, (error) => options.onStorageFailure?.(error));
    const pgliteDb = drizzlePglite({ client, schema });
    const backup = await backupBeforeMigrating(pgliteDb as unknown as Database, migrationsFolder, options.backupDir);
    await migratePglite(pgliteDb, { migrationsFolder });
    await recordBackupBeforeMigrating(pgliteDb as unknown as Database, backup);
    return {
      db: pgliteDb as unknown as Database,
      kind: "pglite",
      async close() {
        // After a storage failure PGlite is not called again (it would spin): only the folder's lock goes.
        if (!storage.failed()) await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export function databaseOptionsFromEnv(config: { DATABASE_URL?: string; DATA_DIR: string; BACKUP_DIR?: string }): DatabaseOptions {
  const backupDir = backupDirOf(config);
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL, backupDir }
    : { kind: "pglite", dataDir: config.DATA_DIR, backupDir };
}

/** The backup before migrating could not be written: nothing was migrated. */
export class BackupBeforeMigrationError extends Error {
  constructor(
    readonly dir: string,
    options: { cause: unknown },
  ) {
    super(`backup before migrating into ${dir} failed`, options);
  }
}

/** The backup before migrating an existing database (decision 041), when there is a folder for it and something to migrate. */
async function backupBeforeMigrating(db: Database, migrationsFolder: string, dir: string | undefined): Promise<BackupFile | undefined> {
  if (!dir || !(await hasPendingMigrations(db, migrationsFolder))) return undefined;
  try {
    return await writeBackup(db, { dir, kind: "pre-migration", now: new Date(), beforeMigrating: true });
  } catch (error) {
    throw new BackupBeforeMigrationError(dir, { cause: error });
  }
}

/** Once migrated, the backup made before is a run like the others (the board's list and status). */
async function recordBackupBeforeMigrating(db: Database, backup: BackupFile | undefined): Promise<void> {
  if (!backup) return;
  const at = new Date(backup.createdAt);
  await db
    .insert(backupRuns)
    .values({ kind: "pre-migration", startedAt: at, finishedAt: new Date(), file: backup.file, size: backup.size });
}

export async function isDatabaseReady(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1 from appointments limit 1`);
    return true;
  } catch {
    return false;
  }
}

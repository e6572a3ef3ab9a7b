import { desc, eq, isNotNull, lt } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { type BackupFile, backupFilePath, listBackupFiles, pruneBackupFiles, writeBackup } from "~/db/backup-files.server";
import type { Database } from "~/db/client.server";
import { backupRuns } from "~/db/schema";
import { sensitiveRefusal } from "~/domain/access";
import { type BackupKind, dueNight } from "~/domain/backups";
import type { BackupErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";
import { logger } from "~/lib/logger.server";
import { type PeriodicJob, periodicJob } from "~/lib/periodic-job";

/**
 * The automatic backups (decision 041): the nightly one (03:00 Vienna time, once across the
 * instances sharing a database), 'Jetzt sichern' on the board, the list, the download, and the
 * state the board and /readyz show. The one before migrating is app/db/client.server.ts's.
 */

export type { BackupFile };

/** How long the record of a run is kept; the files follow their own rule (14 of each kind). */
const RUNS_KEPT_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The state of the backups: the last finished run, failed or not (the board's notice, /readyz's details). */
export type BackupHealth =
  { status: "none" } | { status: "ok"; at: string; file: string } | { status: "failed"; at: string; error: string };

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 500);
}

/**
 * Writes one backup into `dir`, removes the oldest beyond 14 of its kind, and records the run (a
 * claimed nightly run: `runId`). A failure is recorded and logged once, never thrown.
 */
async function backUp(
  db: Database,
  { dir, kind, now, runId }: { dir: string; kind: BackupKind; now: Date; runId?: string },
): Promise<Result<BackupFile, "backupFailed">> {
  let outcome: Result<BackupFile, "backupFailed">;
  let error: string | null = null;
  try {
    const backup = await writeBackup(db, { dir, kind, now });
    const pruned = pruneBackupFiles(dir);
    logger.info({ file: backup.file, size: backup.size, pruned: pruned.length }, "backup written");
    outcome = ok(backup);
  } catch (failure) {
    logger.error({ err: failure, kind }, "backup failed");
    error = firstLine(failure);
    outcome = fail("backupFailed");
  }
  const result = outcome.ok ? { file: outcome.value.file, size: outcome.value.size } : { error };
  const finishedAt = new Date();
  if (runId)
    await db
      .update(backupRuns)
      .set({ ...result, finishedAt })
      .where(eq(backupRuns.id, runId));
  else await db.insert(backupRuns).values({ kind, startedAt: now, finishedAt, ...result });
  await db.delete(backupRuns).where(lt(backupRuns.startedAt, new Date(now.getTime() - RUNS_KEPT_DAYS * DAY_MS)));
  return outcome;
}

/**
 * The nightly backup, when one is due at `now` (from 03:00 workshop time) and no instance has
 * taken this night yet: the night is claimed by inserting its row, which the unique constraint on
 * `night` lets exactly one instance do, once (also across restarts). Returns the backup written,
 * or null when none was due or another instance has the night.
 */
export async function runNightlyBackup(
  db: Database,
  { dir, now, timeZone = site.timeZone }: { dir: string; now: Date; timeZone?: string },
): Promise<Result<BackupFile, "backupFailed"> | null> {
  const [earlier] = await db.select({ id: backupRuns.id }).from(backupRuns).where(eq(backupRuns.kind, "nightly")).limit(1);
  const night = dueNight(now, timeZone, { catchUp: earlier !== undefined });
  if (!night) return null;
  const [claimed] = await db
    .insert(backupRuns)
    .values({ kind: "nightly", night, startedAt: now })
    .onConflictDoNothing({ target: backupRuns.night })
    .returning({ id: backupRuns.id });
  if (!claimed) return null;
  return backUp(db, { dir, kind: "nightly", now, runId: claimed.id });
}

/** 'Jetzt sichern' (the board, POST /api/v1/admin/backups): the owner's, where backups are switched on. */
export async function backUpNow(
  db: Database,
  { admin, dir, now }: { admin: Pick<AdminIdentity, "role">; dir: string | undefined; now: Date },
): Promise<Result<BackupFile, BackupErrorCode>> {
  if (admin.role !== "owner") return fail("ownerOnly");
  if (!dir) return fail("backupsOff");
  return backUp(db, { dir, kind: "manual", now });
}

/** The state of the last finished run; a run still under way (or of a process that died during it) does not count. */
export async function backupHealth(db: Database): Promise<BackupHealth> {
  const [last] = await db
    .select({ finishedAt: backupRuns.finishedAt, file: backupRuns.file, error: backupRuns.error })
    .from(backupRuns)
    .where(isNotNull(backupRuns.finishedAt))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  if (!last?.finishedAt) return { status: "none" };
  const at = last.finishedAt.toISOString();
  if (last.error !== null || !last.file) return { status: "failed", at, error: last.error ?? "" };
  return { status: "ok", at, file: last.file };
}

export type BackupOverview = { enabled: boolean; backups: BackupFile[]; health: BackupHealth };

/** The 'Sicherungen' page and GET /api/v1/admin/backups (owner): the files, newest first, and the state. */
export async function backupOverview(
  db: Database,
  { admin, dir, now = new Date() }: { admin: Pick<AdminIdentity, "role" | "verifiedAt">; dir: string | undefined; now?: Date },
): Promise<Result<BackupOverview, "ownerOnly" | "stepUpRequired">> {
  // The backups hold every customer's data: as the export, the owner's, with the password or a code
  // checked within 10 minutes (issue 31).
  const refusal = sensitiveRefusal(admin, now);
  if (refusal) return fail(refusal);
  return ok({ enabled: Boolean(dir), backups: dir ? listBackupFiles(dir) : [], health: await backupHealth(db) });
}

/** The path of a backup file to download (owner): only a backup's name, never a path; `backupNotFound` for anything else. */
export function backupDownload({
  admin,
  dir,
  file,
  now = new Date(),
}: {
  admin: Pick<AdminIdentity, "role" | "verifiedAt">;
  dir: string | undefined;
  file: string;
  now?: Date;
}): Result<{ path: string; file: string }, BackupErrorCode> {
  const refusal = sensitiveRefusal(admin, now);
  if (refusal) return fail(refusal);
  if (!dir) return fail("backupsOff");
  const found = backupFilePath(dir, file);
  return found ? ok({ path: found, file }) : fail("backupNotFound");
}

/** Every minute: the nightly backup starts within a minute of 03:00. */
const DEFAULT_INTERVAL_MS = 60_000;

/** Each tick: the nightly backup when it is due and not yet taken; failures are logged and recorded. */
export type BackupJob = PeriodicJob;

export function createBackupJob({
  db,
  dir,
  now = () => new Date(),
  intervalMs = DEFAULT_INTERVAL_MS,
}: {
  db: Database;
  dir: string;
  now?: () => Date;
  intervalMs?: number;
}): BackupJob {
  return periodicJob(async () => {
    try {
      await runNightlyBackup(db, { dir, now: now() });
    } catch (error) {
      // The claim itself failed (the database is away): the next tick tries again.
      logger.error({ err: error }, "nightly backup check failed");
    }
  }, intervalMs);
}

/** The job as server/index.ts runs it, where backups are switched on. */
export function startBackupJob(db: Database, dir: string): BackupJob {
  const job = createBackupJob({ db, dir });
  job.start();
  logger.info({ dir }, "backup job started");
  return job;
}

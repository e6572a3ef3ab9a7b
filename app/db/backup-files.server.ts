import fs from "node:fs";
import path from "node:path";
import { backupFileName, type BackupKind, backupsToPrune, parseBackupFileName } from "~/domain/backups";
import { replaceSecretFile } from "~/lib/secret-box.server";
import { dumpDatabase } from "./backup.server";
import type { Database } from "./client.server";

/**
 * The backup folder (decision 041): DATA_DIR/backups on the embedded database, BACKUP_DIR where
 * set (also the switch on PostgreSQL); none on PostgreSQL without BACKUP_DIR.
 */
export function backupDirOf(config: { DATABASE_URL?: string; DATA_DIR: string; BACKUP_DIR?: string }): string | undefined {
  if (config.BACKUP_DIR) return path.resolve(config.BACKUP_DIR);
  return config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR, "backups");
}

export type BackupFile = { file: string; kind: BackupKind; size: number; createdAt: string };

/**
 * Writes a consistent dump of `db` into `dir` as a new backup file, atomically and with mode 0600
 * (replaceSecretFile: written and synced beside its name, then renamed), so a crash or a full disk
 * never leaves half a backup under a backup's name. The folder is created for the app's account only (0700).
 */
export async function writeBackup(
  db: Database,
  { dir, kind, now, beforeMigrating = false }: { dir: string; kind: BackupKind; now: Date; beforeMigrating?: boolean },
): Promise<BackupFile> {
  const dump = await dumpDatabase(db, { now, beforeMigrating });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = backupFileName(kind, now);
  replaceSecretFile(path.join(dir, file), dump);
  return { file, kind, size: Buffer.byteLength(dump), createdAt: now.toISOString() };
}

/** The backup files in `dir`, newest first; anything else in the folder (a temporary file, a stray one) is not listed. */
export function listBackupFiles(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .flatMap((file) => {
      const parsed = parseBackupFileName(file);
      if (!parsed) return [];
      const stat = fs.statSync(path.join(dir, file), { throwIfNoEntry: false });
      return stat?.isFile() ? [{ file, kind: parsed.kind, size: stat.size, createdAt: parsed.at.toISOString() }] : [];
    })
    .sort((a, b) => b.file.localeCompare(a.file));
}

/** Deletes, per kind, the backup files beyond the newest `keep`; returns their names. */
export function pruneBackupFiles(dir: string, keep?: number): string[] {
  const pruned = backupsToPrune(
    listBackupFiles(dir).map((backup) => backup.file),
    keep,
  );
  for (const file of pruned) fs.rmSync(path.join(dir, file), { force: true });
  return pruned;
}

/**
 * The path of backup `file` in `dir`, only for a name of a backup (never a path, `..` or another
 * file of the folder) that exists there; otherwise null.
 */
export function backupFilePath(dir: string, file: string): string | null {
  if (!parseBackupFileName(file)) return null;
  const full = path.resolve(dir, file);
  if (path.dirname(full) !== path.resolve(dir)) return null;
  return fs.statSync(full, { throwIfNoEntry: false })?.isFile() ? full : null;
}

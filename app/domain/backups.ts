import { type CalendarDate, zonedParts } from "./calendar-date";

/**
 * The rules of the automatic backups (decision 041), pure: when a night's backup is due, what a
 * backup file is called, which files go when more than `keep` of a kind are there.
 */

export type BackupKind = "nightly" | "manual" | "pre-migration";

/** The hour (workshop time) from which a night's backup is due: 03:00 exists exactly once on every day in Vienna. */
export const NIGHTLY_BACKUP_MINUTES = 3 * 60;

/** How many files of each kind stay in the folder; the oldest beyond go. */
export const BACKUPS_KEPT = 14;

/**
 * How long after 03:00 the first nightly backup of a database may still start: a database without
 * one has missed nothing (an existing one got its pre-migration backup with the update), so it waits
 * for a 03:00 the server sees, not the next start of the day (a new database, the tests, the bench).
 */
export const FIRST_NIGHT_WINDOW_MINUTES = 15;

/**
 * The night whose backup is due at `now`: the workshop's date once its clock reads 03:00 or later,
 * none before. Keyed by the date, each night is claimed once; a server that was down at 03:00 makes
 * that day's backup when it is up again (`catchUp`: the database has had a nightly backup before);
 * the first one ever only within FIRST_NIGHT_WINDOW_MINUTES of 03:00. Computed from the instant in
 * `timeZone`, so a clock change neither skips nor repeats a night (03:00 exists once on both change
 * days in Vienna).
 */
export function dueNight(
  now: Date,
  timeZone: string,
  { catchUp = true, fromMinutes = NIGHTLY_BACKUP_MINUTES }: { catchUp?: boolean; fromMinutes?: number } = {},
): CalendarDate | null {
  const { date, minutes } = zonedParts(now, timeZone);
  if (minutes < fromMinutes) return null;
  return catchUp || minutes < fromMinutes + FIRST_NIGHT_WINDOW_MINUTES ? date : null;
}

/**
 * A backup file's name: `happy-car-2026-11-27T020000.123Z-nightly.sql`, its moment in UTC, so the
 * names sort by age. Only names of this shape are ever listed, served or deleted.
 */
const FILE_PATTERN = /^happy-car-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z-(nightly|manual|pre-migration)\.sql$/;

export function backupFileName(kind: BackupKind, at: Date): string {
  const iso = at.toISOString(); // 2026-11-27T02:00:00.123Z
  return `happy-car-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}.${iso.slice(20, 23)}Z-${kind}.sql`;
}

/** The kind and moment of a backup file's name, or null for any other name (a path, `..`, a stray file). */
export function parseBackupFileName(name: string): { kind: BackupKind; at: Date } | null {
  const match = FILE_PATTERN.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis, kind] = match;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(at.getTime()) ? null : { kind: kind as BackupKind, at };
}

/** The backup files to delete: per kind, all but the `keep` newest. Names not of a backup are never named. */
export function backupsToPrune(names: readonly string[], keep = BACKUPS_KEPT): string[] {
  const byKind = new Map<BackupKind, string[]>();
  for (const name of names) {
    const parsed = parseBackupFileName(name);
    if (parsed) byKind.set(parsed.kind, [...(byKind.get(parsed.kind) ?? []), name]);
  }
  // The names sort by their moment (fixed width, UTC).
  return [...byKind.values()].flatMap((files) => files.sort().reverse().slice(keep));
}

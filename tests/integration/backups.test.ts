import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { BACKUP_HEADER } from "~/db/backup.server";
import { listBackupFiles } from "~/db/backup-files.server";
import { defaultMigrationsFolder, openDatabase } from "~/db/client.server";
import { appointments, backupRuns } from "~/db/schema";
import { backupMessages, loginRequiredMessage } from "~/messages";
import { backupHealth, createBackupJob, runNightlyBackup } from "~/services/backups.server";
import { createTestDatabase, type DatabaseKind, postgresAvailable, testDatabaseKinds } from "../support/databases";
import { createAdminAccount, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

const DAY_MS = 86_400_000;
/** 03:00 in Vienna on 27 November 2026 (CET, UTC+1). */
const NIGHT = new Date("2026-11-27T02:00:00Z");

const tmpDirs: string[] = [];
function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function filesOf(dir: string, kind?: string): string[] {
  return listBackupFiles(dir)
    .filter((backup) => !kind || backup.kind === kind)
    .map((backup) => backup.file);
}

describe.each(testDatabaseKinds)("the nightly backup on %s", (kind) => {
  const database = useTestDatabase(kind);
  let dir: string;
  beforeEach(() => {
    dir = tmpDir("hc-backups-");
  });

  it("a database without a nightly backup yet waits for 03:00; after one, a server that was down at 03:00 catches up", async () => {
    // A new database (or the bench's) started at 18:00: no backup at the start.
    const evening = new Date(NIGHT.getTime() + 15 * 3600_000);
    expect(await runNightlyBackup(database.db, { dir, now: evening })).toBeNull();
    expect(filesOf(dir)).toEqual([]);
    expect((await runNightlyBackup(database.db, { dir, now: new Date(NIGHT.getTime() + DAY_MS) }))?.ok).toBe(true);
    // Down at 03:00 the night after: the start at 18:00 makes that night's backup.
    expect((await runNightlyBackup(database.db, { dir, now: new Date(evening.getTime() + 2 * DAY_MS) }))?.ok).toBe(true);
    expect(filesOf(dir, "nightly")).toHaveLength(2);
  });

  it("runs once, at 03:00 Vienna time, and again the next night", async () => {
    let now = new Date(NIGHT.getTime() - 60_000);
    const job = createBackupJob({ db: database.db, dir, now: () => now });
    await job.runOnce();
    expect(filesOf(dir)).toEqual([]);
    now = NIGHT;
    await job.runOnce();
    expect(filesOf(dir)).toEqual(["happy-car-2026-11-27T020000.000Z-nightly.sql"]);
    // Later that night and that day: the night is taken.
    for (const later of [60_000, 30 * 60_000, 20 * 60 * 60_000]) {
      now = new Date(NIGHT.getTime() + later);
      await job.runOnce();
    }
    expect(filesOf(dir)).toHaveLength(1);
    now = new Date(NIGHT.getTime() + DAY_MS);
    await job.runOnce();
    expect(filesOf(dir)).toEqual(["happy-car-2026-11-28T020000.000Z-nightly.sql", "happy-car-2026-11-27T020000.000Z-nightly.sql"]);
    const written = path.join(dir, filesOf(dir)[0]!);
    expect(fs.statSync(written).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(written, "utf8").startsWith(BACKUP_HEADER)).toBe(true);
    // Nothing half-written is left beside them.
    expect(fs.readdirSync(dir).sort()).toEqual(filesOf(dir).sort());
    expect(await backupHealth(database.db)).toMatchObject({ status: "ok", file: "happy-car-2026-11-28T020000.000Z-nightly.sql" });
  });

  it("keeps the 14 newest nightly backups and removes the oldest, leaving other kinds alone", async () => {
    const manual = "happy-car-2026-01-01T100000.000Z-manual.sql";
    fs.writeFileSync(path.join(dir, manual), `${BACKUP_HEADER}\n`);
    for (let night = 0; night < 16; night++) {
      const result = await runNightlyBackup(database.db, { dir, now: new Date(NIGHT.getTime() + night * DAY_MS) });
      expect(result?.ok).toBe(true);
    }
    const nightly = filesOf(dir, "nightly");
    expect(nightly).toHaveLength(14);
    expect(nightly.at(-1)).toBe("happy-car-2026-11-29T020000.000Z-nightly.sql");
    expect(nightly[0]).toBe("happy-car-2026-12-12T020000.000Z-nightly.sql");
    expect(filesOf(dir, "manual")).toEqual([manual]);
  });

  it("records a failed backup, which the state shows until one succeeds", async () => {
    // The folder cannot be created: a file is in its way.
    const blocked = path.join(dir, "blocked");
    fs.writeFileSync(blocked, "");
    expect((await runNightlyBackup(database.db, { dir: blocked, now: NIGHT }))?.ok).toBe(false);
    const health = await backupHealth(database.db);
    expect(health).toMatchObject({ status: "failed" });
    expect(health.status === "failed" && health.error).toMatch(/EEXIST|ENOTDIR/);
    // The night is taken: the next minute does not try again, the next night does (and succeeds).
    expect(await runNightlyBackup(database.db, { dir, now: new Date(NIGHT.getTime() + 60_000) })).toBeNull();
    expect((await runNightlyBackup(database.db, { dir, now: new Date(NIGHT.getTime() + DAY_MS) }))?.ok).toBe(true);
    expect(await backupHealth(database.db)).toMatchObject({ status: "ok" });
  });
});

describe.runIf(postgresAvailable)("the nightly backup on PostgreSQL with two instances", () => {
  const database = useTestDatabase("postgres");

  it("is written by exactly one of two instances checking at the same moment", async () => {
    const dir = tmpDir("hc-backups-shared-");
    const second = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 2 });
    try {
      // Their clocks a second apart, as two machines' are: a second backup would have a name of its own.
      const jobs = [database.db, second.db].map((db, index) =>
        createBackupJob({ db, dir, now: () => new Date(NIGHT.getTime() + index * 1000) }),
      );
      await Promise.all(jobs.flatMap((job) => [job.runOnce(), job.runOnce()]));
      await Promise.all(jobs.map((job) => job.runOnce()));
      expect(filesOf(dir)).toHaveLength(1);
      const runs = await database.db.select().from(backupRuns).where(eq(backupRuns.kind, "nightly"));
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ night: "2026-11-27", file: filesOf(dir)[0] });
    } finally {
      await second.close();
    }
  });
});

/** A folder of migrations up to (not including) `beforeTag`: a database of an older release. */
function olderMigrations(beforeTag: string): string {
  const folder = tmpDir("hc-migrations-");
  const journal = JSON.parse(fs.readFileSync(path.join(defaultMigrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.filter((entry) => entry.tag < beforeTag);
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) fs.copyFileSync(path.join(defaultMigrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/** Opens an existing database of `kind` again with every migration and a backup folder (as the server starts). */
async function reopenMigrating(kind: DatabaseKind, where: { dataDir: string; url?: string }, backupDir: string) {
  return kind === "postgres"
    ? openDatabase({ kind: "postgres", url: where.url!, backupDir })
    : openDatabase({ kind: "pglite", dataDir: where.dataDir, backupDir });
}

describe.each(testDatabaseKinds)("the backup before migrating on %s", (kind) => {
  it("is written when a database with applied migrations gets newer ones, and only then", async () => {
    const backupDir = tmpDir("hc-backups-premig-");
    const dataDir = path.join(tmpDir("hc-data-"), "data");
    // A database of the release before resources (0021): its tables and columns only.
    const older = olderMigrations("0021");
    const first =
      kind === "postgres"
        ? await createTestDatabase("postgres", undefined, { migrationsFolder: older })
        : { ...(await openDatabase({ kind: "pglite", dataDir, migrationsFolder: older })), url: undefined };
    // By hand: the schema of today has columns this release did not have yet.
    await first.db.execute(
      sql`insert into appointments (name, email, phone, date, time, service) values ('Vor dem Update', 'a@example.at', '0660 1', '2026-12-01', '08:00', 'Wartung')`,
    );
    const url = first.url;
    if (kind === "pglite") await first.close();
    try {
      const migrated = await reopenMigrating(kind, { dataDir, url }, backupDir);
      try {
        const [backup] = listBackupFiles(backupDir);
        expect(backup).toMatchObject({ kind: "pre-migration" });
        const dump = fs.readFileSync(path.join(backupDir, backup!.file), "utf8");
        expect(dump.startsWith(BACKUP_HEADER)).toBe(true);
        expect(dump).toContain("Vor dem Update");
        // The tables of the newer release were not there yet: not in the dump.
        expect(dump).not.toContain('INSERT INTO "resources"');
        expect(fs.statSync(path.join(backupDir, backup!.file)).mode & 0o777).toBe(0o600);
        // Migrated after the backup, and the run recorded.
        expect(await migrated.db.select({ name: appointments.name }).from(appointments)).toEqual([{ name: "Vor dem Update" }]);
        expect(await migrated.db.select({ kind: backupRuns.kind, file: backupRuns.file }).from(backupRuns)).toEqual([
          { kind: "pre-migration", file: backup!.file },
        ]);
      } finally {
        await migrated.close();
      }
      // Nothing pending at the next start: no second backup.
      const again = await reopenMigrating(kind, { dataDir, url }, backupDir);
      await again.close();
      expect(listBackupFiles(backupDir)).toHaveLength(1);
    } finally {
      if (kind === "postgres") await first.close();
    }
  }, 90_000);

  // The same check on both (hasPendingMigrations); a new PGlite folder is the common case.
  it.runIf(kind === "pglite")(
    "is not written for a new database",
    async () => {
      const backupDir = tmpDir("hc-backups-new-");
      const database = await openDatabase({ kind: "pglite", dataDir: path.join(tmpDir("hc-data-"), "data"), backupDir });
      await database.close();
      expect(listBackupFiles(backupDir)).toEqual([]);
    },
    60_000,
  );
});

describe.each(testDatabaseKinds)("/api/v1/admin/backups on %s", (kind) => {
  const database = useTestDatabase(kind, { emptyBeforeEach: false });
  const backupDir = tmpDir("hc-backups-api-");
  const app = useApiApp(database, { BACKUP_DIR: backupDir });
  let owner: string;
  let staff: string;
  beforeEach(async () => {
    await database.reset();
    fs.rmSync(backupDir, { recursive: true, force: true });
    const ownerAccount = await createAdminAccount(database.db, { email: "owner@happycar.example", role: "owner" });
    const staffAccount = await createAdminAccount(database.db, { email: "staff@happycar.example", role: "staff" });
    owner = await sessionCookieOf(database.db, ownerAccount.id);
    staff = await sessionCookieOf(database.db, staffAccount.id);
  });

  it("'Jetzt sichern': 201 with file, size and time for the owner; the list and the download have it", async () => {
    await insertAppointment(database.db, { name: "Gesichert" });
    const response = await app.request("/api/v1/admin/backups", { method: "POST", cookie: owner });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { file: string; size: number; createdAt: string };
    expect(Object.keys(created).sort()).toEqual(["createdAt", "file", "size"]);
    expect(created.file).toMatch(/^happy-car-.*-manual\.sql$/);
    const onDisk = path.join(backupDir, created.file);
    expect(fs.statSync(onDisk).size).toBe(created.size);
    expect(fs.statSync(onDisk).mode & 0o777).toBe(0o600);

    const list = await app.request("/api/v1/admin/backups", { cookie: owner });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({
      enabled: true,
      backups: [{ file: created.file, kind: "manual", size: created.size, createdAt: created.createdAt }],
      health: { status: "ok", file: created.file },
    });

    const download = await app.request(`/api/v1/admin/backups/${created.file}`, { cookie: owner });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${created.file}"`);
    const text = await download.text();
    expect(text).toBe(fs.readFileSync(onDisk, "utf8"));
    expect(text).toContain("Gesichert");
  });

  it("refuses staff (403) and the unauthenticated (401), and writes nothing", async () => {
    const asStaff = await app.request("/api/v1/admin/backups", { method: "POST", cookie: staff });
    expect(asStaff.status).toBe(403);
    expect(await asStaff.json()).toEqual({ error: backupMessages.ownerOnly });
    expect((await app.request("/api/v1/admin/backups", { cookie: staff })).status).toBe(403);
    const anonymous = await app.request("/api/v1/admin/backups", { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: loginRequiredMessage });
    expect(filesOf(backupDir)).toEqual([]);
    expect(await database.db.select().from(backupRuns)).toEqual([]);
  });

  it("serves backup files only: no path, no other file of the folder, nothing to staff", async () => {
    const created = (await (await app.request("/api/v1/admin/backups", { method: "POST", cookie: owner })).json()) as { file: string };
    fs.writeFileSync(path.join(backupDir, "secret.key"), "geheim");
    fs.writeFileSync(path.join(path.dirname(backupDir), "outside.sql"), "geheim");
    for (const attempt of [
      "..%2F..%2F..%2Fetc%2Fpasswd",
      "%2E%2E%2Foutside.sql",
      "secret.key",
      `${created.file}.partial`,
      `..%2F${path.basename(backupDir)}%2F${created.file}`,
      "happy-car-2026-11-27T020000.000Z-nightly.sql",
    ]) {
      const response = await app.request(`/api/v1/admin/backups/${attempt}`, { cookie: owner });
      expect(response.status, attempt).toBe(404);
      expect(await response.text(), attempt).not.toContain("geheim");
    }
    // Dots the client resolves before sending never reach the folder either.
    const dotted = await app.request(`/api/v1/admin/backups/../../../etc/passwd`, { cookie: owner });
    expect(dotted.status).not.toBe(200);
    expect((await app.request(`/api/v1/admin/backups/${created.file}`, { cookie: staff })).status).toBe(403);
    expect((await app.request(`/api/v1/admin/backups/${created.file}`)).status).toBe(401);
  });

  it("/readyz says when the last backup failed, without its words", async () => {
    const ok = await app.request("/api/v1/admin/backups", { method: "POST", cookie: owner });
    expect(ok.status).toBe(201);
    expect(await (await app.request("/readyz")).json()).toMatchObject({ status: "ok", details: { backup: { status: "ok" } } });
    // The folder becomes unusable: the next backup fails.
    fs.rmSync(backupDir, { recursive: true, force: true });
    fs.writeFileSync(backupDir, "");
    try {
      const failed = await app.request("/api/v1/admin/backups", { method: "POST", cookie: owner });
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ error: backupMessages.backupFailed });
      const ready = await app.request("/readyz");
      expect(ready.status).toBe(200);
      const body = (await ready.json()) as { status: string; details: { backup: Record<string, string> } };
      expect(body.status).toBe("ok");
      expect(body.details.backup).toEqual({ status: "failed", at: expect.any(String) });
    } finally {
      fs.rmSync(backupDir, { force: true });
    }
  });
});

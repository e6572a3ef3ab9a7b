import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpDatabase, restoreDatabase, RestoreError, sqlLiteral, TABLES_IN_FK_ORDER } from "~/db/backup.server";
import { type Database, openDatabase } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import {
  adminUsers,
  appointmentResources,
  appointments,
  auditLog,
  backupRuns,
  closures,
  contactMessages,
  customerLinks,
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
} from "~/db/schema";
import { enqueueEmail } from "~/mail/outbox.server";
import { backUpNow, runNightlyBackup } from "~/services/backups.server";
import { createTestDatabase, testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const TABLES = TABLES_IN_FK_ORDER.map((table) => getTableConfig(table).name);

/** Text that breaks naive escaping: quotes, backslashes, newlines, control characters, SQL, emoji. */
const nasty = "O'Brien \\ \"Zitat\" \n zweite Zeile\r\t\u0001 '); drop table appointments; -- ÄÖÜß 🚗 $$x$$";

async function seed(db: Database) {
  const [admin] = await db
    .insert(adminUsers)
    .values({ email: "chef@happycar.example", displayName: "Chef", passwordHash: "scrypt$abc$def" })
    .returning();
  const [appointment] = await db
    .insert(appointments)
    .values({
      name: nasty,
      email: "anna@example.at",
      phone: "+43 664 1234567",
      date: "2026-12-01",
      time: "08:00",
      service: "Wartung",
      message: nasty,
      status: "storniert",
      cancellationReason: "krank",
      cancelledBy: "customer",
      createdAt: new Date("2026-11-02T09:15:30.123Z"),
    })
    .returning();
  await db.insert(appointments).values({
    name: "Bernd",
    email: "b@example.at",
    phone: "0660 1",
    date: "2026-12-02",
    time: "09:30",
    service: "Pickerl",
    message: null,
  });
  const [contact] = await db
    .insert(contactMessages)
    .values({ name: "Carla", email: "c@example.at", message: nasty, subject: null })
    .returning();
  await enqueueEmail(db, {
    recipient: "anna@example.at",
    template: "appointment-cancelled",
    params: {
      name: nasty,
      email: "anna@example.at",
      date: "2026-12-01",
      time: "08:00",
      service: "Wartung",
      reason: 'mit "Anführungszeichen"',
    },
    appointmentId: appointment!.id,
  });
  await enqueueEmail(db, {
    recipient: "werkstatt@happycar.example",
    replyTo: "c@example.at",
    template: "contact-message",
    params: { name: "Carla", email: "c@example.at", message: nasty },
    contactMessageId: contact!.id,
  });
  await db.insert(sessions).values({ idHash: "a".repeat(64), userId: admin!.id, expiresAt: new Date("2026-12-31T23:59:59Z") });
  await db.insert(setupTokens).values({ tokenHash: "b".repeat(64), expiresAt: new Date("2026-12-31T00:00:00Z") });
  await db.insert(auditLog).values([
    {
      appointmentId: appointment!.id,
      adminUserId: admin!.id,
      actor: "Chef",
      action: "cancel",
      oldStatus: "beantragt",
      newStatus: "storniert",
      reason: nasty,
    },
    { appointmentId: appointment!.id, actor: "system", action: "create" },
  ]);
  await db.insert(rateLimits).values({ key: "booking:127.0.0.1", windowStart: new Date("2026-11-22T10:00:00Z"), count: 3 });
  await db.insert(recoveryCodes).values({ userId: admin!.id, codeHash: "c".repeat(64) });
  // Bytes that are no text (a zero, a backslash, a quote, a high byte) and a name with awkward text.
  await db.insert(passkeys).values({
    userId: admin!.id,
    credentialId: "Y3JlZGVudGlhbA",
    publicKey: new Uint8Array([0, 92, 39, 255, 1]),
    counter: 7,
    transports: ["internal", "hybrid"],
    name: nasty,
  });
  await db
    .insert(passkeyChallenges)
    .values({ challenge: "ZmFrZS1jaGFsbGVuZ2U", purpose: "login", expiresAt: new Date("2026-11-22T10:05:00Z") });
  await db.insert(knownBrowsers).values({ userId: admin!.id, browserHash: "f".repeat(64), firstSeenAt: new Date("2026-11-22T10:00:00Z") });
  await db.insert(loginGates).values({ key: "d".repeat(32), failures: 4, nextAttemptAt: new Date("2026-11-22T10:00:05Z") });
  await db.insert(settings).values({ key: "requireSecondFactor", value: true });
  await db
    .insert(closures)
    .values({ fromDate: "2026-12-24", toDate: "2026-12-24", startTime: "12:00", name: "Heiliger Abend – ab „Mittag“" });
  await db.insert(customerLinks).values({ tokenHash: "e".repeat(64), appointmentId: appointment!.id });
  const [reminder] = await db
    .insert(inspectionReminders)
    .values({
      name: nasty,
      email: "anna@example.at",
      carKey: "EZ:2021-03",
      firstRegistration: "2021-03",
      consentText: "An die nächste §57a-Begutachtung erinnern",
      consentedAt: new Date("2026-11-02T09:15:30.123Z"),
      appointmentId: appointment!.id,
    })
    .returning();
  await db.insert(inspectionUnsubscribeTokens).values({ tokenHash: "f".repeat(64), reminderId: reminder!.id });
  const [lift] = await db.insert(resources).values({ name: "Hebebühne „links“ – 3,5 t", kind: "lift" }).returning();
  await db.insert(appointmentResources).values({
    appointmentId: appointment!.id,
    resourceId: lift!.id,
    startsAt: new Date("2026-12-01T07:00:00Z"),
    // Whole minutes (appointment_resources_whole_minutes_check); the other timestamps keep their milliseconds.
    endsAt: new Date("2026-12-01T07:30:00Z"),
  });
  const [waiting] = await db
    .insert(waitlistEntries)
    .values({ name: nasty, email: "warte@example.at", phone: "0664 7654321", date: "2026-12-03", service: "Ölwechsel" })
    .returning();
  await db
    .insert(waitlistNotifications)
    .values({ entryId: waiting!.id, freedKey: `appointment:${appointment!.id}`, leaveTokenHash: "e".repeat(64) });
  await db
    .insert(resourceAbsences)
    .values({ resourceId: lift!.id, fromDate: "2026-12-24", toDate: "2026-12-31", startTime: "12:00", reason: "Wartung „TÜV“" });
  const [finding] = await db
    .insert(findings)
    .values({ appointmentId: appointment!.id, title: "Bremsbeläge „vorne“", description: nasty, priceCents: 18000, urgency: "now" })
    .returning();
  // A photo's bytes, with the ones text escaping gets wrong (NUL, backslash, quote).
  await db.insert(findingPhotos).values({
    findingId: finding!.id,
    appointmentId: appointment!.id,
    position: 0,
    contentType: "image/jpeg",
    width: 1,
    height: 1,
    bytes: new Uint8Array([0xff, 0xd8, 0x00, 0x5c, 0x27, 0xff, 0xd9]),
  });
  await db.insert(findingDecisionRecords).values({
    findingId: finding!.id,
    appointmentId: appointment!.id,
    title: finding!.title,
    description: nasty,
    priceCents: 18000,
    urgency: "now",
    decision: "approved",
    decidedBy: "customer",
    clientIpHash: "9".repeat(64),
  });
  await db.insert(backupRuns).values({
    kind: "manual",
    startedAt: new Date("2026-11-26T10:00:00Z"),
    finishedAt: new Date("2026-11-26T10:00:01.5Z"),
    error: nasty,
  });
  // The facts of 'Einstellungen' (migration 0025): JSON, arrays of text, times.
  await db.insert(workshopSettings).values({
    workshop: { legalName: "Müller & Söhne „KFZ“ GmbH", phones: [{ label: "Werkstatt", number: "01 234 56 78" }] },
    imprint: { vatId: "ATU12345678" },
    bookingRules: { pickupPostalCodes: ["1010", "1100"], cancelCutoffHours: 2.5 },
    email: { senderName: "Happy Car", noticeAddress: "werkstatt@example.at" },
    version: 3,
  });
  await db
    .insert(workshopHours)
    .values([{ weekday: 0 }, { weekday: 1, opens: "08:00", closes: "18:00", breakFrom: "12:00", breakTo: "13:00" }]);
  await db.insert(workshopServices).values({
    id: "57a-ueberpruefung",
    position: 0,
    name: "§57a Überprüfung",
    description: "Die jährliche Begutachtung („Pickerl“).",
    durationSteps: 2,
    bookable: true,
    needs: ["inspection", "mechanic"],
    priceFromCents: 8950,
  });
  await db.insert(workshopChanges).values({
    adminUserId: admin!.id,
    actor: "owner@happycar.example",
    field: "workshop.phones",
    oldValue: null,
    newValue: [{ label: "Werkstatt" }],
  });
}

/** Every row of every table as text, in a stable order: equal snapshots mean an exact copy. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = resultRows<{ row: string }>(await db.execute(sql.raw(`select (t.*)::text as row from ${table} t`)));
    result[table] = rows.map((row) => row.row).sort();
  }
  return result;
}

describe.each(testDatabaseKinds)("backup and restore on %s", (kind) => {
  // The tests build on each other: a restore into `target`, then one refused because it holds data.
  const source = useTestDatabase(kind, { emptyBeforeEach: false });
  const target = useTestDatabase(kind, { emptyBeforeEach: false });
  beforeAll(async () => {
    await seed(source.db);
  });

  it("knows every table of the schema", async () => {
    const rows = resultRows<{ name: string }>(
      await source.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public'`),
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...TABLES].sort());
  });

  it("round-trips every table exactly, including awkward text", async () => {
    const dump = await dumpDatabase(source.db);
    expect(dump.split("\n").filter((line) => line.startsWith("INSERT INTO"))).toHaveLength(TABLES.length);
    await target.reset({ empty: true });
    await restoreDatabase(target.db, dump);
    const [before, after] = [await snapshot(source.db), await snapshot(target.db)];
    expect(after.appointments).toHaveLength(2);
    expect(after).toEqual(before);
    // The audit log's id sequence continues after the restored rows.
    const [next] = await target.db
      .insert(auditLog)
      .values({ appointmentId: crypto.randomUUID(), actor: "system", action: "create" })
      .returning();
    expect(next!.id).toBe(3);
  });

  it("round-trips a backup the nightly job and 'Jetzt sichern' wrote into the backup folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-backup-files-"));
    const restoredFrom = async (file: string) => {
      await target.reset({ empty: true });
      await restoreDatabase(target.db, fs.readFileSync(path.join(dir, file), "utf8"));
      return snapshot(target.db);
    };
    try {
      const beforeNightly = await snapshot(source.db);
      const nightly = await runNightlyBackup(source.db, { dir, now: new Date("2026-11-27T02:00:00Z") });
      if (!nightly?.ok) throw new Error("the nightly backup failed");
      const beforeManual = await snapshot(source.db);
      const manual = await backUpNow(source.db, { admin: { role: "owner" }, dir, now: new Date("2026-11-27T09:00:00Z") });
      if (!manual.ok) throw new Error("'Jetzt sichern' failed");

      // 'Jetzt sichern': every table exactly as it was when it ran.
      const fromManual = await restoredFrom(manual.value.file);
      expect(fromManual.appointments).toHaveLength(2);
      expect(fromManual).toEqual(beforeManual);
      // The nightly one: the same, and its own run as claimed (under way) when it read the tables.
      const fromNightly = await restoredFrom(nightly.value.file);
      expect({ ...fromNightly, backup_runs: [] }).toEqual({ ...beforeNightly, backup_runs: [] });
      const claimed = fromNightly.backup_runs!.filter((row) => !beforeNightly.backup_runs!.includes(row));
      expect(claimed).toHaveLength(1);
      expect(claimed[0]).toMatch(/,nightly,2026-11-27,"2026-11-27 02:00:00\+00",,,,\)$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      // The next tests expect a target that holds the source's rows.
      await target.reset({ empty: true });
      await restoreDatabase(target.db, await dumpDatabase(source.db));
    }
  });

  it("refuses to restore into a database that already holds data, and changes nothing", async () => {
    const dump = await dumpDatabase(source.db);
    const before = await snapshot(target.db);
    await expect(restoreDatabase(target.db, dump)).rejects.toThrow(RestoreError);
    expect(await snapshot(target.db)).toEqual(before);
  });

  it("refuses a file that is not a backup", async () => {
    await expect(restoreDatabase(target.db, "DROP TABLE appointments;")).rejects.toThrow(
      "Die Datei ist keine Happy-Car-Sicherung (npm run backup).",
    );
  });
});

describe("sqlLiteral", () => {
  it("escapes quotes, backslashes and control characters into one line", () => {
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral("O'Brien")).toBe("E'O''Brien'");
    expect(sqlLiteral("a\\b\nc\u0001")).toBe("E'a\\\\b\\nc\\x01'");
  });
});

describe("npm run backup / npm run restore", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-backup-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("moves the data of a PGlite folder into another database (PostgreSQL when available)", async () => {
    const sourceDir = path.join(dir, "source");
    const source = await openDatabase({ kind: "pglite", dataDir: sourceDir });
    await seed(source.db);
    const expected = await snapshot(source.db);
    await source.close();

    const file = path.join(dir, "happy-car.sql");
    const tsx = path.join(root, "node_modules/.bin/tsx");
    const base = { PATH: process.env.PATH, NODE_ENV: "production" };
    const backup = await run(tsx, ["scripts/backup.ts", file], { cwd: root, env: { ...base, DATA_DIR: sourceDir } });
    expect(backup.stdout).toMatch(/^Sicherung geschrieben: .*happy-car\.sql \(\d+ Bytes, pglite\)/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const target = testDatabaseKinds.includes("postgres") ? await createTestDatabase("postgres") : undefined;
    const targetEnv = target?.url ? { DATABASE_URL: target.url } : { DATA_DIR: path.join(dir, "target") };
    try {
      const restore = await run(tsx, ["scripts/restore.ts", file], { cwd: root, env: { ...base, ...targetEnv } });
      expect(restore.stdout).toMatch(/^Wiederhergestellt: .* Anweisungen, (postgres|pglite)\)/);
      const check = target ?? (await openDatabase({ kind: "pglite", dataDir: path.join(dir, "target") }));
      try {
        expect(await snapshot(check.db)).toEqual(expected);
      } finally {
        if (!target) await check.close();
      }
      // A second restore into the now filled database is refused with exit code 1.
      await expect(run(tsx, ["scripts/restore.ts", file], { cwd: root, env: { ...base, ...targetEnv } })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("Die Zieldatenbank ist nicht leer"),
      });
    } finally {
      await target?.close();
    }
  }, 150_000);
});

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { adminUsers, appointmentResources, appointments, resources } from "~/db/schema";
import { accountMessages } from "~/messages";
import { importAppointments, parseExport } from "~/services/appointment-import.server";
import { queueAppointmentReminders } from "~/services/reminders.server";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";

const root = path.resolve(import.meta.dirname, "../..");

/** Rows as the seed's backend exports them (its column names). */
const seedRows = [
  {
    id: "5a1f6c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b",
    name: "Anna Muster",
    email: "anna@example.at",
    phone: "0664 1234567",
    date: "2024-05-02",
    time: "08:00",
    service: "Wartung",
    message: "Bitte auch Licht prüfen",
    status: "bestätigt",
    cancellation_reason: null,
    created_at: "2024-04-28T09:15:00.000Z",
  },
  {
    id: "6b2f7d2f-3c4e-4f60-9bac-1d2e3f4a5b6c",
    name: "Bernd Beispiel",
    email: "bernd@example.at",
    phone: "+43 660 9876543",
    date: "2024-05-03",
    time: "10:30",
    service: "§57a Überprüfung",
    message: "",
    status: "storniert",
    cancellation_reason: "Kunde krank",
    created_at: "2024-04-29T12:00:00.000Z",
  },
  {
    id: 17,
    name: "Clara Zahl",
    email: "clara@example.at",
    phone: "01 2345678",
    date: "2024-06-01",
    time: "09:00:00",
    service: "Ölwechsel",
    status: "",
  },
];

describe.each(testDatabaseKinds)("appointment import on %s", (kind) => {
  const database = useTestDatabase(kind);

  const exportTable = async () =>
    (await database.db.select().from(appointments).orderBy(asc(appointments.date))).map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      date: row.date,
      time: row.time,
      service: row.service,
      message: row.message,
      status: row.status,
      cancellation_reason: row.cancellationReason,
      created_at: row.createdAt.toISOString(),
    }));

  it("imports a JSON export, skips ids that exist on a second run, and round-trips", async () => {
    const rows = parseExport(JSON.stringify(seedRows), "appointments.json");
    expect(await importAppointments(database.db, rows, {})).toEqual({
      imported: 3,
      skipped: 0,
      rejected: [],
      unplaced: [],
    });
    expect(await importAppointments(database.db, rows, {})).toEqual({
      imported: 0,
      skipped: 3,
      rejected: [],
      unplaced: [],
    });

    const exported = await exportTable();
    expect(exported.map((row) => [row.name, row.date, row.time, row.status, row.cancellation_reason])).toEqual([
      ["Anna Muster", "2024-05-02", "08:00", "bestätigt", null],
      ["Bernd Beispiel", "2024-05-03", "10:30", "storniert", "Kunde krank"],
      ["Clara Zahl", "2024-06-01", "09:00", "beantragt", null],
    ]);
    expect(exported[0]).toMatchObject({ id: seedRows[0]!.id, message: "Bitte auch Licht prüfen", created_at: "2024-04-28T09:15:00.000Z" });
    expect(exported[1]?.message).toBeNull();
    // A numeric id of the old system becomes a stable uuid (so the re-run above skipped it).
    expect(exported[2]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // Our own export imported into an empty database gives the same table.
    await database.reset();
    expect(await importAppointments(database.db, parseExport(JSON.stringify({ appointments: exported }), "x.json"), {})).toEqual({
      imported: 3,
      skipped: 0,
      rejected: [],
      unplaced: [],
    });
    expect(await exportTable()).toEqual(exported);
  });

  it("reads CSV (quoted line breaks included) and rejects bad rows with reasons", async () => {
    const csv = [
      "id,name,email,phone,date,time,service,message,status,cancellation_reason",
      'a1,Anna Muster,anna@example.at,0664 1,2024-05-02,08:00,Wartung,"Zeile 1\nZeile 2",beantragt,',
      "a2,,ohne-name@example.at,0664 2,2024-05-02,08:30,Wartung,,beantragt,",
      "a3,Kein Mail,keine-mail,0664 3,2024-05-02,09:00,Wartung,,beantragt,",
      "a4,Falsches Datum,d@example.at,0664 4,2024-02-30,09:00,Wartung,,beantragt,",
      "a5,Falscher Status,s@example.at,0664 5,2024-05-02,09:00,Wartung,,erledigt,",
      "a6,Falsche Zeit,t@example.at,0664 6,2024-05-02,9 Uhr,Wartung,,beantragt,",
      "a1,Doppelt,anna@example.at,0664 1,2024-05-02,08:00,Wartung,,beantragt,",
    ].join("\n");
    const report = await importAppointments(database.db, parseExport(csv, "export.csv"), { firstRow: 2 });
    expect(report.imported).toBe(1);
    expect(report.skipped).toBe(1);
    expect(report.rejected).toEqual([
      { row: 3, reason: "name fehlt" },
      { row: 4, reason: "email ist keine gültige E-Mail-Adresse" },
      { row: 5, reason: "date ist kein gültiges Datum (yyyy-MM-dd)" },
      { row: 6, reason: "status muss beantragt, bestätigt, storniert sein" },
      { row: 7, reason: "time ist keine Uhrzeit im 30-Minuten-Raster (HH:mm, z. B. 08:00 oder 08:30)" },
    ]);
    expect((await exportTable())[0]?.message).toBe("Zeile 1\nZeile 2");
  });

  it("reads a time stamp without a zone as Vienna's wall time, whatever the server's zone", async () => {
    const row = (id: string, createdAt: string) => ({ ...seedRows[0]!, id, email: `${id}@example.at`, created_at: createdAt });
    const report = await importAppointments(
      database.db,
      [
        row("ts-1", "2024-04-28 09:15:00"), // summer time: UTC+2
        row("ts-2", "2024-01-15T09:15:30.250"), // winter time: UTC+1
        row("ts-3", "2024-04-28T09:15:00Z"),
        row("ts-4", "2024-02-30 09:15:00"),
        row("ts-5", "2024-04-28 09:15:00.123456"), // PostgreSQL's text of a timestamp: microseconds
        row("ts-6", "2024-04-28 09:15:00.5+02"), // … of a timestamptz
        row("ts-7", "2024-03-31 02:30:00"), // the hour the clock skips in Vienna
        row("ts-8", "gestern"),
      ],
      {},
    );
    expect(report.rejected).toEqual([
      { row: 4, reason: "created_at ist kein Zeitpunkt" },
      { row: 7, reason: "created_at ist kein Zeitpunkt" },
      { row: 8, reason: "created_at ist kein Zeitpunkt" },
    ]);
    const stored = await database.db.select({ createdAt: appointments.createdAt }).from(appointments).orderBy(asc(appointments.email));
    expect(stored.map((entry) => entry.createdAt.toISOString())).toEqual([
      "2024-04-28T07:15:00.000Z",
      "2024-01-15T08:15:30.250Z",
      "2024-04-28T09:15:00.000Z",
      "2024-04-28T07:15:00.123Z",
      "2024-04-28T07:15:00.500Z",
    ]);
  });

  it("rejects a time off the slot grid: booking, confirming and the planner count whole slots", async () => {
    const row = (id: string, time: string) => ({ ...seedRows[0]!, id, email: `${id}@example.at`, time, status: "bestätigt" });
    const report = await importAppointments(database.db, [row("grid-1", "08:15"), row("grid-2", "08:30"), row("grid-3", "23:59")], {});
    expect(report.imported).toBe(1);
    expect(report.rejected.map((entry) => entry.row)).toEqual([1, 3]);
    expect(report.rejected[0]!.reason).toBe("time ist keine Uhrzeit im 30-Minuten-Raster (HH:mm, z. B. 08:00 oder 08:30)");
    expect((await exportTable()).map((stored) => stored.time)).toEqual(["08:30"]);
  });

  it("a confirmed appointment comes in confirmed (its reminder goes out), a cancelled one as cancelled by the workshop", async () => {
    const importedAt = new Date("2027-03-01T10:00:00Z");
    const row = (id: string, status: string, createdAt: string | null) => ({
      ...seedRows[0]!,
      id,
      email: `${id}@example.at`,
      date: "2027-03-10",
      time: "10:00",
      status,
      created_at: createdAt,
    });
    await importAppointments(
      database.db,
      [
        row("c-1", "bestätigt", "2027-02-20T08:00:00.000Z"),
        row("c-2", "bestätigt", null),
        row("c-3", "storniert", null),
        row("c-4", "beantragt", null),
      ],
      { now: importedAt },
    );
    const stored = await database.db
      .select({ status: appointments.status, confirmedAt: appointments.confirmedAt, cancelledBy: appointments.cancelledBy })
      .from(appointments)
      .orderBy(asc(appointments.email));
    expect(stored).toEqual([
      { status: "bestätigt", confirmedAt: new Date("2027-02-20T08:00:00.000Z"), cancelledBy: null },
      { status: "bestätigt", confirmedAt: importedAt, cancelledBy: null },
      { status: "storniert", confirmedAt: null, cancelledBy: "workshop" },
      { status: "beantragt", confirmedAt: null, cancelledBy: null },
    ]);
    // 24 hours before 10:00 in Vienna (09:00 UTC): both confirmed ones are reminded.
    expect(await queueAppointmentReminders(database.db, new Date("2027-03-09T09:00:30Z"), { hoursBefore: 24 })).toBe(2);
  });

  it("places the file's active appointments on free resources, confirmed ones first, and reports the ones nothing was free for", async () => {
    const row = (id: string, time: string, status: string) => ({ ...seedRows[0]!, id, email: `${id}@example.at`, time, status });
    // Already stored: one confirmed at 09:00 on the test workshop's one lift and one mechanic.
    expect((await importAppointments(database.db, [row("alt-1", "09:00", "bestätigt")], {})).unplaced).toEqual([]);
    const report = await importAppointments(
      database.db,
      [
        row("neu-2", "08:00", "beantragt"),
        row("neu-1", "08:00", "bestätigt"),
        row("neu-3", "08:00", "storniert"),
        row("neu-4", "09:00", "beantragt"),
        row("neu-5", "10:00", "bestätigt"),
      ],
      {},
    );
    expect(report.imported).toBe(5);
    expect(report.unplaced).toEqual([
      { row: 1, date: "2024-05-02", time: "08:00", service: "Wartung" },
      { row: 4, date: "2024-05-02", time: "09:00", service: "Wartung" },
    ]);
    const held = await database.db
      .select({ email: appointments.email, resource: resources.name })
      .from(appointmentResources)
      .innerJoin(appointments, eq(appointments.id, appointmentResources.appointmentId))
      .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
      .orderBy(asc(appointments.email), asc(resources.name));
    // The confirmed one at 08:00 got the lift before the request at 08:00 that came first in the file.
    expect(held.map((entry) => `${entry.email?.split("@")[0]} ${entry.resource}`)).toEqual([
      "alt-1 Hebebühne 1",
      "alt-1 Mechaniker:in 1",
      "neu-1 Hebebühne 1",
      "neu-1 Mechaniker:in 1",
      "neu-5 Hebebühne 1",
      "neu-5 Mechaniker:in 1",
    ]);
  });

  it("a longer service holds its resources for its whole duration, as a booking does", async () => {
    const row = (id: string, time: string, extra: Record<string, unknown> = {}) => ({
      ...seedRows[0]!,
      id,
      email: `${id}@example.at`,
      time,
      status: "beantragt",
      ...extra,
    });
    // 90 minutes from 08:00 hold the lift until 09:30.
    await importAppointments(database.db, [row("lang", "08:00", { duration_minutes: 90 })], {});
    const report = await importAppointments(database.db, [row("neu-1", "09:00"), row("neu-2", "09:30")], {});
    expect(report.unplaced).toEqual([{ row: 1, date: "2024-05-02", time: "09:00", service: "Wartung" }]);
  });

  it("maps the car and hand-over columns when the export has them, and rejects bad ones with reasons", async () => {
    const base = { ...seedRows[0]!, status: "beantragt" };
    const csv = [
      "id,name,email,phone,date,time,service,license_plate,vehicle_model,mileage_km,first_registration,handover,pickup_address,duration_minutes",
      `car-1,${base.name},car1@example.at,${base.phone},2024-05-06,08:00,§57a Überprüfung,w-123 ab,VW Golf,120000,2018-06,pickup,"Praterstraße 1, 1020 Wien",`,
      `car-2,${base.name},car2@example.at,${base.phone},2024-05-06,10:00,Wartung,,,,,,,90`,
      `car-3,${base.name},car3@example.at,${base.phone},2024-05-06,11:00,Wartung,W_1,,-5,2018-13,boat,,`,
    ].join("\n");
    const report = await importAppointments(database.db, parseExport(csv, "export.csv"), { firstRow: 2 });
    expect(report.imported).toBe(2);
    expect(report.rejected).toEqual([
      {
        row: 4,
        reason:
          "license_plate ist kein gültiges Kennzeichen; mileage_km muss eine ganze Zahl von 0 bis 2000000 sein; " +
          "first_registration ist kein gültiger Monat (yyyy-MM, ab 1900, nicht in der Zukunft); handover muss wait, drop_off, pickup sein",
      },
    ]);
    const rows = await database.db.select().from(appointments).orderBy(appointments.time);
    expect(rows[0]).toMatchObject({
      licensePlate: "W-123 AB",
      licensePlateNormalized: "W123AB",
      vehicleModel: "VW Golf",
      mileageKm: 120000,
      firstRegistration: "2018-06",
      handover: "pickup",
      pickupAddress: "Praterstraße 1, 1020 Wien",
      durationMinutes: 60, // the §57a's duration, as the file has none
    });
    expect(rows[1]).toMatchObject({ licensePlate: null, handover: null, durationMinutes: 90 });
  });
});

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), [script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run import and npm run admin on the embedded database", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-admin-cli-"));
  const dataDir = path.join(tmp, "data");
  const file = path.join(tmp, "appointments.json");
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("import prints imported, skipped and rejected counts with reasons", async () => {
    fs.writeFileSync(file, JSON.stringify([...seedRows, { id: "x", name: "Ohne Rest" }]));
    const first = await runScript("scripts/import.ts", [file], { DATA_DIR: dataDir });
    expect(first.output).toContain("Importiert: 3");
    expect(first.output).toContain("Übersprungen (id existiert bereits): 0");
    expect(first.output).toContain("Abgelehnt: 1");
    expect(first.output).toContain("Eintrag 4: email fehlt; phone fehlt; date fehlt; time fehlt; service fehlt");
    expect(first.code).toBe(0);
    // Analysed right away: the planner knows the imported rows (PGlite has no autovacuum).
    const imported = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = await imported.db.execute(sql`select reltuples::int as rows from pg_class where relname = 'appointments'`);
      expect(resultRows<{ rows: number }>(rows)[0]?.rows).toBe(3);
    } finally {
      await imported.close();
    }
    const second = await runScript("scripts/import.ts", [file], { DATA_DIR: dataDir });
    expect(second.output).toContain("Importiert: 0");
    expect(second.output).toContain("Übersprungen (id existiert bereits): 3");
    expect(second.output).toContain("Ohne freie Hebebühne, Prüfplatz oder Mechaniker:in (beantragt + bestätigt): 0");
    // A new database has three lifts and three mechanics (the import entered them as the server's first start
    // would): three more active rows at Anna's confirmed 08:00 leave the last one without.
    const crowded = path.join(tmp, "crowded.json");
    const extra = { ...seedRows[0]!, status: "beantragt" };
    fs.writeFileSync(
      crowded,
      JSON.stringify([
        { ...extra, id: "voll-1" },
        { ...extra, id: "voll-2", email: "dora@example.at" },
        { ...extra, id: "voll-3", email: "emil@example.at" },
      ]),
    );
    const third = await runScript("scripts/import.ts", [crowded], { DATA_DIR: dataDir });
    expect(third.output).toContain("Importiert: 3");
    expect(third.output).toContain("Ohne freie Hebebühne, Prüfplatz oder Mechaniker:in (beantragt + bestätigt): 1");
    expect(third.output).toContain(`  Eintrag 3: 2024-05-02 08:00, ${extra.service}`);
    expect(third.output).toContain("Bitte im Admin-Board verschieben oder stornieren");
    expect(third.code).toBe(0);
  }, 120_000);

  it("admin create / list / reset-password take the password from ADMIN_PASSWORD and never print it", async () => {
    const password = "Werkstatt-Passwort-2026";
    const weak = await runScript("scripts/admin.ts", ["create", "--email", "chef@happycar.example"], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "kurz",
    });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain("Das Passwort muss mindestens 12 Zeichen lang sein.");
    const guessable = await runScript("scripts/admin.ts", ["create", "--email", "chef@happycar.example"], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "abcdefghijkl",
    });
    expect([guessable.code, guessable.output]).toEqual([1, expect.stringContaining("Es enthält eine Folge wie „abc“ oder „1234“.")]);
    const created = await runScript("scripts/admin.ts", ["create", "--email", "chef@happycar.example", "--name", "Chef"], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
    });
    expect([created.code, created.output.trim()]).toEqual([0, "Admin-Konto chef@happycar.example angelegt."]);
    const reset = await runScript("scripts/admin.ts", ["reset-password", "--email", "chef@happycar.example"], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "Noch-ein-Passwort-2027",
    });
    expect(reset.code).toBe(0);
    const resetSecondFactor = await runScript("scripts/admin.ts", ["reset-2fa", "--email", "Chef@HappyCar.example"], { DATA_DIR: dataDir });
    expect([resetSecondFactor.code, resetSecondFactor.output]).toEqual([
      0,
      expect.stringContaining("Zwei-Faktor-Anmeldung von Chef@HappyCar.example ausgeschaltet"),
    ]);
    const list = await runScript("scripts/admin.ts", ["list"], { DATA_DIR: dataDir });
    expect(list.output).toMatch(/^chef@happycar\.example\tChef\tangelegt .+\tletzte Anmeldung nie$/m);
    for (const result of [created, reset, list]) expect(result.output).not.toContain("Passwort-20");
    const usage = await runScript("scripts/admin.ts", ["create"], { DATA_DIR: dataDir });
    expect(usage.code).toBe(1);
    expect(usage.output).toContain("npm run admin -- create --email EMAIL");
  }, 120_000);

  it("admin unlock-2fa lifts the lock of the code login (decision 033) and leaves the factor on; an unknown address is refused", async () => {
    const atRest = async <T>(work: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> => {
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    };
    const locked = { totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", secondFactorFailures: 20, secondFactorLockedAt: new Date() };
    await atRest((db) => db.update(adminUsers).set(locked));
    const unlocked = await runScript("scripts/admin.ts", ["unlock-2fa", "--email", "Chef@HappyCar.example"], { DATA_DIR: dataDir });
    expect([unlocked.code, unlocked.output.trim()]).toEqual([
      0,
      "Code-Sperre von Chef@HappyCar.example aufgehoben: Die Anmeldung nimmt die Codes aus der Authenticator-App wieder an.",
    ]);
    const [row] = await atRest((db) => db.select().from(adminUsers));
    expect(row).toMatchObject({ totpSecret: locked.totpSecret, secondFactorFailures: 0, secondFactorLockedAt: null });
    const unknown = await runScript("scripts/admin.ts", ["unlock-2fa", "--email", "niemand@happycar.example"], { DATA_DIR: dataDir });
    expect([unknown.code, unknown.output.trim()]).toEqual([1, accountMessages.unknown]);
  }, 120_000);

  describe("while the server holds the data folder", () => {
    let server: DatabaseHandle;
    beforeAll(async () => {
      server = await openDatabase({ kind: "pglite", dataDir });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("both commands refuse with exit code 1 and the lock message", async () => {
      const message = `Die Datenbank in ${dataDir} wird bereits vom laufenden Server verwendet (PID ${process.pid}).`;
      const imported = await runScript("scripts/import.ts", [file], { DATA_DIR: dataDir });
      expect([imported.code, imported.output]).toEqual([1, expect.stringContaining(message)]);
      const admin = await runScript("scripts/admin.ts", ["list"], { DATA_DIR: dataDir });
      expect([admin.code, admin.output]).toEqual([1, expect.stringContaining(message)]);
      expect(await server.db.select().from(adminUsers)).toHaveLength(1);
    }, 60_000);
  });
});

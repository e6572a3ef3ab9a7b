import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type AdminIdentity } from "~/auth/session.server";
import { adminContext } from "~/context";
import { auditLog } from "~/db/schema";
import { loginRequiredMessage } from "~/messages";
import { exportFormMessages, exportMessages } from "~/messages";
import { loader as boardLoader } from "~/routes/admin/board";
import { exportAppointments } from "~/services/admin-export.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";

const t0 = new Date("2026-11-20T10:00:00Z");

describe.each(testDatabaseKinds)("CSV export on %s", (kind) => {
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  /** The Cookie header of each account's full session, by account id. */
  let cookies: Map<string, string>;
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "chef@happycar.example", displayName: "Chef", verifiedAt: t0 });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
    cookies = new Map();
    for (const admin of [owner, staff]) {
      cookies.set(admin.id, await sessionCookieOf(database.db, admin.id));
    }
  });

  /** GET /api/v1/admin/export.csv over HTTP with the account's session cookie. */
  function get(query: string, admin: AdminIdentity): Promise<Response> {
    return app.request(`/api/v1/admin/export.csv?${query}`, { cookie: cookies.get(admin.id) });
  }

  it("gives the owner the range's appointments as CSV for Excel, every field, formulas neutralised", async () => {
    const createdAt = new Date("2026-11-02T13:05:00Z");
    await insertAppointment(database.db, {
      name: '=HYPERLINK("http://evil.example")',
      email: "maria@example.at",
      phone: "+43 664 1234567",
      date: "2026-11-03",
      time: "08:30",
      service: "§57a Überprüfung",
      durationMinutes: 60,
      message: 'Bremsen quietschen; "laut"\nseit Montag',
      licensePlate: "W-123 AB",
      licensePlateNormalized: "W123AB",
      vehicleModel: "VW Golf",
      mileageKm: 120000,
      firstRegistration: "2015-03",
      handover: "pickup",
      pickupAddress: "Favoritenstraße 1, 1100 Wien",
      status: "bestätigt",
      createdAt,
    });
    await insertAppointment(database.db, { name: "Vor dem Zeitraum", date: "2026-10-31" });
    await insertAppointment(database.db, { name: "Nach dem Zeitraum", date: "2026-12-01" });
    await insertAppointment(database.db, { name: "Anna Storniert", date: "2026-11-30", status: "storniert", cancellationReason: "krank" });

    const response = await get("from=2026-11-01&to=2026-11-30", owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="termine-2026-11-01-bis-2026-11-30.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const records = text.slice(1).split("\r\n");
    expect(records).toHaveLength(4); // header, two appointments, the empty rest after the last CRLF
    expect(records[0]).toBe(
      '"Datum";"Uhrzeit";"Dauer (Minuten)";"Leistung";"Weitere Leistungen";"Status";"Name";"E-Mail";"Telefon";"Nachricht";"Kennzeichen";' +
        '"Marke und Modell";"Kilometerstand";"Erstzulassung";"Übergabe";"Abholadresse";"Stornierungsgrund";"Interne Notiz";' +
        '"Angefragt am";"Zuletzt geändert am";"Termin-ID"',
    );
    expect(records[1]).toMatch(
      new RegExp(
        '^"03\\.11\\.2026";"08:30";"60";"§57a Überprüfung";"";"bestätigt";"\'=HYPERLINK\\(""http://evil\\.example""\\)";"maria@example\\.at";' +
          '"\'\\+43 664 1234567";"Bremsen quietschen; ""laut""\\nseit Montag";"W-123 AB";"VW Golf";"120000";"03/2015";' +
          '"Hol- und Bringservice";"Favoritenstraße 1, 1100 Wien";"";"";"02\\.11\\.2026 14:05";"\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}";"[0-9a-f-]{36}"$',
      ),
    );
    expect(records[2]).toContain('"30.11.2026"');
    expect(records[2]).toContain('"krank"');
    expect(records[3]).toBe("");

    const storniert = await get("from=2026-11-01&to=2026-11-30&status=storniert", owner);
    expect(storniert.headers.get("content-disposition")).toBe('attachment; filename="termine-storniert-2026-11-01-bis-2026-11-30.csv"');
    expect((await storniert.text()).split("\r\n")).toHaveLength(3);
  });

  it("records every export in the audit log with who, when and the filter", async () => {
    await insertAppointment(database.db, { date: "2026-11-03" });
    const result = await exportAppointments(database.db, {
      admin: owner,
      filter: { from: "2026-11-01", to: "2026-11-30", tab: "bestätigt" },
      now: t0,
    });
    expect(result.ok).toBe(true);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "export"));
    expect(entries).toEqual([
      expect.objectContaining({
        appointmentId: null,
        adminUserId: owner.id,
        actor: "chef@happycar.example",
        subject: "appointments from=2026-11-01 to=2026-11-30 status=bestätigt",
        reason: "0 rows",
        createdAt: t0,
      }),
    ]);
  });

  it("refuses staff with 403 in German and records nothing", async () => {
    const response = await get("from=2026-11-01&to=2026-11-30", staff);
    expect([response.status, await response.json()]).toEqual([403, { error: exportMessages.ownerOnly }]);
    expect(await exportAppointments(database.db, { admin: staff, filter: { from: "2026-11-01", to: "2026-11-30", tab: "alle" } })).toEqual({
      ok: false,
      code: "ownerOnly",
    });
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it("refuses a request without a session with 401 from the guard and records nothing", async () => {
    await insertAppointment(database.db, { date: "2026-11-03" });
    const response = await app.request("/api/v1/admin/export.csv?from=2026-11-01&to=2026-11-30");
    expect([response.status, await response.json()]).toEqual([401, { error: loginRequiredMessage }]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  /** The board's loader as the page's request reaches it, for the account. */
  async function board(admin: AdminIdentity, query: string) {
    const args = await routeArgs(new Request(`http://127.0.0.1/admin?${query}`), { db: database.db });
    args.context.set(adminContext, admin);
    return boardLoader(args as never);
  }

  it("offers the board's export form to the owner only, with the current month", async () => {
    expect((await board(owner, "status=storniert")).exportForm).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-(28|29|30|31)$/),
      error: null,
    });
    expect((await board(staff, "status=storniert")).exportForm).toBeNull();
  });

  it("sends the board's export form with valid dates on to the file, with the board's tab", async () => {
    const query = "export=csv&status=bestätigt&q=Maria&period=past&from=2026-11-01&to=2026-11-30";
    // More than 10 minutes after the owner's last check of the password or a code: the confirmation page first, then back.
    const stale = await board(owner, query).catch((thrown: unknown) => thrown);
    expect((stale as Response).headers.get("location")).toMatch(/^\/admin\/bestaetigen\?redirectTo=%2Fadmin%3Fexport%3Dcsv/);
    const answer = await board({ ...owner, verifiedAt: new Date() }, query).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe(
      "/api/v1/admin/export.csv?from=2026-11-01&to=2026-11-30&status=best%C3%A4tigt",
    );
    // Staff get the board as it is; the file would refuse them anyway.
    expect((await board(staff, "export=csv&from=2026-11-01&to=2026-11-30")).exportForm).toBeNull();
  });

  it("shows the board again when the export form's 'Von' is after 'Bis': the dates as typed, the reason in German, nothing exported", async () => {
    const answer = await board(owner, "export=csv&status=storniert&from=2026-12-01&to=2026-11-30");
    expect(answer.exportForm).toEqual({ from: "2026-12-01", to: "2026-11-30", error: exportFormMessages.invalidDates });
    expect(answer.tab).toBe("storniert");
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it.each([
    ["", exportMessages.invalidDates],
    ["from=2026-11-01", exportMessages.invalidDates],
    ["from=01.11.2026&to=2026-11-30", exportMessages.invalidDates],
    ["from=2026-02-30&to=2026-03-01", exportMessages.invalidDates],
    ["from=2026-12-01&to=2026-11-30", exportMessages.invalidDates],
    ["from=2026-11-01&to=2026-11-30&status=offen", exportMessages.invalidStatus],
  ])("answers 400 in German for %j", async (query, message) => {
    const response = await get(query, owner);
    expect([response.status, await response.json()]).toEqual([400, { error: message }]);
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { PublicFactsProvider } from "~/components/site/public-facts-context";
import { adminContext } from "~/context";
import { defaultMigrationsFolder, openDatabase } from "~/db/client.server";
import { appointments, auditLog, emailOutbox, inspectionReminders, inspectionUnsubscribeTokens } from "~/db/schema";
import { defaultWorkshopFacts } from "~/domain/workshop";
import { publicFactsOf } from "~/lib/public-facts";
import { adminMessages } from "~/messages";
import AppointmentDetails, { action as detailsAction, loader as detailsLoader } from "~/routes/admin/appointment";
import PrivacyPage from "~/routes/site/privacy";
import { queueInspectionReminders, unsubscribeInspectionReminders } from "~/services/reminders.server";
import { applyRetention } from "~/services/retention.server";
import { testBookingConfig } from "../support/booking-config";
import { createTestDatabase, type DatabaseKind, postgresAvailable, testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { boardCommands, requestAppointment } from "../support/result-views";
import { routeArgs } from "../support/route-args";

/**
 * Issue 31, finding 5 (decision 036): one §57a reminder consent per address and car. A new booking
 * with the tick renews it, unsubscribing ends it for that car, deleting an appointment that gave it
 * and the board's 'Erinnerung löschen' erase it (GDPR Art. 17); migration 0019 merges what was
 * stored before.
 */

// Monday 30 November 2026, 09:00 in Vienna.
const NOW = new Date("2026-11-30T09:00:00+01:00");
// 1 December: the reminders of the cars due in January go out.
const DECEMBER = new Date("2026-12-01T08:00:00+01:00");
const config = testBookingConfig({ maxOpenRequestsPerEmail: 10 });
const booking = {
  name: "Anna Muster",
  email: "anna@example.at",
  phone: "0664 1234567",
  service: "Ölwechsel",
  date: "2026-12-02",
  time: "10:00",
  licensePlate: "W 123 AB",
  // Due January 2024, January 2026, then every January: reminded in December.
  firstRegistration: "2021-01",
  inspectionReminder: true,
};

describe.each(testDatabaseKinds)("one §57a consent per address and car on %s", (kind) => {
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "chef@happycar.example", role: "owner" });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
  });

  async function book(input: Record<string, unknown>, now = NOW): Promise<string> {
    const result = await requestAppointment(database.db, { ...booking, ...input }, { now, clientIp: "203.0.113.7", config });
    if (result.kind !== "created") throw new Error(`booking refused: ${JSON.stringify(result)}`);
    return result.id;
  }
  const consents = () => database.db.select().from(inspectionReminders).orderBy(inspectionReminders.email, inspectionReminders.carKey);
  const inspectionMails = () =>
    database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "inspection-reminder")).orderBy(emailOutbox.createdAt);
  const tokenOf = (mail: { params: unknown }) => (mail.params as Record<string, string>).unsubscribeToken!;
  const trail = (appointmentId: string) =>
    database.db
      .select({ action: auditLog.action, actor: auditLog.actor, oldStatus: auditLog.oldStatus, newStatus: auditLog.newStatus })
      .from(auditLog)
      .where(eq(auditLog.appointmentId, appointmentId))
      .orderBy(auditLog.id);

  it("three bookings of one address and car keep one consent, renewed by the last; one reminder, one unsubscribe ends it", async () => {
    const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
    const first = await book({});
    const second = await book({ email: "Anna@Example.at", licensePlate: "w-123ab", date: "2026-12-03" }, later(1));
    const third = await book({ name: "Anna Muster-Berger", licensePlate: "W 123AB", date: "2026-12-04" }, later(2));

    const [consent, ...more] = await consents();
    expect(more).toEqual([]);
    expect(consent).toMatchObject({
      name: "Anna Muster-Berger",
      email: "anna@example.at",
      licensePlate: "W 123AB",
      carKey: "W123AB",
      consentedAt: later(2),
      appointmentId: third,
      unsubscribedAt: null,
    });
    const ticked = await database.db.select({ id: appointments.id, ticked: appointments.inspectionConsent }).from(appointments);
    expect(new Set(ticked.filter((row) => row.ticked).map((row) => row.id))).toEqual(new Set([first, second, third]));

    await queueInspectionReminders(database.db, DECEMBER);
    await queueInspectionReminders(database.db, new Date("2026-12-15T08:00:00+01:00"));
    const mails = await inspectionMails();
    expect(mails).toHaveLength(1);
    expect(await database.db.select().from(inspectionUnsubscribeTokens)).toHaveLength(1);

    // The one link ends the reminders of that car.
    expect(await unsubscribeInspectionReminders(database.db, tokenOf(mails[0]!), new Date("2026-12-03T10:00:00Z"))).toBe(true);
    await queueInspectionReminders(database.db, new Date("2027-12-01T08:00:00+01:00"));
    expect(await inspectionMails()).toHaveLength(1);
    expect((await consents())[0]!.unsubscribedAt).toEqual(new Date("2026-12-03T10:00:00Z"));
  });

  it("another plate or another address is another consent; without a plate the first registration tells the cars apart", async () => {
    await book({});
    await book({ licensePlate: "W 456 CD", time: "11:00" });
    await book({ email: "bert@example.at", time: "12:00" });
    await book({ licensePlate: "", time: "13:00" });
    await book({ licensePlate: "", date: "2026-12-03" });
    await book({ licensePlate: "", firstRegistration: "2019-01", time: "14:00" });
    // No tick: no consent.
    await book({ licensePlate: "W 789 EF", inspectionReminder: false, time: "15:00" });
    expect((await consents()).map((row) => [row.email, row.carKey])).toEqual([
      ["anna@example.at", "EZ:2019-01"],
      ["anna@example.at", "EZ:2021-01"],
      ["anna@example.at", "W123AB"],
      ["anna@example.at", "W456CD"],
      ["bert@example.at", "W123AB"],
    ]);
    // 2019-01 is due in January 2027 as 2021-01 is: one e-mail per consent.
    await queueInspectionReminders(database.db, DECEMBER);
    expect(await inspectionMails()).toHaveLength(5);
  });

  it("a booking after unsubscribing gives the consent anew, without reminding of a month twice", async () => {
    await book({});
    await queueInspectionReminders(database.db, DECEMBER);
    const [mail] = await inspectionMails();
    await unsubscribeInspectionReminders(database.db, tokenOf(mail!), new Date("2026-12-01T10:00:00Z"));

    const again = new Date("2026-12-02T09:00:00+01:00");
    const renewed = await book({ date: "2026-12-09" }, again);
    const [consent, ...more] = await consents();
    expect(more).toEqual([]);
    expect(consent).toMatchObject({ unsubscribedAt: null, consentedAt: again, appointmentId: renewed, lastRemindedDueMonth: "2027-01" });
    // January 2027 was reminded of already; January 2028 is.
    await queueInspectionReminders(database.db, new Date("2026-12-20T08:00:00+01:00"));
    expect(await inspectionMails()).toHaveLength(1);
    await queueInspectionReminders(database.db, new Date("2027-12-01T08:00:00+01:00"));
    expect(await inspectionMails()).toHaveLength(2);
  });

  it("deleting an appointment that ticked the box erases the consent, also when a later booking renewed it", async () => {
    const { deleteAppointment } = boardCommands;
    const first = await book({});
    const untouched = await book({ inspectionReminder: false, time: "11:00" });
    await book({ date: "2026-12-03" });
    await queueInspectionReminders(database.db, DECEMBER);
    const [mail] = await inspectionMails();

    // The booking without the tick gave nothing: its deletion leaves the consent.
    expect(await deleteAppointment(database.db, { id: untouched, admin: owner })).toEqual({ ok: true });
    expect(await consents()).toHaveLength(1);
    expect((await trail(untouched)).map((entry) => entry.action)).toEqual(["delete"]);

    // The first one gave it, and the later one renewed it: deleting either erases it, and its links.
    expect(await deleteAppointment(database.db, { id: first, admin: owner })).toEqual({ ok: true });
    expect(await consents()).toEqual([]);
    expect(await database.db.select().from(inspectionUnsubscribeTokens)).toEqual([]);
    expect(await unsubscribeInspectionReminders(database.db, tokenOf(mail!), new Date())).toBe(false);
    expect(await trail(first)).toEqual([
      { action: "reminder.delete", actor: "chef@happycar.example", oldStatus: "beantragt", newStatus: null },
      { action: "delete", actor: "chef@happycar.example", oldStatus: "beantragt", newStatus: null },
    ]);

    // Through the JSON API as on the board.
    const viaApi = await book({ date: "2026-12-04" });
    expect(await consents()).toHaveLength(1);
    const cookie = await sessionCookieOf(database.db, owner.id);
    const deleted = await app.request(`/api/v1/admin/appointments/${viaApi}`, { method: "DELETE", cookie });
    expect(deleted.status).toBe(204);
    expect(await consents()).toEqual([]);
  });

  it("the retention job deletes old appointments but keeps an active consent: its next inspection may be two years away", async () => {
    await book({});
    const { appointmentsDeleted } = await applyRetention(database.db, { now: new Date("2027-03-01T09:00:00Z") });
    expect(appointmentsDeleted).toBe(1);
    expect(await consents()).toMatchObject([{ carKey: "W123AB", appointmentId: null, unsubscribedAt: null }]);
  });

  it("'Erinnerung löschen' through the JSON API: the owner's, 204 with an audit entry, then 404; a pending reminder is not sent", async () => {
    const id = await book({});
    await queueInspectionReminders(database.db, DECEMBER);
    expect((await inspectionMails())[0]!.status).toBe("pending");
    const endpoint = `/api/v1/admin/appointments/${id}/reminder`;
    const details = async (cookie: string) =>
      ((await (await app.request(`/api/v1/admin/appointments/${id}`, { cookie })).json()) as { appointment: Record<string, unknown> })
        .appointment;

    const staffCookie = await sessionCookieOf(database.db, staff.id);
    const refused = await app.request(endpoint, { method: "DELETE", cookie: staffCookie });
    expect([refused.status, await refused.json()]).toEqual([403, { error: adminMessages.reminderOwnerOnly }]);
    expect(await consents()).toHaveLength(1);
    expect((await details(staffCookie)).inspectionReminder).toEqual({
      consentedAt: NOW.toISOString(),
      unsubscribedAt: null,
      lastRemindedDueMonth: "2027-01",
    });

    const cookie = await sessionCookieOf(database.db, owner.id);
    const erased = await app.request(endpoint, { method: "DELETE", cookie });
    expect(erased.status).toBe(204);
    expect(await consents()).toEqual([]);
    // The reminder queued for it goes nowhere, and keeps nobody's address.
    expect(await inspectionMails()).toMatchObject([{ status: "superseded", recipient: "[gelöscht]", params: {} }]);
    expect(await trail(id)).toEqual([
      { action: "reminder.delete", actor: "chef@happycar.example", oldStatus: "beantragt", newStatus: "beantragt" },
    ]);
    expect((await details(cookie)).inspectionReminder).toBeNull();
    // The appointment stays.
    expect(await database.db.select({ id: appointments.id }).from(appointments)).toEqual([{ id }]);

    const again = await app.request(endpoint, { method: "DELETE", cookie });
    expect([again.status, await again.json()]).toEqual([404, { error: adminMessages.reminderNotFound }]);
    const unknown = await app.request(`/api/v1/admin/appointments/${crypto.randomUUID()}/reminder`, { method: "DELETE", cookie });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: adminMessages.notFound }]);
    const withoutTick = await book({ inspectionReminder: false, time: "11:00" });
    const none = await app.request(`/api/v1/admin/appointments/${withoutTick}/reminder`, { method: "DELETE", cookie });
    expect(none.status).toBe(404);
    expect((await app.request(endpoint, { cookie })).status).toBe(405);
  });

  it("an unsubscribe drops a reminder still waiting in the outbox", async () => {
    await book({});
    await queueInspectionReminders(database.db, DECEMBER);
    const [mail] = await inspectionMails();
    await unsubscribeInspectionReminders(database.db, tokenOf(mail!), new Date());
    const [after] = await inspectionMails();
    expect(after).toMatchObject({ status: "superseded", recipient: "anna@example.at" });
    expect(after!.params).not.toHaveProperty("unsubscribeToken");
  });

  describe("the details page", () => {
    async function loaderOf(id: string, admin: AdminIdentity, query = "") {
      const args = await routeArgs(new Request(`http://127.0.0.1/admin/termine/${id}${query}`), { db: database.db });
      args.context.set(adminContext, admin);
      return detailsLoader({ ...args, params: { id } } as never);
    }
    function render(id: string, loaderData: unknown, query = "") {
      const Stub = createRoutesStub([
        { id: "details", path: "/admin/termine/:id", Component: AppointmentDetails as never, loader: () => loaderData },
      ]);
      return renderToStaticMarkup(
        createElement(Stub, { initialEntries: [`/admin/termine/${id}${query}`], hydrationData: { loaderData: { details: loaderData } } }),
      );
    }

    it("shows the consent, offers 'Erinnerung löschen' to the owner only, asks without JavaScript, and erases it from its form", async () => {
      const id = await book({});
      const html = render(id, await loaderOf(id, owner));
      expect(html).toContain("Erinnerung an die §57a-Begutachtung");
      expect(html).toContain("Aktiv");
      expect(html).toContain(`href="/admin/termine/${id}?erinnerung=loeschen"`);
      expect(html).toContain("Erinnerung löschen");
      const staffHtml = render(id, await loaderOf(id, staff));
      expect(staffHtml).toContain("Erinnerung an die §57a-Begutachtung");
      expect(staffHtml).not.toContain("Erinnerung löschen");

      // Without JavaScript the link opens the question; its button posts the intent.
      const asking = render(id, await loaderOf(id, owner, "?erinnerung=loeschen"), "?erinnerung=loeschen");
      expect(asking).toContain("Möchten Sie die Erinnerung an die §57a-Begutachtung für dieses Fahrzeug wirklich löschen?");
      expect(asking).toContain('value="reminder-delete" name="intent"');

      const post = async (admin: AdminIdentity) => {
        const request = new Request(`http://127.0.0.1/admin/termine/${id}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=reminder-delete",
        });
        const args = await routeArgs(request, { db: database.db });
        args.context.set(adminContext, admin);
        return (await detailsAction({ ...args, params: { id } } as never)) as unknown as {
          data: Record<string, unknown>;
          init: { status?: number } | null;
        };
      };
      const refused = await post(staff);
      expect([refused.init?.status, refused.data.message]).toEqual([
        403,
        `${adminMessages.reminderEraseFailed} ${adminMessages.reminderOwnerOnly}`,
      ]);
      const answer = await post(owner);
      expect(answer.data).toEqual({ ok: true, intent: "reminder-delete", ...adminMessages.reminderErased });
      expect(await consents()).toEqual([]);
      expect((await trail(id)).map((entry) => entry.action)).toEqual(["reminder.delete"]);

      const after = render(id, await loaderOf(id, owner));
      expect(after).not.toContain("Erinnerung löschen");
      expect(after).toContain("§57a-Erinnerung gelöscht");
      expect((await post(owner)).init?.status).toBe(404);
    });
  });

  // A new PGlite cluster and every migration cost some 14 s of CPU: where PostgreSQL runs the same SQL, it alone does.
  it.skipIf(kind === "pglite" && postgresAvailable)(
    "migration 0019 merges the consents stored per booking into one per address and car",
    async () => {
      await migrationMergesDuplicates(kind);
    },
    60_000,
  );
});

describe("the privacy statement", () => {
  it("says: one consent per car, how to end it, and that deleting the appointment or asking the workshop erases it", () => {
    const Stub = createRoutesStub([{ path: "/datenschutz", Component: PrivacyPage }]);
    // The page reads the workshop's facts from the public layout (decision 048): here the defaults.
    const page = createElement(
      PublicFactsProvider,
      { value: publicFactsOf(defaultWorkshopFacts()) },
      createElement(Stub, { initialEntries: ["/datenschutz"] }),
    );
    const text = renderToStaticMarkup(page).replace(/\s+/g, " ");
    expect(text).toContain("Wir speichern für jedes Fahrzeug nur eine Einwilligung je E-Mail-Adresse");
    expect(text).toContain("„Erinnerungen abbestellen“ in jeder Erinnerungs-E-Mail");
    expect(text).toContain("Damit enden die Erinnerungen für dieses Fahrzeug.");
    expect(text).toContain("löschen wir die Einwilligung für dieses Fahrzeug sofort mit");
    expect(text).toContain("Sie können uns auch bitten, nur die Erinnerung zu löschen");
  });
});

/**
 * A database migrated up to the migration before 0019, with the duplicates the old booking function
 * stored (one consent per booking), then migrated on: one consent per address and car is left.
 */
async function migrationMergesDuplicates(kind: DatabaseKind) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hc-migrations-"));
  const journalFile = path.join(defaultMigrationsFolder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const before = journal.entries.filter((entry) => entry.tag < "0019");
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: before }));
  for (const { tag } of before) fs.copyFileSync(path.join(defaultMigrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));

  const database = await createTestDatabase(kind, undefined, { migrationsFolder: folder });
  try {
    const { db } = database;
    const ids = Object.fromEntries(
      ["a1", "a2", "a3", "b1", "b2", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"].map((k) => [k, crypto.randomUUID()]),
    );
    for (const [key, email, plate] of [
      ["a1", "anna@example.at", "W 123 AB"],
      ["a2", "Anna@Example.at", "W-123 AB"],
      ["a3", "anna@example.at", "W 123AB"],
      ["b1", "bert@example.at", null],
      ["b2", "bert@example.at", null],
    ] as const) {
      await db.execute(sql`insert into appointments (id, name, email, phone, date, time, service, license_plate, license_plate_normalized, first_registration)
        values (${ids[key]}::uuid, 'Kunde', ${email}, '0660 1234567', '2025-06-02', '10:00', 'Wartung', ${plate},
          ${plate && plate.replace(/[\s-]+/g, "")}, '2020-05')`);
    }
    const consent = (
      id: string,
      email: string,
      plate: string | null,
      consentedAt: string,
      extra: { appointment?: string; lastMonth?: string; unsubscribedAt?: string } = {},
    ) =>
      db.execute(sql`insert into inspection_reminders (id, name, email, license_plate, first_registration, consent_text, consented_at,
          appointment_id, last_reminded_due_month, unsubscribed_at)
        values (${id}::uuid, 'Kunde', ${email}, ${plate}, '2020-05', 'An die nächste §57a-Begutachtung erinnern', ${consentedAt}::timestamptz,
          ${extra.appointment ?? null}::uuid, ${extra.lastMonth ?? null}, ${extra.unsubscribedAt ?? null}::timestamptz)`);
    // One car, three bookings: the newest consent stays, with the month reminded of last.
    await consent(ids.r1!, "anna@example.at", "W 123 AB", "2025-01-01T10:00:00Z", { appointment: ids.a1, lastMonth: "2025-05" });
    await consent(ids.r2!, "Anna@Example.at", "W-123 AB", "2025-06-01T10:00:00Z", { appointment: ids.a2 });
    await consent(ids.r3!, "anna@example.at", "W 123AB", "2025-09-01T10:00:00Z", { appointment: ids.a3 });
    // Without a plate, by the first registration: withdrawn after the newest consent, so the car stays unsubscribed.
    await consent(ids.r4!, "bert@example.at", null, "2025-02-01T10:00:00Z", {
      appointment: ids.b1,
      unsubscribedAt: "2025-10-01T10:00:00Z",
    });
    await consent(ids.r5!, "bert@example.at", null, "2025-03-01T10:00:00Z", { appointment: ids.b2, lastMonth: "2026-05" });
    // Another car of the same address, and another address: their own.
    await consent(ids.r6!, "bert@example.at", "W 9 Z", "2025-03-01T10:00:00Z");
    await consent(ids.r7!, "carla@example.at", null, "2025-03-01T10:00:00Z");
    // Withdrawn before the newest consent: that consent stands.
    await consent(ids.r8!, "dora@example.at", "G 1 X", "2025-01-01T10:00:00Z", { unsubscribedAt: "2025-02-01T10:00:00Z" });
    await consent(ids.r9!, "dora@example.at", "G 1 X", "2025-05-01T10:00:00Z");
    for (const [hash, reminder] of [
      ["a".repeat(64), ids.r1],
      ["b".repeat(64), ids.r3],
      ["c".repeat(64), ids.r4],
    ] as const) {
      await db.execute(sql`insert into inspection_unsubscribe_tokens (token_hash, reminder_id) values (${hash}, ${reminder}::uuid)`);
    }

    if (kind === "pglite") await migratePglite(db as never, { migrationsFolder: defaultMigrationsFolder });
    else await (await openDatabase({ kind: "postgres", url: database.url!, poolSize: 1 })).close();

    const rows = await db
      .select({
        id: inspectionReminders.id,
        carKey: inspectionReminders.carKey,
        lastRemindedDueMonth: inspectionReminders.lastRemindedDueMonth,
        unsubscribedAt: inspectionReminders.unsubscribedAt,
      })
      .from(inspectionReminders)
      .orderBy(inspectionReminders.email, inspectionReminders.carKey);
    expect(rows).toEqual([
      { id: ids.r3, carKey: "W123AB", lastRemindedDueMonth: "2025-05", unsubscribedAt: null },
      { id: ids.r5, carKey: "EZ:2020-05", lastRemindedDueMonth: "2026-05", unsubscribedAt: new Date("2025-10-01T10:00:00Z") },
      { id: ids.r6, carKey: "W9Z", lastRemindedDueMonth: null, unsubscribedAt: null },
      { id: ids.r7, carKey: "EZ:2020-05", lastRemindedDueMonth: null, unsubscribedAt: null },
      { id: ids.r9, carKey: "G1X", lastRemindedDueMonth: null, unsubscribedAt: null },
    ]);
    // Every old unsubscribe link leads to the consent that stayed.
    const tokens = await db.select().from(inspectionUnsubscribeTokens).orderBy(inspectionUnsubscribeTokens.tokenHash);
    expect(tokens.map((token) => token.reminderId)).toEqual([ids.r3, ids.r3, ids.r5]);
    // The bookings that gave the consents are known as such: deleting one erases its car's consent.
    const ticked = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.inspectionConsent, true));
    expect(new Set(ticked.map((row) => row.id))).toEqual(new Set([ids.a1, ids.a2, ids.a3, ids.b1, ids.b2]));
    // The unique key holds from now on.
    await expect(
      db.execute(sql`insert into inspection_reminders (name, email, car_key, first_registration, consent_text, consented_at)
        values ('Kunde', 'ANNA@example.at', 'W123AB', '2020-05', 'x', now())`),
    ).rejects.toThrow();
    expect(
      await db
        .select({ id: inspectionReminders.id })
        .from(inspectionReminders)
        .where(and(eq(inspectionReminders.carKey, "W123AB"), sql`lower(${inspectionReminders.email}) = 'anna@example.at'`)),
    ).toEqual([{ id: ids.r3 }]);
  } finally {
    await database.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

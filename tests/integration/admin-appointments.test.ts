import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type AdminIdentity, createSession, sessionCookieName } from "~/auth/session.server";
import { appointments, auditLog, emailOutbox } from "~/db/schema";
import { loginRequiredMessage } from "~/messages";
import { adminMessages } from "~/messages";
import { listUndeliveredEmails } from "~/services/admin-emails.server";
import { appointmentDetails, listAppointments, PAGE_SIZE } from "~/services/appointment-queries.server";
import { testDatabaseKinds } from "../support/databases";
import { appointmentInput, createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { withWritesHeldBack } from "../support/held-back";
import { boardCommands } from "../support/result-views";

const { cancelAppointment, confirmAppointment, deleteAppointment, resendLastEmail } = boardCommands;

type NewAppointment = typeof appointments.$inferInsert;

/** This file's appointments (tests/support/factories.ts) carry a message and a spaced phone number. */
const base = { phone: "0664 123 45 67", message: "Bitte Öl prüfen" };

describe.each(testDatabaseKinds)("admin appointments on %s", (kind) => {
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  const database = useTestDatabase(kind, { poolSize: 10 });
  const app = useApiApp(database);
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "chef@happycar.example", displayName: "Chef", passwordHash: "x" });
    staff = await createAdminIdentity(database.db, { email: "lehrling@happycar.example", displayName: "Lehrling", passwordHash: "x" });
  });

  async function insert(values: Partial<NewAppointment> = {}): Promise<string> {
    return (await insertAppointment(database.db, { ...base, ...values })).id;
  }
  const outbox = () => database.db.select().from(emailOutbox);
  const audit = () => database.db.select().from(auditLog);
  const statusOf = async (id: string) => (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  /** The Cookie header of a fresh full session of this account, as the browser sends it after the login. */
  const sessionOf = (admin: AdminIdentity) => sessionCookieOf(database.db, admin.id);

  it("confirm: sets bestätigt, queues the confirmation with the seed's parameters and records who did it", async () => {
    const id = await insert();
    const now = new Date("2026-11-20T10:00:00Z");
    expect(await confirmAppointment(database.db, { id, admin: owner, now })).toEqual({ ok: true, status: "bestätigt" });
    expect((await statusOf(id))?.status).toBe("bestätigt");
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: "anna@example.at",
      template: "appointment-confirmed",
      appointmentId: id,
      status: "pending",
      params: {
        name: "Anna Muster",
        email: "anna@example.at",
        date: "2026-12-01",
        time: "08:00",
        service: "Wartung",
      },
    });
    expect(await audit()).toEqual([
      expect.objectContaining({
        appointmentId: id,
        adminUserId: owner.id,
        actor: "chef@happycar.example",
        action: "confirm",
        oldStatus: "beantragt",
        newStatus: "bestätigt",
        reason: null,
        createdAt: now,
      }),
    ]);
  });

  it("cancel: a blank reason changes nothing (400); with a reason storniert, reason stored, e-mail with grund", async () => {
    const id = await insert();
    for (const reason of ["", "   \n ", undefined, 42]) {
      expect(await cancelAppointment(database.db, { id, admin: staff, reason })).toEqual({
        ok: false,
        status: 400,
        code: "reasonRequired",
      });
    }
    expect(adminMessages.reasonRequired).toBe("Bitte geben Sie einen Stornierungsgrund an.");
    expect((await statusOf(id))?.status).toBe("beantragt");
    expect(await outbox()).toHaveLength(0);

    expect(await cancelAppointment(database.db, { id, admin: staff, reason: "  Werkstatt geschlossen  " })).toEqual({
      ok: true,
      status: "storniert",
    });
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: "storniert", cancellationReason: "Werkstatt geschlossen" });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: "appointment-cancelled",
      params: { reason: "Werkstatt geschlossen", date: "2026-12-01" },
    });
    expect(await audit()).toEqual([
      expect.objectContaining({
        actor: "lehrling@happycar.example",
        action: "cancel",
        newStatus: "storniert",
        reason: "Werkstatt geschlossen",
      }),
    ]);
  });

  it("cancel: the reason is cleaned like customer input (a lone surrogate once made the e-mail's jsonb fail)", async () => {
    const id = await insert();
    for (const reason of ["\u200b\u202e", "\ud800"]) {
      expect(await cancelAppointment(database.db, { id, admin: staff, reason })).toMatchObject({ ok: false, status: 400 });
    }
    expect(await cancelAppointment(database.db, { id, admin: staff, reason: "Werkstatt\ud800 \u202egeschlossen\u2028morgen" })).toEqual({
      ok: true,
      status: "storniert",
    });
    expect(await statusOf(id)).toMatchObject({ cancellationReason: "Werkstatt geschlossen\nmorgen" });
    expect((await outbox())[0]).toMatchObject({ params: { reason: "Werkstatt geschlossen\nmorgen" } });
  });

  it("confirm or cancel of an appointment that is no longer beantragt answers 409; unknown ids 404", async () => {
    const id = await insert({ status: "storniert", cancellationReason: "alt" });
    expect(await confirmAppointment(database.db, { id, admin: owner })).toEqual({
      ok: false,
      status: 409,
      code: "conflict",
    });
    expect(await cancelAppointment(database.db, { id, admin: owner, reason: "nochmal" })).toMatchObject({ status: 409 });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await confirmAppointment(database.db, { id: missing, admin: owner })).toMatchObject({ status: 404 });
    expect(await deleteAppointment(database.db, { id: missing, admin: owner })).toMatchObject({ status: 404 });
    expect(await outbox()).toHaveLength(0);
    expect(await audit()).toHaveLength(0);
  });

  it("two admins at once: exactly one wins, the other gets 409, exactly one e-mail", async () => {
    for (let round = 0; round < 5; round++) {
      await database.db.delete(emailOutbox);
      const id = await insert({ time: `0${round}:30` });
      // Two confirms, or two cancels (a confirmed appointment can still be cancelled, so confirm and cancel may both succeed).
      const results = await Promise.all(
        round % 2 === 0
          ? [confirmAppointment(database.db, { id, admin: owner }), confirmAppointment(database.db, { id, admin: staff })]
          : [
              cancelAppointment(database.db, { id, admin: owner, reason: "Doppelt gebucht" }),
              cancelAppointment(database.db, { id, admin: staff, reason: "Doppelt gebucht" }),
            ],
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, status: 409, code: "conflict" }]);
      const mails = (await outbox()).filter((mail) => mail.appointmentId === id);
      expect(mails).toHaveLength(1);
      const entries = (await audit()).filter((entry) => entry.appointmentId === id);
      expect(entries).toHaveLength(1);
    }
  });

  it("confirm refuses (409 slotFull) an appointment that holds nothing when no lift or mechanic is free; nothing changes", async () => {
    // Two requests at one time that hold nothing, as an import or the first start's migration leaves them
    // when the workshop (here one lift, one mechanic) has no room: confirming places them first.
    const first = await insert();
    const second = await insert({ email: "bert@example.at" });
    expect(await confirmAppointment(database.db, { id: first, admin: owner })).toEqual({ ok: true, status: "bestätigt" });
    expect(await confirmAppointment(database.db, { id: second, admin: owner })).toEqual({
      ok: false,
      status: 409,
      code: "slotFull",
    });
    expect(adminMessages.slotFull).toMatch(/^Dieser Termin ist bereits vergeben/);
    expect((await statusOf(second))?.status).toBe("beantragt");
    expect((await outbox()).map((mail) => mail.appointmentId)).toEqual([first]);
    expect((await audit()).map((entry) => entry.appointmentId)).toEqual([first]);

    // A cancelled appointment frees its lift and mechanic.
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, first));
    expect(await confirmAppointment(database.db, { id: second, admin: owner })).toMatchObject({ ok: true });
    // Other slots are not affected.
    const otherTime = await insert({ time: "08:30" });
    expect(await confirmAppointment(database.db, { id: otherTime, admin: owner })).toMatchObject({ ok: true });
  });

  it("search finds a licence plate typed with or without spaces and hyphens, in any case; details show the car and hand-over", async () => {
    const id = await insert({
      licensePlate: "W 123-AB",
      licensePlateNormalized: "W123AB",
      vehicleModel: "VW Golf",
      mileageKm: 120000,
      firstRegistration: "2018-06",
      handover: "pickup",
      pickupAddress: "Praterstraße 1, 1020 Wien",
    });
    await insert({ email: "bert@example.at", licensePlate: "G 999 XY", licensePlateNormalized: "G999XY" });
    for (const q of ["w123ab", "W-123 AB", "w 123ab", "123-a", "W123AB"]) {
      expect(
        (await listAppointments(database.db, { q })).items.map((item) => item.id),
        q,
      ).toEqual([id]);
    }
    expect((await listAppointments(database.db, { q: "W124" })).items).toEqual([]);
    const details = await appointmentDetails(database.db, id);
    expect(details?.appointment).toMatchObject({
      licensePlate: "W 123-AB",
      vehicleModel: "VW Golf",
      mileageKm: 120000,
      firstRegistration: "2018-06",
      handover: "pickup",
      pickupAddress: "Praterstraße 1, 1020 Wien",
      durationMinutes: 30,
    });
  });

  it("confirm places a service for its whole duration: a §57a (60 min) and an oil change in its second half hour share the one mechanic", async () => {
    // As an import can leave them, holding nothing: a §57a at 08:00 and an Ölwechsel at 08:30.
    const inspection = await insert({ service: "§57a Überprüfung", durationMinutes: 60 });
    const oilChange = await insert({ time: "08:30", service: "Ölwechsel", email: "bert@example.at" });
    expect(await confirmAppointment(database.db, { id: oilChange, admin: owner })).toMatchObject({ ok: true });
    expect(await confirmAppointment(database.db, { id: inspection, admin: owner })).toEqual({
      ok: false,
      status: 409,
      code: "slotFull",
    });
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, oilChange));
    expect(await confirmAppointment(database.db, { id: inspection, admin: owner })).toMatchObject({ ok: true });
    // The confirmation's invite lasts the booking's 60 minutes.
    const [mail] = (await outbox()).filter((row) => row.appointmentId === inspection);
    expect(mail!.params).toMatchObject({ service: "§57a Überprüfung", durationMinutes: "60" });

    const lateRequest = await insert({ time: "08:30", service: "Ölwechsel", email: "clara@example.at" });
    expect(await confirmAppointment(database.db, { id: lateRequest, admin: owner })).toMatchObject({ code: "slotFull" });
    const nextSlot = await insert({ time: "09:00", service: "Ölwechsel", email: "dora@example.at" });
    expect(await confirmAppointment(database.db, { id: nextSlot, admin: owner })).toMatchObject({ ok: true });
  });

  it.skipIf(kind !== "postgres")(
    "parallel confirms of two requests that hold nothing, for the one lift: exactly one wins, every round",
    async () => {
      for (let round = 0; round < 8; round++) {
        const time = `1${round}:00`;
        const ids = [await insert({ time }), await insert({ time, email: "bert@example.at" })];
        const results = await withWritesHeldBack(database, 2, () =>
          ids.map((id, index) => confirmAppointment(database.db, { id, admin: index ? staff : owner })),
        );
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, status: 409, code: "slotFull" }]);
        const confirmed = await database.db
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.time, time), eq(appointments.status, "bestätigt")));
        expect(confirmed).toHaveLength(1);
        expect((await outbox()).filter((mail) => ids.includes(mail.appointmentId!))).toHaveLength(1);
      }
    },
  );

  it("delete works in every status, keeps the audit trail and the details view shows it", async () => {
    const id = await insert();
    await confirmAppointment(database.db, { id, admin: owner });
    expect(await deleteAppointment(database.db, { id, admin: staff })).toEqual({ ok: true });
    expect(await statusOf(id)).toBeUndefined();
    expect(await deleteAppointment(database.db, { id, admin: staff })).toMatchObject({ status: 404 });
    const details = await appointmentDetails(database.db, id);
    expect(details?.appointment).toBeNull();
    expect(details?.audit.map((entry) => [entry.action, entry.actor, entry.oldStatus, entry.newStatus])).toEqual([
      ["delete", "lehrling@happycar.example", "bestätigt", null],
      ["confirm", "chef@happycar.example", "beantragt", "bestätigt"],
    ]);
    // The e-mail outlives the appointment without its link.
    expect((await outbox())[0]?.appointmentId).toBeNull();
  });

  it("lists by date, then time; filters by tab on the server; counts every tab", async () => {
    await insert({ name: "Dritter", date: "2026-12-02", time: "08:00" });
    await insert({ name: "Zweiter", date: "2026-12-01", time: "10:30", status: "bestätigt" });
    await insert({ name: "Erster", date: "2026-12-01", time: "08:00", status: "storniert" });
    await insert({ name: "Vierter", date: "2027-01-05", time: "09:00" });
    const all = await listAppointments(database.db, {});
    expect(all.items.map((item) => item.name)).toEqual(["Erster", "Zweiter", "Dritter", "Vierter"]);
    expect(all.counts).toEqual({ alle: 4, beantragt: 2, bestätigt: 1, storniert: 1 });
    expect(all).toMatchObject({ page: 1, pageSize: 50, total: 4 });
    const requested = await listAppointments(database.db, { tab: "beantragt" });
    expect(requested.items.map((item) => item.name)).toEqual(["Dritter", "Vierter"]);
    expect(requested.total).toBe(2);
    expect(requested.counts.alle).toBe(4);
  });

  it("searches name, e-mail and phone (digits match with or without spaces)", async () => {
    await insert({ name: "Berta Huber", email: "berta@firma.at", phone: "+43 660 111 22 33" });
    await insert({ name: "Carl Mayr", email: "carl@example.com", phone: "0699/5554433" });
    await insert({ name: "100% Garage_Test", email: "x@y.at", phone: "01 2345" });
    const names = async (q: string) => (await listAppointments(database.db, { q })).items.map((item) => item.name);
    expect(await names("huber")).toEqual(["Berta Huber"]);
    expect(await names("FIRMA.AT")).toEqual(["Berta Huber"]);
    expect(await names("5554433")).toEqual(["Carl Mayr"]);
    expect(await names("660 1112233")).toEqual(["Berta Huber"]);
    expect(await names("100%")).toEqual(["100% Garage_Test"]);
    expect(await names("e_t")).toEqual(["100% Garage_Test"]);
    expect(await names("niemand")).toEqual([]);
    expect((await listAppointments(database.db, { q: "huber" })).counts).toEqual({ alle: 1, beantragt: 1, bestätigt: 0, storniert: 0 });
  });

  it("cleans the search like all text input: a NUL or a lone surrogate is no 500 (GET /api/v1/admin/appointments?q=%00)", async () => {
    await insert({ name: "Berta Huber" });
    const names = async (q: string) => (await listAppointments(database.db, { q })).items.map((item) => item.name);
    expect(await names("hu\u0000ber")).toEqual(["Berta Huber"]);
    expect(await names("\ud800huber\u200b")).toEqual(["Berta Huber"]);
    expect(await names("\u0000")).toEqual(["Berta Huber"]);
    const answer = await app.request("/api/v1/admin/appointments?q=%00", { cookie: await sessionOf(owner) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(((await answer.json()) as { total: number }).total).toBe(1);
  });

  it("GET /api/v1/admin/appointments needs a full session: 401 in German from the guard, no-store", async () => {
    await insert({ name: "Berta Huber" });
    for (const cookie of [undefined, `${sessionCookieName()}=unbekannt`]) {
      const answer = await app.request("/api/v1/admin/appointments", { cookie });
      expect([answer.status, await answer.json()], String(cookie)).toEqual([401, { error: loginRequiredMessage }]);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    // A session still waiting for the login's second factor is no full one either.
    const pending = await createSession(database.db, owner.id, new Date(), undefined, { stage: "second_factor" });
    const answer = await app.request("/api/v1/admin/appointments", { cookie: `${sessionCookieName()}=${pending}` });
    expect([answer.status, await answer.json()]).toEqual([401, { error: loginRequiredMessage }]);
  });

  it("pages by 50 and stays fast with 10,000 appointments", async () => {
    const rows: NewAppointment[] = [];
    for (let n = 0; n < 10_000; n++) {
      const day = String(1 + (n % 28)).padStart(2, "0");
      const month = String(1 + (Math.floor(n / 28) % 12)).padStart(2, "0");
      rows.push(
        appointmentInput({
          ...base,
          name: `Kunde ${n}`,
          email: `kunde${n}@example.at`,
          phone: `0664 ${String(n).padStart(7, "0")}`,
          date: `${2027 + Math.floor(n / 336)}-${month}-${day}`,
          time: `${String(8 + (n % 9)).padStart(2, "0")}:00`,
          status: (["beantragt", "bestätigt", "storniert"] as const)[n % 3],
        }),
      );
    }
    for (let start = 0; start < rows.length; start += 1000) {
      await database.db.insert(appointments).values(rows.slice(start, start + 1000));
    }
    await listAppointments(database.db, {}); // warm-up
    const started = performance.now();
    const page3 = await listAppointments(database.db, { tab: "bestätigt", page: 3 });
    const searched = await listAppointments(database.db, { q: "kunde9999" });
    const elapsed = performance.now() - started;
    expect(page3.items).toHaveLength(PAGE_SIZE);
    expect(page3.total).toBe(3333);
    expect(page3.page).toBe(3);
    expect(searched.items.map((item) => item.name)).toEqual(["Kunde 9999"]);
    const sorted = [...page3.items].sort((a, b) => `${a.date}${a.time}`.localeCompare(`${b.date}${b.time}`));
    expect(page3.items).toEqual(sorted);
    // Past the last page: the last page.
    expect((await listAppointments(database.db, { page: 10_000 })).page).toBe(200);
    // Numbers no offset can hold (a hand-edited ?page=) are the last page too, not a database error.
    for (const page of [Infinity, 1e20]) expect((await listAppointments(database.db, { page })).page, String(page)).toBe(200);
    expect(elapsed).toBeLessThan(2_000);

    // A search pages through its matches in the list's order, per tab, with the matches' counts:
    // "kunde1" matches Kunde 1, 10–19, 100–199, 1000–1999 (1111 appointments).
    const everyPage = await Promise.all(Array.from({ length: 200 }, (_, n) => listAppointments(database.db, { page: n + 1 })));
    const everyMatch = everyPage.flatMap((list) => list.items).filter((item) => /^Kunde 1\d*$/.test(item.name));
    expect(everyMatch).toHaveLength(1111);
    const confirmedMatches = everyMatch.filter((item) => item.status === "bestätigt");
    const searchedPage = await listAppointments(database.db, { q: "kunde1", tab: "bestätigt", page: 3 });
    expect(searchedPage.counts).toEqual({
      alle: 1111,
      beantragt: everyMatch.filter((item) => item.status === "beantragt").length,
      bestätigt: confirmedMatches.length,
      storniert: everyMatch.filter((item) => item.status === "storniert").length,
    });
    expect(searchedPage.items.map((item) => item.id)).toEqual(confirmedMatches.slice(100, 150).map((item) => item.id));
    const pastTheEnd = await listAppointments(database.db, { q: "kunde1", tab: "bestätigt", page: 99 });
    expect(pastTheEnd.page).toBe(Math.ceil(confirmedMatches.length / PAGE_SIZE));
    expect(pastTheEnd.items.map((item) => item.id)).toEqual(
      confirmedMatches.slice((pastTheEnd.page - 1) * PAGE_SIZE).map((item) => item.id),
    );
  }, 120_000);

  it("shows the state of the last e-mail and requeues a failed one ('Erneut senden')", async () => {
    const id = await insert();
    expect((await listAppointments(database.db, {})).items[0]?.emailState).toBeNull();
    await confirmAppointment(database.db, { id, admin: owner });
    expect((await listAppointments(database.db, {})).items[0]?.emailState).toBe("pending");
    expect(await resendLastEmail(database.db, id)).toMatchObject({ ok: false, status: 409 });
    await database.db.update(emailOutbox).set({ status: "failed", attempts: 8, lastError: "550" });
    expect((await listAppointments(database.db, {})).items[0]?.emailState).toBe("failed");
    expect((await listUndeliveredEmails(database.db)).map((mail) => [mail.status, mail.lastError, mail.appointmentId])).toEqual([
      ["failed", "550", id],
    ]);
    expect(await resendLastEmail(database.db, id)).toEqual({ ok: true });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ status: "pending", attempts: 0 });
  });
});

import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { type AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { appointments, auditLog, closures, emailOutbox } from "~/db/schema";
import { loginRequiredMessage } from "~/messages";
import { closureMessages } from "~/messages";
import { addClosure, cancelAppointments, enterDefaultClosures } from "~/services/closures.server";
import { testBookingConfig } from "../support/booking-config";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { getAvailability, getDaySlots, requestAppointment } from "../support/result-views";

/** Monday 1 March 2027, 09:00 in Vienna: every service call gets this `now`; Wednesday 10 March is an ordinary open day. */
const NOW = new Date("2027-03-01T09:00:00+01:00");
const DAY = "2027-03-10";

const config = testBookingConfig();

describe.each(testDatabaseKinds)("closures on %s", (kind) => {
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  /** The Cookie header of each account's full session, by account id. */
  let cookies: Map<string, string>;
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  beforeEach(async () => {
    const identity = (email: string, role: AdminIdentity["role"]) =>
      createAdminIdentity(database.db, { email, displayName: email, role, verifiedAt: NOW });
    owner = await identity("owner@happycar.example", "owner");
    staff = await identity("lena@happycar.example", "staff");
    cookies = new Map();
    for (const admin of [owner, staff]) {
      cookies.set(admin.id, await sessionCookieOf(database.db, admin.id));
    }
  });

  /** The JSON API over HTTP, with the account's session cookie (none for `null`). */
  function api(admin: AdminIdentity | null, method: "GET" | "POST" | "DELETE", { id, body }: { id?: string; body?: unknown } = {}) {
    return app.request(`/api/v1/admin/closures${id ? `/${id}` : ""}`, {
      method,
      json: body,
      cookie: admin ? cookies.get(admin.id) : undefined,
    });
  }

  const add = (closure: { from: string; to: string; name: string; startTime?: string }) =>
    addClosure(database.db, { actor: owner, closure, now: NOW });

  it("POST answers 201 with the closure and the open and confirmed appointments it covers; GET lists it; DELETE 204, then 404", async () => {
    const covered = await insertAppointment(database.db, { date: "2030-12-24", time: "11:30", durationMinutes: 60, name: "Lang" });
    const confirmed = await insertAppointment(database.db, { date: "2030-12-24", time: "14:00", status: "bestätigt", name: "Fix" });
    await insertAppointment(database.db, { date: "2030-12-24", time: "11:30", name: "Endet um zwölf" });
    await insertAppointment(database.db, { date: "2030-12-24", time: "15:00", status: "storniert", cancellationReason: "x" });
    await insertAppointment(database.db, { date: "2030-12-23", time: "15:00" });

    const created = await api(owner, "POST", {
      body: { from: "2030-12-24", to: "2030-12-24", name: " Heiliger Abend ", startTime: "12:00" },
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; affected: { id: string; status: string; name: string }[] };
    expect(body).toMatchObject({ from: "2030-12-24", to: "2030-12-24", startTime: "12:00", name: "Heiliger Abend" });
    expect(body.affected.map((appointment) => [appointment.id, appointment.status])).toEqual([
      [covered.id, "beantragt"],
      [confirmed.id, "bestätigt"],
    ]);

    const listed = await api(owner, "GET");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect(((await listed.json()) as { closures: { id: string }[] }).closures.map((closure) => closure.id)).toEqual([body.id]);

    expect((await api(owner, "DELETE", { id: body.id })).status).toBe(204);
    const again = await api(owner, "DELETE", { id: body.id });
    expect([again.status, await again.json()]).toEqual([404, { error: closureMessages.notFound }]);
    expect((await api(owner, "DELETE", { id: "nicht-da" })).status).toBe(404);

    const trail = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `closure:${body.id}`));
    expect(trail.map((entry) => [entry.action, entry.actor]).sort()).toEqual([
      ["closure.create", "owner@happycar.example"],
      ["closure.delete", "owner@happycar.example"],
    ]);
  });

  it("staff get 403 with the German reason and change nothing", async () => {
    const existing = await add({ from: "2030-08-01", to: "2030-08-14", name: "Betriebsurlaub" });
    const id = existing.ok ? existing.value.id : "";
    for (const response of [
      await api(staff, "GET"),
      await api(staff, "POST", { body: { from: "2030-07-01", to: "2030-07-01", name: "Inventur" } }),
      await api(staff, "DELETE", { id }),
    ]) {
      expect([response.status, await response.json()]).toEqual([403, { error: closureMessages.ownerOnly }]);
    }
    expect(await database.db.select({ id: closures.id }).from(closures)).toEqual([{ id }]);
  });

  it("without a session every method gets 401 from the guard and nothing changes", async () => {
    const existing = await add({ from: "2030-08-01", to: "2030-08-14", name: "Betriebsurlaub" });
    const id = existing.ok ? existing.value.id : "";
    for (const response of [
      await api(null, "GET"),
      await api(null, "POST", { body: { from: "2030-07-01", to: "2030-07-01", name: "Inventur" } }),
      await api(null, "DELETE", { id }),
    ]) {
      expect([response.status, await response.json()]).toEqual([401, { error: loginRequiredMessage }]);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect(await database.db.select({ id: closures.id }).from(closures)).toEqual([{ id }]);
  });

  it("bad input answers 400 with a German message per field and stores nothing", async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { from: closureMessages.from, to: closureMessages.to, name: closureMessages.name }],
      [
        { from: "2030-02-30", to: "24.12.2030", name: "x" },
        { from: closureMessages.from, to: closureMessages.to },
      ],
      [{ from: "2030-12-27", to: "2030-12-24", name: "Rückwärts" }, { to: closureMessages.range }],
      [{ from: "2030-12-24", to: "2030-12-24", name: "   " }, { name: closureMessages.name }],
      [{ from: "2030-12-24", to: "2030-12-24", name: "x".repeat(101) }, { name: closureMessages.name }],
      [{ from: "2030-12-24", to: "2030-12-24", name: "Halb", startTime: "12:15" }, { startTime: closureMessages.startTime }],
      [{ from: "2030-12-24", to: "2030-12-24", name: "Halb", startTime: "25:00" }, { startTime: closureMessages.startTime }],
      [{ from: "2030-12-24", to: "2030-12-24", name: "Halb", startTime: 12 }, { startTime: closureMessages.startTime }],
    ];
    for (const [body, fields] of cases) {
      const response = await api(owner, "POST", { body });
      expect([response.status, await response.json()]).toEqual([400, { error: closureMessages.invalid, fields }]);
    }
    expect(await database.db.select().from(closures)).toEqual([]);
  });

  it("slots and availability respect a closure at once, and again when it is deleted", async () => {
    const openSlots = async (service?: string) => {
      const day = await getDaySlots(database.db, DAY, NOW, config, service);
      return day.open ? day.slots.filter((slot) => slot.available).map((slot) => slot.time) : day.reason;
    };
    const dayOf = async () => (await getAvailability(database.db, "2027-03-08", "2027-03-14", NOW, config)).find((d) => d.date === DAY);
    expect(await openSlots()).toContain("16:00");
    expect(await dayOf()).toMatchObject({ available: true, freeSlots: 19 });

    const afternoon = await add({ from: DAY, to: DAY, name: "Schulung", startTime: "12:00" });
    expect((await openSlots()).at(-1)).toBe("11:30");
    // A §57a (60 minutes) from 11:30 would run into the closure.
    expect((await openSlots("§57a Überprüfung")).at(-1)).toBe("11:00");
    expect(await dayOf()).toMatchObject({ available: true, freeSlots: 8 });

    const week = await add({ from: "2027-03-09", to: "2027-03-12", name: "Betriebsurlaub" });
    expect(await openSlots()).toBe("Betriebsurlaub");
    expect(await dayOf()).toEqual({ date: DAY, available: false, reason: "Betriebsurlaub", freeSlots: 0, level: "none" });

    for (const closure of [afternoon, week]) {
      if (closure.ok) await database.db.delete(closures).where(eq(closures.id, closure.value.id));
    }
    expect(await dayOf()).toMatchObject({ available: true, freeSlots: 19 });
  });

  it("the booking refuses a slot closed after the page was loaded; nothing is stored", async () => {
    const booking = {
      name: "Anna Muster",
      email: "anna@example.at",
      phone: "0664 1234567",
      service: "Ölwechsel",
      date: DAY,
      time: "14:00",
    };
    const book = (input: Record<string, unknown>) => requestAppointment(database.db, input, { now: NOW, clientIp: "203.0.113.7", config });
    await add({ from: DAY, to: DAY, name: "Heiliger Abend", startTime: "12:00" });
    expect(await book(booking)).toMatchObject({
      kind: "invalid",
      fields: { time: "Ab 12:00 Uhr ist an diesem Tag geschlossen: Heiliger Abend." },
    });
    await add({ from: "2027-03-09", to: "2027-03-12", name: "Betriebsurlaub" });
    expect(await book({ ...booking, time: "09:00" })).toMatchObject({
      kind: "invalid",
      fields: { date: "Am 10.03.2027 sind keine Termine möglich: Betriebsurlaub" },
    });
    expect(await database.db.select().from(appointments)).toEqual([]);
    expect(await book({ ...booking, date: "2027-03-15" })).toMatchObject({ kind: "created" });
  });

  // Decision 024: without the closures' lock a booking could pass its closure check, wait for a slot, and be
  // stored inside a closure entered meanwhile, missing from the closure's list. Races mean something only on PostgreSQL.
  it.runIf(kind === "postgres")("a closure entered while a booking waits for its slot lists it, or the booking is refused", async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      const waiting = async () =>
        Number(
          (await holder.query<{ count: string }>("select count(*) from pg_locks where locktype = 'advisory' and not granted")).rows[0]!
            .count,
        );
      const until = async (condition: () => Promise<boolean>) => {
        for (let tries = 0; tries < 200 && !(await condition()); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
      };
      // Someone else holds the 10:00 slot, so the booking waits inside its transaction.
      await holder.query("begin");
      await holder.query(`select pg_advisory_xact_lock(31001, hashtext('${DAY} 10:00'))`);
      const booking = requestAppointment(
        database.db,
        { name: "Anna Muster", email: "anna@example.at", phone: "0664 1234567", service: "Ölwechsel", date: DAY, time: "10:00" },
        { now: NOW, clientIp: "203.0.113.9", config },
      );
      await until(async () => (await waiting()) === 1);
      let closureDone = false;
      const closure = add({ from: DAY, to: DAY, name: "Wasserschaden" }).finally(() => (closureDone = true));
      // The closure either waits for the booking (the lock) or, without it, is entered at once.
      await until(async () => closureDone || (await waiting()) === 2);
      await holder.query("commit");
      const [booked, entered] = await Promise.all([booking, closure]);
      const affected = entered.ok ? entered.value.affected.map((appointment) => appointment.id) : [];
      if (booked.kind === "created") expect(affected).toEqual([booked.id]);
      else expect(booked).toMatchObject({ kind: "invalid", fields: { date: "Am 10.03.2027 sind keine Termine möglich: Wasserschaden" } });
      const stored = await database.db.select({ id: appointments.id }).from(appointments);
      expect(stored.map((row) => row.id)).toEqual(affected);
    } finally {
      await holder.end();
    }
  });

  it("a closure from a time refuses a booking that would end after it, not one that ends on it (decision 023)", async () => {
    const inspection = {
      name: "Berta Muster",
      email: "berta@example.at",
      phone: "0664 7654321",
      service: "§57a Überprüfung", // 60 minutes
      date: DAY,
    };
    const book = (time: string) => requestAppointment(database.db, { ...inspection, time }, { now: NOW, clientIp: "203.0.113.8", config });
    await add({ from: DAY, to: DAY, name: "Betriebsfeier", startTime: "12:00" });
    expect(await book("11:30")).toMatchObject({
      kind: "invalid",
      fields: { time: expect.stringContaining("nach Geschäftsschluss (12:00 Uhr) enden") },
    });
    expect(await database.db.select().from(appointments)).toEqual([]);
    expect(await book("11:00")).toMatchObject({ kind: "created" });
  });

  it("'Alle stornieren' cancels the open and confirmed appointments through the cancel use-case, each with its e-mail", async () => {
    const open = await insertAppointment(database.db, { date: DAY, time: "09:00" });
    const confirmed = await insertAppointment(database.db, { date: DAY, time: "10:00", status: "bestätigt" });
    const result = await add({ from: DAY, to: DAY, name: "Wasserschaden" });
    const ids = result.ok ? result.value.affected.map((appointment) => appointment.id) : [];
    expect(ids).toEqual([open.id, confirmed.id]);

    expect(await cancelAppointments(database.db, { admin: staff, ids, reason: "Wasserschaden", now: NOW })).toEqual({
      ok: false,
      code: "ownerOnly",
    });
    expect(await cancelAppointments(database.db, { admin: owner, ids, reason: "  ", now: NOW })).toEqual({
      ok: false,
      code: "reasonRequired",
    });
    expect(await cancelAppointments(database.db, { admin: owner, ids, reason: "Wasserschaden in der Halle", now: NOW })).toEqual({
      ok: true,
      value: { cancelled: 2, skipped: 0 },
    });
    const rows = await database.db.select().from(appointments).where(inArray(appointments.id, ids));
    expect(rows.map((row) => [row.status, row.cancellationReason])).toEqual([
      ["storniert", "Wasserschaden in der Halle"],
      ["storniert", "Wasserschaden in der Halle"],
    ]);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((mail) => [mail.template, mail.recipient, (mail.params as { reason?: string }).reason])).toEqual([
      ["appointment-cancelled", "anna@example.at", "Wasserschaden in der Halle"],
      ["appointment-cancelled", "anna@example.at", "Wasserschaden in der Halle"],
    ]);
    const cancels = await database.db.select().from(auditLog).where(eq(auditLog.action, "cancel"));
    expect(cancels).toHaveLength(2);
    // A second click finds them cancelled already: skipped, no second e-mail.
    expect(await cancelAppointments(database.db, { admin: owner, ids, reason: "nochmal", now: NOW })).toEqual({
      ok: true,
      value: { cancelled: 0, skipped: 2 },
    });
    expect(await database.db.select().from(emailOutbox)).toHaveLength(2);
  });

  it("the first start enters the configured defaults once; a deleted one stays deleted", async () => {
    await enterDefaultClosures(database.db, NOW);
    const stored = await database.db.select().from(closures);
    expect(stored).toHaveLength(site.booking.defaultClosureYears * site.booking.closures.length + site.booking.companyHolidays.length);
    expect(stored).toContainEqual(expect.objectContaining({ fromDate: "2027-12-24", toDate: "2027-12-24", name: "Heiliger Abend" }));
    await database.db.delete(closures).where(eq(closures.id, stored[0]!.id));
    await enterDefaultClosures(database.db, NOW);
    expect(await database.db.select().from(closures)).toHaveLength(stored.length - 1);
  });
});

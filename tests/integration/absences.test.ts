import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { appointmentResources, auditLog, resourceAbsences, resources } from "~/db/schema";
import type { AppointmentStatus } from "~/domain/appointment";
import { absenceMessages, loginRequiredMessage, resourceMessages } from "~/messages";
import { absenceInputSchema } from "~/schemas/absence";
import { fieldMessages } from "~/schemas/resource";
import { absencesBetween, addAbsence, deleteAbsence, listAbsences, upcomingAbsences } from "~/services/absences.server";
import { getDaySlots, requestAppointment } from "~/services/booking.server";
import { placeAppointment } from "~/services/placement.server";
import { testBookingConfig } from "../support/booking-config";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, heldResourceNames, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { siteVisitFacts } from "../support/slot-rules";

/** Monday 1 March 2027, 09:00 in Vienna: every call gets this `now`; Wednesday 10 March is an ordinary open day. */
const NOW = new Date("2027-03-01T09:00:00+01:00");
const DAY = "2027-03-10";
const NEXT_DAY = "2027-03-11";

const config = testBookingConfig();

describe.each(testDatabaseKinds)("mechanics' absences on %s", (kind) => {
  const database = useTestDatabase(kind);
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  /** The test workshop's one mechanic (tests/support/databases.ts) and its one lift. */
  let mechanic: string;
  let lift: string;
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", displayName: "Chefin", role: "owner" });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
    const all = await database.db.select().from(resources);
    mechanic = all.find((resource) => resource.kind === "mechanic")!.id;
    lift = all.find((resource) => resource.kind === "lift")!.id;
  });

  const absence = (overrides: Partial<{ from: string; to: string; startTime: string; reason: string }> = {}) =>
    absenceInputSchema.parse({ from: DAY, to: DAY, reason: "Urlaub", ...overrides });

  const add = (resourceId: string, input = absence(), actor = owner) =>
    addAbsence(database.db, { actor, resourceId, absence: input, now: NOW });

  /** A stored appointment placed as confirming places it (its lift and mechanic, or a mechanic only for Elektrik). */
  async function placed(
    time: string,
    {
      date = DAY,
      service = "Wartung",
      name = "Anna Muster",
      status = "bestätigt",
    }: { date?: string; service?: string; name?: string; status?: AppointmentStatus } = {},
  ) {
    const appointment = await insertAppointment(database.db, { date, time, service, name, status, durationMinutes: 30 });
    const placement = await placeAppointment(database.db, { ...appointment, courtesyCar: false }, siteVisitFacts);
    expect(placement).toBe("placed");
    return appointment;
  }

  /** Which resources the appointment holds now (active holds), by name. */
  const holds = (appointmentId: string) => heldResourceNames(database.db, appointmentId);

  async function secondMechanic(name = "Mechaniker:in 2"): Promise<string> {
    const [row] = await database.db.insert(resources).values({ name, kind: "mechanic" }).returning();
    return row!.id;
  }

  it("the owner enters, lists and removes an absence; staff read the list; both in the audit trail", async () => {
    const added = await add(mechanic, absence({ from: DAY, to: NEXT_DAY, startTime: "12:00", reason: "  Berufsschule " }));
    expect(added).toEqual({
      ok: true,
      value: {
        id: expect.any(String),
        resourceId: mechanic,
        from: DAY,
        to: NEXT_DAY,
        startTime: "12:00",
        reason: "Berufsschule",
        createdAt: NOW.toISOString(),
        resource: { id: mechanic, name: "Mechaniker:in 1", kind: "mechanic", active: true },
        affected: [],
        reassigned: [],
      },
    });
    if (!added.ok) return;
    // One that ended yesterday stays stored but drops off the list.
    await database.db
      .insert(resourceAbsences)
      .values({ resourceId: mechanic, fromDate: "2027-02-20", toDate: "2027-02-28", reason: "Urlaub" });
    const { resource: _resource, affected: _affected, reassigned: _reassigned, ...stored } = added.value;
    expect(await listAbsences(database.db, { resourceId: mechanic, now: NOW })).toEqual({ ok: true, value: [stored] });
    expect(await upcomingAbsences(database.db, NOW)).toEqual([stored]);
    expect((await absencesBetween(database.db, "2027-02-27", DAY)).map((row) => row.reason)).toEqual(["Urlaub", "Berufsschule"]);

    const removed = await deleteAbsence(database.db, { actor: owner, resourceId: mechanic, absenceId: stored.id, now: NOW });
    expect(removed.ok).toBe(true);
    expect(await listAbsences(database.db, { resourceId: mechanic, now: NOW })).toEqual({ ok: true, value: [] });
    const trail = await database.db
      .select({ action: auditLog.action, reason: auditLog.reason, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.subject, `resource:${mechanic}`))
      .orderBy(auditLog.id);
    const reason = "Mechaniker:in 1: Berufsschule: 2027-03-10 – 2027-03-11 ab 12:00";
    expect(trail).toEqual([
      { action: "absence.create", reason, actor: "owner@happycar.example" },
      { action: "absence.delete", reason, actor: "owner@happycar.example" },
    ]);
  });

  it("staff may not enter or remove one; unknown resources and absences are not found", async () => {
    expect(await add(mechanic, absence(), staff)).toEqual({ ok: false, code: "ownerOnly" });
    const added = await add(mechanic);
    if (!added.ok) throw new Error("not added");
    const remove = (actor: AdminIdentity, resourceId: string, absenceId: string) =>
      deleteAbsence(database.db, { actor, resourceId, absenceId, now: NOW });
    expect(await remove(staff, mechanic, added.value.id)).toEqual({ ok: false, code: "ownerOnly" });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await add(unknown)).toEqual({ ok: false, code: "notFound" });
    expect(await listAbsences(database.db, { resourceId: unknown, now: NOW })).toEqual({ ok: false, code: "notFound" });
    expect(await remove(owner, unknown, added.value.id)).toEqual({ ok: false, code: "notFound" });
    // The absence of another resource is not this one's.
    expect(await remove(owner, lift, added.value.id)).toEqual({ ok: false, code: "absenceNotFound" });
    expect(await remove(owner, mechanic, unknown)).toEqual({ ok: false, code: "absenceNotFound" });
    expect(await database.db.$count(resourceAbsences)).toBe(1);
  });

  it("refuses bad input with a German message per field", () => {
    const refused = (input: Record<string, unknown>) => {
      const result = absenceInputSchema.safeParse(input);
      return result.success ? "accepted" : fieldMessages(result.error, "from");
    };
    expect(refused({ from: "10.03.2027", to: "2027-02-30", reason: "" })).toEqual({
      from: absenceMessages.from,
      to: absenceMessages.to,
      reason: absenceMessages.reason,
    });
    expect(absenceMessages.from).toBe("Bitte geben Sie den ersten Tag der Abwesenheit im Format JJJJ-MM-TT an.");
    expect(absenceMessages.reason).toBe("Bitte geben Sie einen Grund mit 1 bis 100 Zeichen an (z. B. „Urlaub“).");
    expect(refused({ from: DAY, to: "2027-03-09", reason: "Urlaub" })).toEqual({ to: "Der letzte Tag darf nicht vor dem ersten liegen." });
    expect(refused({ from: DAY, to: DAY, reason: "x".repeat(101) })).toEqual({ reason: absenceMessages.reason });
    expect(refused({ from: DAY, to: DAY, reason: " \u200B " })).toEqual({ reason: absenceMessages.reason });
    expect(refused({ from: DAY, to: DAY, reason: "Urlaub", startTime: "12:15" })).toEqual({
      startTime: "Bitte geben Sie die Uhrzeit als HH:MM zur vollen oder halben Stunde an, oder lassen Sie das Feld leer (ganzer Tag).",
    });
    // A year at most (366 days, both ends counted): entering one locks each of its days.
    expect(refused({ from: "2027-01-01", to: "2028-01-02", reason: "Karenz" })).toEqual({
      to: "Eine Abwesenheit dauert höchstens 366 Tage; bitte tragen Sie eine längere in Teilen ein.",
    });
    expect(refused({ from: "2028-01-01", to: "2028-12-31", reason: "Karenz", startTime: "" })).toBe("accepted");
  });

  it("an appointment holding the only mechanic that day is affected and keeps its hold", async () => {
    const appointment = await placed("09:00", { status: "beantragt" });
    const result = await add(mechanic, absence({ reason: "Krankenstand" }));
    expect(result.ok && result.value.reassigned).toEqual([]);
    expect(result.ok && result.value.affected).toEqual([
      { id: appointment.id, name: "Anna Muster", date: DAY, time: "09:00", service: "Wartung", durationMinutes: 30, status: "beantragt" },
    ]);
    expect(await holds(appointment.id)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);
  });

  it("with a second mechanic free the appointment moves to them; busy or absent ones are not free", async () => {
    const first = await placed("09:00", { name: "Erich Erster" });
    const second = await placed("10:00", { name: "Berta Zweite" });
    const third = await placed("11:00", { name: "Dora Dritte", service: "Elektrik" });
    const other = await secondMechanic();
    // The second mechanic is busy at 10:00 (another appointment of theirs) and away from 11:00.
    const busy = await insertAppointment(database.db, { date: DAY, time: "10:00", service: "Elektrik", durationMinutes: 30 });
    await database.db.insert(appointmentResources).values({
      appointmentId: busy.id,
      resourceId: other,
      startsAt: new Date("2027-03-10T09:00:00Z"),
      endsAt: new Date("2027-03-10T09:30:00Z"),
    });
    await database.db
      .insert(resourceAbsences)
      .values({ resourceId: other, fromDate: DAY, toDate: DAY, startTime: "11:00", reason: "Arzt" });

    const result = await add(mechanic);
    if (!result.ok) throw new Error(result.code);
    expect(result.value.reassigned).toEqual([
      {
        id: first.id,
        name: "Erich Erster",
        date: DAY,
        time: "09:00",
        service: "Wartung",
        durationMinutes: 30,
        status: "bestätigt",
        resource: { id: other, name: "Mechaniker:in 2" },
      },
    ]);
    expect(result.value.affected.map((appointment) => appointment.id)).toEqual([second.id, third.id]);
    expect(await holds(first.id)).toEqual(["Hebebühne 1", "Mechaniker:in 2"]);
    expect(await holds(second.id)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);
    // The move is in the appointment's trail, which names both and why.
    const [entry] = await database.db
      .select({ action: auditLog.action, reason: auditLog.reason, oldStatus: auditLog.oldStatus, newStatus: auditLog.newStatus })
      .from(auditLog)
      .where(eq(auditLog.appointmentId, first.id));
    expect(entry).toEqual({
      action: "resource.reassign",
      reason: "Mechaniker:in 1 → Mechaniker:in 2 (Urlaub)",
      oldStatus: "bestätigt",
      newStatus: "bestätigt",
    });
  });

  it("an absence from a time affects only the holds ending after it on its first day, every hold on the days after", async () => {
    const morning = await placed("11:30");
    const noon = await placed("12:00");
    const early = await placed("08:00", { date: NEXT_DAY });
    const result = await add(mechanic, absence({ from: DAY, to: NEXT_DAY, startTime: "12:00", reason: "Berufsschule" }));
    if (!result.ok) throw new Error(result.code);
    // 11:30–12:00 ends when the absence starts: untouched.
    expect(result.value.affected.map((appointment) => appointment.id)).toEqual([noon.id, early.id]);
    expect(result.value.affected.map((appointment) => appointment.id)).not.toContain(morning.id);
  });

  // Without the days' locks an absence could be entered while a booking of that day is between its choice of the
  // mechanic and its commit: the booking's hold would be missed, neither moved nor listed. Races mean something on PostgreSQL only.
  it.runIf(kind === "postgres")("an absence entered while a booking of that day holds the day's lock waits and lists it", async () => {
    const booking = new pg.Client({ connectionString: database.url });
    await booking.connect();
    try {
      // A booking in progress (as request_appointment): the day's lock, its row and its hold of the mechanic, not yet committed.
      await booking.query("begin");
      await booking.query(`select pg_advisory_xact_lock(31007, hashtext('${DAY}'))`);
      const id = crypto.randomUUID();
      await booking.query(
        "insert into appointments (id, name, email, phone, date, time, service) values ($1, 'Anna Muster', 'anna@example.at', '0664 1', $2, '09:00', 'Elektrik')",
        [id, DAY],
      );
      await booking.query("insert into appointment_resources (appointment_id, resource_id, starts_at, ends_at) values ($1, $2, $3, $4)", [
        id,
        mechanic,
        "2027-03-10T08:00:00Z",
        "2027-03-10T08:30:00Z",
      ]);
      let entered = false;
      const absenceAdded = add(mechanic).finally(() => (entered = true));
      const waiting = async () =>
        Number(
          (await booking.query<{ n: string }>("select count(*) as n from pg_locks where locktype = 'advisory' and not granted")).rows[0]!.n,
        );
      await expect.poll(async () => entered || (await waiting()) === 1, { timeout: 5_000 }).toBe(true);
      expect(entered).toBe(false);
      await booking.query("commit");
      const result = await absenceAdded;
      expect(result.ok && result.value.affected.map((appointment) => appointment.id)).toEqual([id]);
    } finally {
      await booking.end();
    }
  });

  it("a booking on a day the only mechanic is absent is refused (slot-taken); the day's slots are all unavailable", async () => {
    const request = (time: string) =>
      requestAppointment(
        database.db,
        {
          name: "Anna Muster",
          email: `anna-${time.replace(":", "")}@example.at`,
          phone: "0664 1234567",
          service: "Ölwechsel",
          date: DAY,
          time,
        },
        { now: NOW, clientIp: "203.0.113.7", config },
      );
    await add(mechanic, absence({ startTime: "12:00", reason: "Berufsschule" }));
    const slots = await getDaySlots(database.db, DAY, NOW, config, "Ölwechsel");
    if (!slots.open) throw new Error("closed");
    // Before 12:00 (ending by then) the mechanic works; from 12:00 on no slot has one.
    expect(slots.slots.filter((slot) => slot.available).map((slot) => slot.time)).toEqual(
      slots.slots.filter((slot) => slot.time < "12:00").map((slot) => slot.time),
    );
    expect(await request("12:00")).toEqual({ ok: false, code: "slot-taken" });
    expect((await request("11:30")).ok).toBe(true);

    await add(mechanic, absence({ from: NEXT_DAY, to: NEXT_DAY, reason: "Krankenstand" }));
    const nextDay = await getDaySlots(database.db, NEXT_DAY, NOW, config, "Ölwechsel");
    expect(nextDay.open && nextDay.slots.length > 0 && nextDay.slots.every((slot) => !slot.available)).toBe(true);
    const refused = await requestAppointment(
      database.db,
      { name: "Bernd Muster", email: "bernd@example.at", phone: "0664 7654321", service: "Ölwechsel", date: NEXT_DAY, time: "09:00" },
      { now: NOW, clientIp: "203.0.113.8", config },
    );
    expect(refused).toEqual({ ok: false, code: "slot-taken" });
  });
});

describe.each(testDatabaseKinds)("/api/v1/admin/resources/:id/absences on %s", (kind) => {
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  const cookies = new Map<string, string>();
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  let mechanic: string;
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", displayName: "Chefin", role: "owner" });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
    for (const admin of [owner, staff]) cookies.set(admin.id, await sessionCookieOf(database.db, admin.id));
    const [row] = await database.db.select().from(resources).where(eq(resources.kind, "mechanic"));
    mechanic = row!.id;
  });

  const api = (admin: AdminIdentity | null, method: "GET" | "POST" | "DELETE", path: string, body?: unknown) =>
    app.request(`/api/v1/admin/resources/${path}`, { method, json: body, cookie: admin ? cookies.get(admin.id) : undefined });

  it("POST → 201 with the absence and its affected appointments, GET lists it (staff too), DELETE → 204", async () => {
    const appointment = await insertAppointment(database.db, {
      date: "2031-03-04",
      time: "09:00",
      service: "Elektrik",
      status: "bestätigt",
    });
    expect(await placeAppointment(database.db, { ...appointment, courtesyCar: false }, siteVisitFacts)).toBe("placed");
    const created = await api(owner, "POST", `${mechanic}/absences`, { from: "2031-03-04", to: "2031-03-05", reason: "Urlaub" });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string };
    expect(body).toEqual({
      id: expect.any(String),
      resourceId: mechanic,
      from: "2031-03-04",
      to: "2031-03-05",
      startTime: null,
      reason: "Urlaub",
      createdAt: expect.any(String),
      affected: [
        {
          id: appointment.id,
          name: "Anna Muster",
          date: "2031-03-04",
          time: "09:00",
          service: "Elektrik",
          durationMinutes: 30,
          status: "bestätigt",
        },
      ],
      reassigned: [],
    });
    const listed = await api(staff, "GET", `${mechanic}/absences`);
    expect([listed.status, ((await listed.json()) as { absences: { id: string }[] }).absences.map((row) => row.id)]).toEqual([
      200,
      [body.id],
    ]);

    const refusedToStaff = await api(staff, "DELETE", `${mechanic}/absences/${body.id}`);
    expect([refusedToStaff.status, await refusedToStaff.json()]).toEqual([403, { error: resourceMessages.ownerOnly }]);
    const deleted = await api(owner, "DELETE", `${mechanic}/absences/${body.id}`);
    expect([deleted.status, await deleted.text()]).toEqual([204, ""]);
    const again = await api(owner, "DELETE", `${mechanic}/absences/${body.id}`);
    expect([again.status, await again.json()]).toEqual([404, { error: "Diese Abwesenheit gibt es nicht (mehr)." }]);
  });

  it("400 in German per field, 403 for staff's POST, 404 for unknown ids, 401 without a session", async () => {
    const bad = await api(owner, "POST", `${mechanic}/absences`, { from: "2031-03-05", to: "2031-03-04", reason: "", startTime: "9 Uhr" });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      {
        error: "Bitte überprüfen Sie Ihre Eingaben.",
        fields: { to: absenceMessages.range, reason: absenceMessages.reason, startTime: absenceMessages.startTime },
      },
    ]);
    const staffPost = await api(staff, "POST", `${mechanic}/absences`, { from: "2031-03-04", to: "2031-03-04", reason: "Urlaub" });
    expect([staffPost.status, await staffPost.json()]).toEqual([403, { error: resourceMessages.ownerOnly }]);
    for (const id of ["00000000-0000-4000-8000-000000000000", "keine-uuid"]) {
      const posted = await api(owner, "POST", `${id}/absences`, { from: "2031-03-04", to: "2031-03-04", reason: "Urlaub" });
      expect([posted.status, await posted.json()]).toEqual([404, { error: resourceMessages.notFound }]);
      const listed = await api(owner, "GET", `${id}/absences`);
      expect([listed.status, await listed.json()]).toEqual([404, { error: resourceMessages.notFound }]);
      const deleted = await api(owner, "DELETE", `${mechanic}/absences/${id}`);
      expect([deleted.status, await deleted.json()]).toEqual([404, { error: absenceMessages.absenceNotFound }]);
    }
    const anonymous = await api(null, "GET", `${mechanic}/absences`);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: loginRequiredMessage }]);
    expect(await database.db.$count(resourceAbsences)).toBe(0);
  });
});

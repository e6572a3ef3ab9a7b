import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { appointments, auditLog } from "~/db/schema";
import { adminMessages } from "~/messages";
import { markNoShow, undoNoShow } from "~/services/appointment-commands.server";
import { appointmentDetails, listAppointments } from "~/services/appointment-queries.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";

const { setAppointmentProgress } = boardCommands;

/** 1 December 2026, 08:00 in Vienna is 07:00 UTC. */
const start = new Date("2026-12-01T07:00:00Z");
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

describe.each(testDatabaseKinds)("'Nicht erschienen' and 'Abgeholt' (issue 28) on %s", (kind) => {
  let staff: AdminIdentity;
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
  });

  const confirmed = (overrides: Partial<typeof appointments.$inferInsert> = {}) =>
    insertAppointment(database.db, { status: "bestätigt", date: "2026-12-01", time: "08:00", ...overrides });
  const trail = (id: string) =>
    database.db
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.appointmentId, id)))
      .orderBy(auditLog.id);

  it("'Abgeholt' is a progress state from the appointment's day on", async () => {
    const appointment = await confirmed();
    const early = await setAppointmentProgress(database.db, {
      id: appointment.id,
      admin: staff,
      progress: "collected",
      now: new Date("2026-11-30T10:00:00Z"),
    });
    expect(early).toMatchObject({ ok: false, code: "collectedTooEarly" });
    expect(
      await setAppointmentProgress(database.db, { id: appointment.id, admin: staff, progress: "collected", now: minutes(300) }),
    ).toMatchObject({ ok: true, progress: "collected", changed: true, emailQueued: false });
    expect((await appointmentDetails(database.db, appointment.id))?.appointment?.progress).toBe("collected");
  });

  it("is refused before the start and once the car arrived; marked after the start, audited, once", async () => {
    const appointment = await confirmed();
    expect(await markNoShow(database.db, { id: appointment.id, admin: staff, now: minutes(-1) })).toEqual({
      ok: false,
      code: "noShowTooEarly",
    });
    const arrived = await confirmed({ email: "ben@example.at", phone: "0699 1" });
    await setAppointmentProgress(database.db, { id: arrived.id, admin: staff, progress: "arrived", now: minutes(-30) });
    expect(await markNoShow(database.db, { id: arrived.id, admin: staff, now: minutes(60) })).toEqual({ ok: false, code: "carArrived" });
    const requested = await insertAppointment(database.db, { email: "cara@example.at", phone: "0699 2" });
    expect(await markNoShow(database.db, { id: requested.id, admin: staff, now: minutes(60) })).toEqual({
      ok: false,
      code: "notConfirmed",
    });

    expect(await markNoShow(database.db, { id: appointment.id, admin: staff, now: minutes(1) })).toEqual({
      ok: true,
      value: { noShow: true, changed: true },
    });
    expect(await markNoShow(database.db, { id: appointment.id, admin: staff, now: minutes(2) })).toEqual({
      ok: true,
      value: { noShow: true, changed: false },
    });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ noShowAt: minutes(1), noShowBy: staff.id, status: "bestätigt" });
    expect(await trail(appointment.id)).toEqual([{ action: "no-show", actor: "lena@happycar.example" }]);
    // No progress on a car that never came until the mark is undone.
    expect(await setAppointmentProgress(database.db, { id: appointment.id, admin: staff, progress: "arrived", now: minutes(3) })).toEqual({
      ok: false,
      code: "noShowMarked",
      status: 409,
    });
  });

  it("is undone on the same Vienna day only", async () => {
    const appointment = await confirmed({ time: "17:00" });
    // 17:30 in Vienna on 1 December is 16:30 UTC; 23:30 in Vienna is 22:30 UTC, still the same Vienna day.
    await markNoShow(database.db, { id: appointment.id, admin: staff, now: new Date("2026-12-01T16:30:00Z") });
    expect(await undoNoShow(database.db, { id: appointment.id, admin: staff, now: new Date("2026-12-01T22:30:00Z") })).toEqual({
      ok: true,
      value: { noShow: false, changed: true },
    });
    expect(await undoNoShow(database.db, { id: appointment.id, admin: staff, now: new Date("2026-12-01T22:31:00Z") })).toEqual({
      ok: false,
      code: "noShowNotMarked",
    });
    await markNoShow(database.db, { id: appointment.id, admin: staff, now: new Date("2026-12-01T22:45:00Z") });
    // 00:10 in Vienna on 2 December (23:10 UTC on the 1st): the next day there, though the same in UTC.
    expect(await undoNoShow(database.db, { id: appointment.id, admin: staff, now: new Date("2026-12-01T23:10:00Z") })).toEqual({
      ok: false,
      code: "noShowUndoTooLate",
    });
    expect((await trail(appointment.id)).map((entry) => entry.action)).toEqual(["no-show", "no-show.undo", "no-show"]);
  });

  it("the board shows a new request's earlier no-shows by the same address or phone, normalised", async () => {
    const missed = await confirmed({ email: "Dora@Example.at", phone: "+43 660 555 12 34" });
    await markNoShow(database.db, { id: missed.id, admin: staff, now: minutes(10) });
    const byEmail = await insertAppointment(database.db, { email: "dora@example.AT", phone: "0699 9", date: "2026-12-10" });
    const byPhone = await insertAppointment(database.db, { email: "other@example.at", phone: "0660/5551234", date: "2026-12-11" });
    const stranger = await insertAppointment(database.db, { email: "x@example.at", phone: "0660 5551235", date: "2026-12-12" });
    const confirmedLater = await confirmed({ email: "dora@example.at", date: "2026-12-13" });
    const list = await listAppointments(database.db, { now: new Date("2026-11-20T10:00:00Z") });
    const noShows = Object.fromEntries(list.items.map((item) => [item.id, item.earlierNoShows]));
    expect(noShows).toEqual({ [missed.id]: 0, [byEmail.id]: 1, [byPhone.id]: 1, [stranger.id]: 0, [confirmedLater.id]: 0 });
    expect(list.items.find((item) => item.id === missed.id)?.noShowAt).toBe(minutes(10).toISOString());
  });

  it("the appointment page lists the car's and the customer's other visits: same plate, address or phone", async () => {
    const current = await insertAppointment(database.db, {
      email: "eva@example.at",
      phone: "0664 1112223",
      licensePlate: "W 123 AB",
      licensePlateNormalized: "W123AB",
      date: "2026-12-20",
    });
    const samePlate = await confirmed({
      email: "firma@example.at",
      phone: "01 999",
      licensePlate: "W-123AB",
      licensePlateNormalized: "W123AB",
    });
    const sameEmail = await confirmed({ email: "EVA@example.at", phone: "01 998", date: "2026-11-02" });
    const samePhone = await confirmed({ email: "x@example.at", phone: "+43 664 111 22 23", date: "2026-10-02" });
    await markNoShow(database.db, { id: samePhone.id, admin: staff, now: new Date("2026-10-03T10:00:00Z") });
    await confirmed({ email: "fremd@example.at", phone: "0664 1112224", date: "2026-09-02" });
    const visits = (await appointmentDetails(database.db, current.id))?.appointment?.earlierVisits;
    expect(visits?.map((visit) => [visit.id, visit.noShow])).toEqual([
      [samePlate.id, false],
      [sameEmail.id, false],
      [samePhone.id, true],
    ]);
  });
});

describe("POST and DELETE /api/v1/admin/appointments/:id/no-show", () => {
  const database = useTestDatabase("pglite");
  const api = useApiApp(database);
  let cookie: string;
  beforeEach(async () => {
    const staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", role: "staff" });
    cookie = await sessionCookieOf(database.db, staff.id);
  });

  it("marks a passed appointment (200), refuses a future one (409 in German), undoes today's mark (200)", async () => {
    const past = await insertAppointment(database.db, { status: "bestätigt", date: "2026-01-05" });
    const future = await insertAppointment(database.db, { status: "bestätigt", date: "2099-01-05" });
    const marked = await api.request(`/api/v1/admin/appointments/${past.id}/no-show`, { method: "POST", cookie });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ id: past.id, noShow: true, changed: true });
    const early = await api.request(`/api/v1/admin/appointments/${future.id}/no-show`, { method: "POST", cookie });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: adminMessages.noShowTooEarly });
    const undone = await api.request(`/api/v1/admin/appointments/${past.id}/no-show`, { method: "DELETE", cookie });
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ id: past.id, noShow: false, changed: true });
  });

  it("refuses to undo a mark of an earlier day (409)", async () => {
    const past = await insertAppointment(database.db, {
      status: "bestätigt",
      date: "2026-01-05",
      noShowAt: new Date(Date.now() - 3 * 24 * 3600_000),
    });
    const response = await api.request(`/api/v1/admin/appointments/${past.id}/no-show`, { method: "DELETE", cookie });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: adminMessages.noShowUndoTooLate });
  });
});

import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { appointmentResources, appointments, workshopServices, workshopSettings } from "~/db/schema";
import type { WorkshopFacts } from "~/domain/workshop";
import { workshopMessages } from "~/messages";
import { changeAppointment, enterAppointment } from "~/services/appointment-moves.server";
import { customerMoveSlots } from "~/services/customer-appointment.server";
import { type DatabaseKind, testDatabaseKinds } from "../support/databases";
import { openDayFromToday, ownerAndStaffSessions, setWorkshop } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

/**
 * Issue 28's last point (decision 045): "the visit lasts the sum of the durations (or the service's
 * combined time where the workshop configures one)". The owner sets a service's combined time on
 * 'Einstellungen' (`combinedSteps` of PUT /api/v1/admin/workshop); the booking, the slots, the board's
 * entry and a change of the services then count it for a visit of several services.
 */

const INSPECTION = "§57a Überprüfung";
const OIL = "Ölwechsel";

function combinedTimeTests(kind: DatabaseKind) {
  const database = useTestDatabase(kind);
  const api = useApiApp(database);
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  let cookieOf: (admin: AdminIdentity) => string | undefined;
  beforeEach(async () => {
    ({ owner, staff, cookieOf } = await ownerAndStaffSessions(database.db));
  });

  const facts = async () =>
    ((await (await api.request("/api/v1/admin/workshop", { cookie: cookieOf(staff) })).json()) as { facts: WorkshopFacts }).facts;
  const put = (body: unknown) => api.request("/api/v1/admin/workshop", { method: "PUT", json: body, cookie: cookieOf(owner) });
  /** The services as stored, the §57a's combined time replaced by `combinedSteps` (absent: left out of the body). */
  async function servicesWith(combinedSteps: unknown) {
    return (await facts()).services.map((service) => {
      if (service.name !== INSPECTION) return service;
      const { combinedSteps: _stored, ...rest } = service;
      return combinedSteps === undefined ? rest : { ...rest, combinedSteps };
    });
  }
  /** The §57a (60 minutes alone) takes 30 with other services. */
  async function setInspectionCombined() {
    const response = await put({ services: await servicesWith(1) });
    expect(response.status).toBe(200);
    return response;
  }

  /** Each active hold's length in minutes. */
  async function holdMinutes(appointmentId: string) {
    const rows = await database.db
      .select({ startsAt: appointmentResources.startsAt, endsAt: appointmentResources.endsAt })
      .from(appointmentResources)
      .where(sql`${appointmentResources.appointmentId} = ${appointmentId} and ${appointmentResources.active}`);
    return rows.map((row) => (row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
  }
  const durationOf = async (id: string) =>
    (await database.db.select({ minutes: appointments.durationMinutes }).from(appointments).where(eq(appointments.id, id)))[0]!.minutes;

  it("a new database sets none; the owner sets one: stored, answered, and in the history with who, old and new", async () => {
    expect((await facts()).services.every((service) => service.combinedSteps === null)).toBe(true);
    const saved = (await (await setInspectionCombined()).json()) as { changes: unknown[] };
    expect(saved.changes).toEqual([{ field: "services.57a-ueberpruefung.combinedSteps", oldValue: null, newValue: 1 }]);
    expect((await facts()).services.find((service) => service.name === INSPECTION)).toMatchObject({ durationSteps: 2, combinedSteps: 1 });
    const [row] = await database.db.select().from(workshopServices).where(eq(workshopServices.id, "57a-ueberpruefung"));
    expect(row!.combinedSteps).toBe(1);

    const { history } = (await (await api.request("/api/v1/admin/workshop/history", { cookie: cookieOf(staff) })).json()) as {
      history: Array<Record<string, unknown>>;
    };
    expect(history[0]).toMatchObject({
      actor: "owner@happycar.example",
      field: "services.57a-ueberpruefung.combinedSteps",
      oldValue: null,
      newValue: 1,
    });

    // Left out, or null: none again.
    const cleared = (await (await put({ services: await servicesWith(undefined) })).json()) as { changes: unknown[] };
    expect(cleared.changes).toEqual([{ field: "services.57a-ueberpruefung.combinedSteps", oldValue: 1, newValue: null }]);
    expect((await facts()).services.find((service) => service.name === INSPECTION)!.combinedSteps).toBeNull();
  });

  it.each([
    ["more than the service's own duration", 3],
    ["0", 0],
    ["not a whole number", 1.5],
    ["a word", "eins"],
  ])("refuses %s with a German message on the field, and stores nothing", async (_case, combinedSteps) => {
    const services = await servicesWith(combinedSteps);
    const response = await put({ services });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe(workshopMessages.invalid);
    const index = services.findIndex((service) => service.name === INSPECTION);
    expect(body.fields).toEqual({ [`services.${index}.combinedSteps`]: workshopMessages.serviceCombined });
    expect(await database.db.$count(workshopSettings)).toBe(0);
  });

  it("a shorter duration than the stored combined time is refused too: the combined time never exceeds the duration", async () => {
    await setInspectionCombined();
    const services = (await facts()).services.map((service) =>
      service.name === INSPECTION ? { ...service, durationSteps: 1, combinedSteps: 2 } : service,
    );
    const response = await put({ services });
    expect(response.status).toBe(400);
    expect(Object.values(((await response.json()) as { fields: Record<string, string> }).fields)).toEqual([
      workshopMessages.serviceCombined,
    ]);
    await expect(
      database.db.update(workshopServices).set({ combinedSteps: 3 }).where(eq(workshopServices.id, "57a-ueberpruefung")),
    ).rejects.toThrow();
  });

  it("a booking of the §57a with an oil change lasts the combined sum (60 minutes, not 90) and holds that long; the §57a alone still 60", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    await setInspectionCombined();
    const date = openDayFromToday(7);
    const body = { name: "Anna Muster", phone: "0664 1234567", date, service: INSPECTION };
    const visit = await api.request("/api/v1/appointments", {
      json: { ...body, email: "anna@example.at", time: "10:00", services: [INSPECTION, OIL] },
    });
    expect(visit.status).toBe(201);
    const { id } = (await visit.json()) as { id: string };
    expect(await durationOf(id)).toBe(60);
    expect(await holdMinutes(id)).toEqual([60, 60, 60]);

    const alone = await api.request("/api/v1/appointments", { json: { ...body, email: "berta@example.at", time: "12:00" } });
    expect(alone.status).toBe(201);
    expect(await durationOf(((await alone.json()) as { id: string }).id)).toBe(60);
  });

  it("GET /api/v1/slots with `service` repeated asks for the combined sum: the one lift busy at 10:00 leaves 09:00 free for 60 minutes, not for 90", async () => {
    await setWorkshop(database.db, { lift: 1, inspection: 1, mechanic: 3 });
    const date = openDayFromToday(7);
    const busy = await api.request("/api/v1/appointments", {
      json: { name: "Carl Früh", email: "carl@example.at", phone: "0664 7654321", date, time: "10:00", service: OIL },
    });
    expect(busy.status).toBe(201);
    const nineOClock = async () => {
      const response = await api.request(
        `/api/v1/slots?date=${date}&service=${encodeURIComponent(INSPECTION)}&service=${encodeURIComponent(OIL)}`,
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { slots: Array<{ time: string; available: boolean }> }).slots.find((slot) => slot.time === "09:00")
        ?.available;
    };
    expect(await nineOClock()).toBe(false);
    await setInspectionCombined();
    expect(await nineOClock()).toBe(true);
    // The customer's move offers the same times for such a visit.
    const day = await customerMoveSlots(database.db, { services: [INSPECTION, OIL] }, date, new Date());
    expect(day.open && day.slots.find((slot) => slot.time === "09:00")?.available).toBe(true);
  });

  it("the board's entry and a change of the services (PATCH) count it too", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    await setInspectionCombined();
    const now = new Date();
    const date = openDayFromToday(7);
    const entered = await enterAppointment(
      database.db,
      { name: "Karl Anrufer", phone: "0664 7654321", service: OIL, services: [OIL, INSPECTION], date, time: "10:00" },
      { admin: staff, now, selfCancelCutoffHours: 24 },
    );
    if (!entered.ok) throw new Error(entered.code);
    expect(await durationOf(entered.value.id)).toBe(60);
    expect(await holdMinutes(entered.value.id)).toEqual([60, 60, 60]);

    const single = await enterAppointment(
      database.db,
      { name: "Karl Anrufer", phone: "0664 7654321", service: INSPECTION, date, time: "13:00" },
      { admin: staff, now, selfCancelCutoffHours: 24 },
    );
    if (!single.ok) throw new Error(single.code);
    expect(await durationOf(single.value.id)).toBe(60);
    const changed = await changeAppointment(database.db, {
      id: single.value.id,
      input: { services: [INSPECTION, OIL] },
      admin: staff,
      now,
      selfCancelCutoffHours: 24,
    });
    expect(changed.ok).toBe(true);
    expect(await durationOf(single.value.id)).toBe(60);
    expect(await holdMinutes(single.value.id)).toEqual([60, 60, 60]);
  });
}

describe.each(testDatabaseKinds)("a service's combined time, set by the workshop, on %s", (kind) => {
  combinedTimeTests(kind);
});

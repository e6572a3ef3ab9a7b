import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { appointmentResources, appointments, auditLog, resources, settings } from "~/db/schema";
import { loginRequiredMessage, resourceMessages } from "~/messages";
import { enterDefaultResources, listResources } from "~/services/resources.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

/** The SQLSTATE of a refused statement, through drizzle's wrapper (its `cause`) on PGlite and node-postgres alike. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return sqlState(error) ?? String(error);
  }
  return "accepted";
}

describe.each(testDatabaseKinds)("resources on %s", (kind) => {
  const database = useTestDatabase(kind);
  // These tests start from no resources at all, not from the test workshop.
  beforeEach(() => database.reset({ empty: true }));

  describe("the database refuses a double booking (appointment_resources_no_overlap)", () => {
    let lift: string;
    let otherLift: string;
    let first: string;
    let second: string;
    beforeEach(async () => {
      const [a, b] = await database.db
        .insert(resources)
        .values([
          { name: "Hebebühne 1", kind: "lift" },
          { name: "Hebebühne 2", kind: "lift" },
        ])
        .returning();
      lift = a!.id;
      otherLift = b!.id;
      first = (await insertAppointment(database.db, { date: "2031-03-04", time: "09:00" })).id;
      second = (await insertAppointment(database.db, { date: "2031-03-04", time: "09:30" })).id;
    });

    /** A direct INSERT, as any code (or a bug) could send it. */
    const hold = (appointmentId: string, resourceId: string, from: string, to: string, active = true) =>
      database.db.execute(
        sql`insert into appointment_resources (appointment_id, resource_id, starts_at, ends_at, active)
            values (${appointmentId}, ${resourceId}, ${from}::timestamptz, ${to}::timestamptz, ${active})`,
      );

    it("refuses a second active hold of one lift that overlaps the first", async () => {
      await hold(first, lift, "2031-03-04T09:00+01:00", "2031-03-04T10:00+01:00");
      expect(await refusal(hold(second, lift, "2031-03-04T09:30+01:00", "2031-03-04T10:30+01:00"))).toBe("23P01");
      // Inside it, and around it, too.
      expect(await refusal(hold(second, lift, "2031-03-04T09:15+01:00", "2031-03-04T09:45+01:00"))).toBe("23P01");
      expect(await refusal(hold(second, lift, "2031-03-04T08:00+01:00", "2031-03-04T11:00+01:00"))).toBe("23P01");
      expect(await database.db.$count(appointmentResources)).toBe(1);
    });

    it("accepts back-to-back holds (one ends when the next starts), another lift at the same time, and ended holds", async () => {
      await hold(first, lift, "2031-03-04T09:00+01:00", "2031-03-04T09:30+01:00");
      expect(await refusal(hold(second, lift, "2031-03-04T09:30+01:00", "2031-03-04T10:00+01:00"))).toBe("accepted");
      expect(await refusal(hold(second, otherLift, "2031-03-04T09:00+01:00", "2031-03-04T09:30+01:00"))).toBe("accepted");
      // An inactive (cancelled) hold overlaps nothing.
      expect(await refusal(hold(second, lift, "2031-03-04T09:00+01:00", "2031-03-04T09:30+01:00", false))).toBe("accepted");
    });

    it("cancelling an appointment ends its holds, so the time can be held again; deleting it removes them", async () => {
      await hold(first, lift, "2031-03-04T09:00+01:00", "2031-03-04T10:00+01:00");
      await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, first));
      const [ended] = await database.db.select().from(appointmentResources).where(eq(appointmentResources.appointmentId, first));
      expect(ended!.active).toBe(false);
      expect(await refusal(hold(second, lift, "2031-03-04T09:00+01:00", "2031-03-04T10:00+01:00"))).toBe("accepted");
      await database.db.delete(appointments).where(eq(appointments.id, second));
      expect(await database.db.$count(appointmentResources, eq(appointmentResources.appointmentId, second))).toBe(0);
    });

    it("refuses an empty or reversed range and a resource that was held from being deleted", async () => {
      expect(await refusal(hold(first, lift, "2031-03-04T10:00+01:00", "2031-03-04T09:00+01:00"))).toBe("23514");
      await hold(first, lift, "2031-03-04T09:00+01:00", "2031-03-04T10:00+01:00");
      // ON DELETE RESTRICT: PostgreSQL 17 (PGlite) says restrict_violation, older servers foreign_key_violation.
      expect(["23001", "23503"]).toContain(await refusal(database.db.delete(resources).where(eq(resources.id, lift))));
    });
  });

  describe("the first start's resources (enterDefaultResources)", () => {
    const NOW = new Date("2026-11-27T08:00:00Z");
    const counts = async () => {
      const rows = await listResources(database.db);
      return rows.reduce<Record<string, number>>((all, row) => ({ ...all, [row.kind]: (all[row.kind] ?? 0) + 1 }), {});
    };

    it("a new database (no appointments): three lifts, one inspection place, three mechanics, one courtesy car", async () => {
      expect(await enterDefaultResources(database.db, { slotCapacity: 1, now: NOW })).toEqual({ entered: 8, unplaced: [] });
      expect(await counts()).toEqual({ lift: 3, inspection: 1, mechanic: 3, courtesy_car: 1 });
      expect((await listResources(database.db)).map((row) => row.name)).toEqual([
        "Hebebühne 1",
        "Hebebühne 2",
        "Hebebühne 3",
        "§57a-Prüfplatz",
        "Mechaniker:in 1",
        "Mechaniker:in 2",
        "Mechaniker:in 3",
        "Ersatzwagen",
      ]);
    });

    it("a database with appointments: SLOT_CAPACITY lifts and mechanics, one inspection place, no courtesy car", async () => {
      await insertAppointment(database.db, {});
      expect(await enterDefaultResources(database.db, { slotCapacity: 2, now: NOW })).toEqual({ entered: 5, unplaced: [] });
      expect(await counts()).toEqual({ lift: 2, inspection: 1, mechanic: 2 });
    });

    it("with SLOT_CAPACITY unset (1): one lift, one inspection place, one mechanic", async () => {
      await insertAppointment(database.db, {});
      await enterDefaultResources(database.db, { slotCapacity: 1, now: NOW });
      expect((await listResources(database.db)).map((row) => row.name)).toEqual(["Hebebühne 1", "§57a-Prüfplatz", "Mechaniker:in 1"]);
    });

    it("places every active appointment, confirmed ones first, and reports the ones nothing was free for", async () => {
      const request = await insertAppointment(database.db, { date: "2026-12-01", time: "08:00" });
      const confirmed = await insertAppointment(database.db, { date: "2026-12-01", time: "08:00", status: "bestätigt" });
      const inspection = await insertAppointment(database.db, {
        date: "2026-12-01",
        time: "09:00",
        service: "§57a Überprüfung",
        durationMinutes: 60,
      });
      await insertAppointment(database.db, { date: "2026-12-01", time: "08:00", status: "storniert" });
      const { unplaced } = await enterDefaultResources(database.db, { slotCapacity: 1, now: NOW });
      expect(unplaced).toEqual([{ id: request.id, date: "2026-12-01", time: "08:00" }]);
      const held = await database.db
        .select({ appointmentId: appointmentResources.appointmentId, name: resources.name, startsAt: appointmentResources.startsAt })
        .from(appointmentResources)
        .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
        .orderBy(appointmentResources.startsAt, resources.kind);
      expect(held.map((hold) => [hold.appointmentId, hold.name])).toEqual([
        [confirmed.id, "Hebebühne 1"],
        [confirmed.id, "Mechaniker:in 1"],
        [inspection.id, "§57a-Prüfplatz"],
        [inspection.id, "Mechaniker:in 1"],
      ]);
      // 08:00 in Vienna (winter time) is 07:00 UTC.
      expect(held[0]!.startsAt.toISOString()).toBe("2026-12-01T07:00:00.000Z");
    });

    it("only once: later starts, also after the owner deleted them all, enter nothing", async () => {
      await enterDefaultResources(database.db, { slotCapacity: 1, now: NOW });
      await database.db.delete(resources);
      expect(await enterDefaultResources(database.db, { slotCapacity: 1, now: NOW })).toEqual({ entered: 0, unplaced: [] });
      expect(await database.db.$count(resources)).toBe(0);
      expect(await database.db.$count(settings, eq(settings.key, "resourceDefaultsEntered"))).toBe(1);
    });

    it("enters nothing when resources exist already (a restored backup)", async () => {
      await database.db.insert(resources).values({ name: "Bühne links", kind: "lift" });
      expect(await enterDefaultResources(database.db, { slotCapacity: 3, now: NOW })).toEqual({ entered: 0, unplaced: [] });
      expect((await listResources(database.db)).map((row) => row.name)).toEqual(["Bühne links"]);
    });

    it("instances starting together enter them once", async () => {
      await Promise.all([1, 2, 3].map(() => enterDefaultResources(database.db, { slotCapacity: 1, now: NOW })));
      expect(await database.db.$count(resources)).toBe(8);
    });
  });
});

describe.each(testDatabaseKinds)("/api/v1/admin/resources on %s", (kind) => {
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  const cookies = new Map<string, string>();
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  beforeEach(async () => {
    await database.reset({ empty: true });
    owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", displayName: "Chefin", role: "owner" });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
    for (const admin of [owner, staff]) cookies.set(admin.id, await sessionCookieOf(database.db, admin.id));
  });

  function api(
    admin: AdminIdentity | null,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    { id, body }: { id?: string; body?: unknown } = {},
  ) {
    return app.request(`/api/v1/admin/resources${id ? `/${id}` : ""}`, {
      method,
      json: body,
      cookie: admin ? cookies.get(admin.id) : undefined,
    });
  }

  it("the owner adds, renames, deactivates and lists; staff read the list", async () => {
    const created = await api(owner, "POST", { body: { name: "  Hebebühne 4 (Allrad, bis 3,5 t)  ", kind: "lift" } });
    expect(created.status).toBe(201);
    const lift = (await created.json()) as { id: string; name: string; kind: string; active: boolean };
    expect(lift).toEqual({ id: expect.any(String), name: "Hebebühne 4 (Allrad, bis 3,5 t)", kind: "lift", active: true });
    await api(owner, "POST", { body: { name: "Mehmet", kind: "mechanic" } });

    const renamed = await api(owner, "PATCH", { id: lift.id, body: { name: "Hebebühne Nord" } });
    expect([renamed.status, await renamed.json()]).toEqual([200, { ...lift, name: "Hebebühne Nord" }]);
    const deactivated = await api(owner, "PATCH", { id: lift.id, body: { active: false } });
    expect(await deactivated.json()).toEqual({ ...lift, name: "Hebebühne Nord", active: false });

    const list = await api(staff, "GET");
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({
      resources: [
        { id: lift.id, name: "Hebebühne Nord", kind: "lift", active: false },
        { id: expect.any(String), name: "Mehmet", kind: "mechanic", active: true },
      ],
    });
    const trail = await database.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.subject, `resource:${lift.id}`));
    expect(trail.map((entry) => entry.action).sort()).toEqual(["resource.create", "resource.deactivate", "resource.rename"]);
    expect(trail).toContainEqual({ action: "resource.rename", reason: "Hebebühne 4 (Allrad, bis 3,5 t) → Hebebühne Nord" });
  });

  it("staff get 403 for every change, nobody without a session gets anything", async () => {
    const [lift] = await database.db.insert(resources).values({ name: "Hebebühne 1", kind: "lift" }).returning();
    for (const [method, options] of [
      ["POST", { body: { name: "Hebebühne 2", kind: "lift" } }],
      ["PATCH", { id: lift!.id, body: { active: false } }],
      ["DELETE", { id: lift!.id }],
    ] as const) {
      const response = await api(staff, method, options);
      expect([method, response.status, await response.json()]).toEqual([method, 403, { error: resourceMessages.ownerOnly }]);
    }
    const anonymous = await api(null, "GET");
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: loginRequiredMessage }]);
    expect(await database.db.select({ name: resources.name, active: resources.active }).from(resources)).toEqual([
      { name: "Hebebühne 1", active: true },
    ]);
  });

  it("refuses bad input with German messages per field (400) and unknown ids (404)", async () => {
    const bad = await api(owner, "POST", { body: { name: "", kind: "hebebuehne" } });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: resourceMessages.invalid, fields: { name: resourceMessages.name, kind: resourceMessages.kind } },
    ]);
    const long = await api(owner, "POST", { body: { name: "x".repeat(101), kind: "lift" } });
    expect(((await long.json()) as { fields: unknown }).fields).toEqual({ name: resourceMessages.name });
    const [lift] = await database.db.insert(resources).values({ name: "Hebebühne 1", kind: "lift" }).returning();
    const empty = await api(owner, "PATCH", { id: lift!.id, body: {} });
    expect([empty.status, await empty.json()]).toEqual([
      400,
      { error: resourceMessages.invalid, fields: { name: resourceMessages.nothingToChange } },
    ]);
    const notBoolean = await api(owner, "PATCH", { id: lift!.id, body: { active: "nein" } });
    expect(((await notBoolean.json()) as { fields: unknown }).fields).toEqual({ active: resourceMessages.active });
    for (const id of ["00000000-0000-4000-8000-000000000000", "keine-uuid"]) {
      const patched = await api(owner, "PATCH", { id, body: { name: "X" } });
      expect([patched.status, await patched.json()]).toEqual([404, { error: resourceMessages.notFound }]);
      const deleted = await api(owner, "DELETE", { id });
      expect([deleted.status, await deleted.json()]).toEqual([404, { error: resourceMessages.notFound }]);
    }
  });

  it("DELETE removes a resource never held (204) and only deactivates one that was held (200)", async () => {
    const [unused, held] = await database.db
      .insert(resources)
      .values([
        { name: "Ersatzwagen", kind: "courtesy_car" },
        { name: "Hebebühne 1", kind: "lift" },
      ])
      .returning();
    const appointment = await insertAppointment(database.db, { date: "2031-03-04", time: "09:00", status: "storniert" });
    // An ended hold (a cancelled appointment) counts: its history names the lift.
    await database.db.insert(appointmentResources).values({
      appointmentId: appointment.id,
      resourceId: held!.id,
      startsAt: new Date("2031-03-04T08:00:00Z"),
      endsAt: new Date("2031-03-04T08:30:00Z"),
      active: false,
    });
    const gone = await api(owner, "DELETE", { id: unused!.id });
    expect([gone.status, await gone.text()]).toEqual([204, ""]);
    const kept = await api(owner, "DELETE", { id: held!.id });
    expect([kept.status, await kept.json()]).toEqual([200, { id: held!.id, active: false }]);
    expect(await database.db.select({ id: resources.id, active: resources.active }).from(resources)).toEqual([
      { id: held!.id, active: false },
    ]);
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actor, "owner@happycar.example")));
    expect(actions.map((entry) => entry.action).sort()).toEqual(["resource.deactivate", "resource.delete"]);
  });
});

import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { resultRows } from "~/db/result-rows";
import { appointmentResources, appointments, resources } from "~/db/schema";
import { bookingMessages } from "~/messages";
import { bookingRequest, testBookingConfig } from "../support/booking-config";
import { type DatabaseKind, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { setWorkshop } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { withWritesHeldBack } from "../support/held-back";
import { getAvailability, getDaySlots, requestAppointment } from "../support/result-views";

/**
 * Placement on the workshop's resources (issue 27, decision 039): what a booking holds, what slots and
 * availability offer, that both agree, and (on PostgreSQL) that parallel bookings never hold one
 * resource twice.
 */

// Monday 30 November 2026, 09:00 in Vienna.
const NOW = new Date("2026-11-30T09:00:00+01:00");
const DAY = "2026-12-02";
const OIL = "Ölwechsel";
const INSPECTION = "§57a Überprüfung";

// Every request from its own address anyway; the per-address limit is not what is tested here.
const config = testBookingConfig({ maxOpenRequestsPerEmail: 1000 });

let counter = 0;
function book(database: TestDatabase, overrides: Record<string, unknown>) {
  return requestAppointment(database.db, bookingRequest(DAY, overrides), { now: NOW, clientIp: "203.0.113.9", config });
}

/** The names of the resources an appointment holds (active holds), sorted. */
async function heldBy(database: TestDatabase, appointmentId: string): Promise<string[]> {
  const rows = await database.db
    .select({ name: resources.name })
    .from(appointmentResources)
    .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
    .where(sql`${appointmentResources.appointmentId} = ${appointmentId} and ${appointmentResources.active}`);
  return rows.map((row) => row.name).sort();
}

async function freeTimes(database: TestDatabase, service?: string, courtesyCar = false) {
  const day = await getDaySlots(database.db, DAY, NOW, config, service, courtesyCar);
  return day.slots.filter((slot) => slot.available).map((slot) => slot.time);
}

function placementTests(kind: DatabaseKind) {
  const database = useTestDatabase(kind, { poolSize: 40 });

  it("a §57a and an oil change at 9:00 both fit; a second §57a does not (one inspection place), a second oil change does", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    const inspection = await book(database, { service: INSPECTION });
    const oil = await book(database, { service: OIL });
    expect([inspection.kind, oil.kind]).toEqual(["created", "created"]);
    expect((await book(database, { service: INSPECTION })).kind).toBe("slot-taken");
    expect((await book(database, { service: OIL })).kind).toBe("created");
    // The third mechanic went to the second oil change: nothing that needs a mechanic fits at 9:00 now.
    expect((await book(database, { service: "Elektrik" })).kind).toBe("slot-taken");
    if (inspection.kind !== "created" || oil.kind !== "created") return;
    expect(await heldBy(database, inspection.id)).toEqual(["Mechaniker:in 1", "§57a-Prüfplatz"]);
    // The least used lift and mechanic that day: the second mechanic, not the first again.
    expect(await heldBy(database, oil.id)).toEqual(["Hebebühne 1", "Mechaniker:in 2"]);
  });

  it("a hold lasts the service's duration in Vienna time, and a cancellation frees it", async () => {
    const result = await book(database, { service: INSPECTION, time: "10:00" });
    if (result.kind !== "created") throw new Error(result.kind);
    const [hold] = await database.db.select().from(appointmentResources).where(eq(appointmentResources.appointmentId, result.id));
    // 10:00 in Vienna in winter is 09:00 UTC; the §57a takes 60 minutes.
    expect([hold!.startsAt.toISOString(), hold!.endsAt.toISOString()]).toEqual(["2026-12-02T09:00:00.000Z", "2026-12-02T10:00:00.000Z"]);
    // The one mechanic is busy 10:00–11:00: an oil change fits before and after, not in between.
    const free = await freeTimes(database, OIL);
    expect(free).toContain("09:30");
    expect(free).not.toContain("10:00");
    expect(free).not.toContain("10:30");
    expect(free).toContain("11:00");
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, result.id));
    expect(await freeTimes(database, OIL)).toContain("10:30");
  });

  it("slots and availability count free resources per kind: the inspection place taken, an oil change is still offered, a §57a not", async () => {
    await setWorkshop(database.db, { lift: 2, inspection: 1, mechanic: 2 });
    expect((await book(database, { service: INSPECTION })).kind).toBe("created");
    expect(await freeTimes(database, OIL)).toContain("09:00");
    expect(await freeTimes(database, INSPECTION)).not.toContain("09:00");
    expect(await freeTimes(database, INSPECTION)).toContain("10:00");
    const [day] = await getAvailability(database.db, DAY, DAY, NOW, config, INSPECTION);
    const [oilDay] = await getAvailability(database.db, DAY, DAY, NOW, config, OIL);
    // A §57a at 08:30, 09:00 or 09:30 would need the inspection place during 09:00–10:00.
    expect(oilDay!.freeSlots - day!.freeSlots).toBe(3);
  });

  it("exactly the starts the slots call free can be booked, on a crowded day (the SQL and the TypeScript rule agree)", async () => {
    await setWorkshop(database.db, { lift: 2, inspection: 1, mechanic: 2 });
    const crowd = [
      { service: INSPECTION, time: "08:00" },
      { service: OIL, time: "08:30" },
      { service: "Wartung", time: "09:00" },
      { service: "Elektrik", time: "10:00" },
      { service: INSPECTION, time: "11:00" },
      { service: "Reparaturen", time: "13:00" },
    ];
    for (const booking of crowd) expect((await book(database, booking)).kind).toBe("created");
    for (const service of [OIL, INSPECTION, "Elektrik"]) {
      const day = await getDaySlots(database.db, DAY, NOW, config, service);
      for (const slot of day.slots) {
        // Each try in a transaction that is rolled back: the day stays as crowded for the next start.
        const outcome = await database.db
          .transaction(async (tx) => {
            const result = await requestAppointment(
              tx,
              { name: "Probe", email: `probe${(counter += 1)}@example.at`, phone: "0664 1234567", service, date: DAY, time: slot.time },
              { now: NOW, clientIp: "203.0.113.10", config },
            );
            throw new Rollback(result.kind);
          })
          .catch((error: unknown) => (error instanceof Rollback ? error.kind : Promise.reject(error)));
        expect(outcome === "created", `${service} ${slot.time} ${outcome}`).toBe(slot.available);
      }
    }
  });

  it("a courtesy car is held from the start until closing; a second one that day is courtesy-car-taken, without it the work still fits", async () => {
    await setWorkshop(database.db, { lift: 2, mechanic: 2, courtesy_car: 1 });
    const first = await book(database, { time: "10:00", courtesyCar: true });
    if (first.kind !== "created") throw new Error(first.kind);
    expect(await heldBy(database, first.id)).toEqual(["Ersatzwagen", "Hebebühne 1", "Mechaniker:in 1"]);
    const car = await database.db
      .select({ endsAt: appointmentResources.endsAt })
      .from(appointmentResources)
      .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
      .where(sql`${appointmentResources.appointmentId} = ${first.id} and ${resources.kind} = 'courtesy_car'`);
    // Wednesday: open until 18:00 in Vienna (17:00 UTC).
    expect(car[0]!.endsAt.toISOString()).toBe("2026-12-02T17:00:00.000Z");
    const [stored] = await database.db
      .select({ courtesyCar: appointments.courtesyCar })
      .from(appointments)
      .where(eq(appointments.id, first.id));
    expect(stored!.courtesyCar).toBe(true);

    expect(await book(database, { time: "08:00", courtesyCar: true })).toEqual({ kind: "courtesy-car-taken" });
    expect(bookingMessages["courtesy-car-taken"]).toBe(
      "An diesem Tag ist leider kein Ersatzwagen mehr frei. Bitte wählen Sie einen anderen Tag oder buchen Sie ohne Ersatzwagen.",
    );
    // A car is held until closing, and the only one is out from 10:00: no start that day offers one.
    expect(await freeTimes(database, OIL, true)).toEqual([]);
    expect((await freeTimes(database, OIL)).length).toBeGreaterThan(10);
    expect((await book(database, { time: "08:00" })).kind).toBe("created");
    const [otherDay] = await getAvailability(database.db, "2026-12-03", "2026-12-03", NOW, config, OIL, true);
    expect(otherDay!.available).toBe(true);
  });

  it("the workshop without any resource of a needed kind offers nothing and refuses the booking", async () => {
    await setWorkshop(database.db, { inspection: 0 });
    expect(await freeTimes(database, INSPECTION)).toEqual([]);
    expect((await book(database, { service: INSPECTION })).kind).toBe("slot-taken");
    const [day] = await getAvailability(database.db, DAY, DAY, NOW, config, INSPECTION);
    expect(day).toMatchObject({ available: false, level: "none" });
  });

  // PGlite runs one transaction at a time: races only mean something on PostgreSQL.
  if (kind === "postgres") {
    it("30 parallel requests for the last free lift: exactly one holds it, 29 are slot-taken, no error", async () => {
      await setWorkshop(database.db, { lift: 2, mechanic: 5 });
      expect((await book(database, { time: "11:00" })).kind).toBe("created");
      const results = await withWritesHeldBack(database, 30, () =>
        Array.from({ length: 30 }, () => book(database, { time: "11:00", date: DAY })),
      );
      expect(results.filter((result) => result.kind === "created")).toHaveLength(1);
      expect(results.filter((result) => result.kind === "slot-taken")).toHaveLength(29);
      const overlapping = await database.db.execute(sql`
        select count(*)::int as n from appointment_resources a join appointment_resources b
          on a.resource_id = b.resource_id and a.id < b.id and a.active and b.active
          and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`);
      expect(resultRows<{ n: number }>(overlapping)[0]!.n).toBe(0);
    });

    it("a booking does not queue behind another one of the same day: it takes the next free lift and mechanic (decision 046)", async () => {
      await setWorkshop(database.db, { lift: 2, mechanic: 2 });
      const [lift1, mechanic1] = await Promise.all(
        ["Hebebühne 1", "Mechaniker:in 1"].map(
          async (name) => (await database.db.select().from(resources).where(eq(resources.name, name)))[0]!.id,
        ),
      );
      // Another booking of the day in flight: it holds the day's lock shared and is placing work on the
      // first lift and mechanic (the locks request_appointment and free_resource take), not yet committed.
      const inFlight = new pg.Client({ connectionString: database.url });
      await inFlight.connect();
      try {
        await inFlight.query("begin");
        await inFlight.query(
          `select pg_advisory_xact_lock_shared(31007, hashtext($1)),
             pg_advisory_xact_lock(31009, hashtext($2 || $1)), pg_advisory_xact_lock(31009, hashtext($3 || $1))`,
          [DAY, lift1, mechanic1],
        );
        const booked = await book(database, { time: "14:00" });
        if (booked.kind !== "created") throw new Error(booked.kind);
        // Without the other booking, the oldest of the equally used ones: Hebebühne 1 and Mechaniker:in 1.
        expect(await heldBy(database, booked.id)).toEqual(["Hebebühne 2", "Mechaniker:in 2"]);
      } finally {
        await inFlight.query("rollback");
        await inFlight.end();
      }
    });

    it("parallel requests for the one courtesy car on one day: exactly one gets it", async () => {
      await setWorkshop(database.db, { lift: 10, mechanic: 10, courtesy_car: 1 });
      const times = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30"];
      const results = await withWritesHeldBack(database, times.length, () =>
        times.map((time) => book(database, { time, courtesyCar: true })),
      );
      expect(results.filter((result) => result.kind === "created")).toHaveLength(1);
      expect(results.filter((result) => result.kind === "courtesy-car-taken")).toHaveLength(times.length - 1);
    });
  }
}

class Rollback extends Error {
  constructor(readonly kind: string) {
    super(kind);
  }
}

describe.each(testDatabaseKinds)("placement on %s", (kind) => {
  placementTests(kind);
});

import { eq, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type Database } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import * as schema from "~/db/schema";
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

/**
 * Two connections of their own whose rows of appointment_counts differ (a row per backend % 16, locked
 * to the end of a transaction that adds an appointment, drizzle/0010): a test of the placement's own
 * waiting does not wait on the counters.
 */
async function connectionsOnOtherCounters(url: string) {
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ shard: number }>("select pg_backend_pid() % 16 as shard");
    return { client, shard: rows[0]!.shard, db: drizzleNodePg({ client, schema }) as unknown as Database };
  };
  const first = await connect();
  let second = await connect();
  while (second.shard === first.shard) {
    await second.client.end();
    second = await connect();
  }
  return [first, second] as const;
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

    /**
     * A booking of DAY at `laterTime`, made on a connection of its own while one at `time` is in flight
     * on another: placed, holding its locks and its row of the busy summary, not yet committed. Its
     * result, or "waited" when it was still waiting for the one in flight after five seconds.
     */
    async function bookedBesideInFlight(time: string, laterTime: string) {
      const [first, second] = await connectionsOnOtherCounters(database.url!);
      try {
        let later: Awaited<ReturnType<typeof requestAppointment>> | "waited" | undefined;
        await first.db.transaction(async (tx) => {
          const inFlight = await requestAppointment(tx, bookingRequest(DAY, { time }), { now: NOW, clientIp: "203.0.113.9", config });
          expect(inFlight.kind).toBe("created");
          const booking = requestAppointment(second.db, bookingRequest(DAY, { time: laterTime }), {
            now: NOW,
            clientIp: "203.0.113.10",
            config,
          });
          // Whatever it does, it ends before the connections do.
          void booking.catch(() => {});
          later = await Promise.race([booking, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000))]);
        });
        if (later === undefined || later === "waited" || later.kind !== "created")
          throw new Error(`later booking: ${JSON.stringify(later)}`);
        return later;
      } finally {
        await Promise.all([first.client.end(), second.client.end()]);
      }
    }

    it("a booking does not queue behind another one starting at the same time: it takes the next free lift and mechanic (decision 046)", async () => {
      await setWorkshop(database.db, { lift: 2, mechanic: 2 });
      const booked = await bookedBesideInFlight("14:00", "14:00");
      // Without the other booking, the oldest of the equally used ones: Hebebühne 1 and Mechaniker:in 1.
      expect(await heldBy(database, booked.id)).toEqual(["Hebebühne 2", "Mechaniker:in 2"]);
    });

    it("a booking of the same day at another time neither waits for one in flight nor is put off the least used lift (decision 055)", async () => {
      // Under 046 (the lock and the summary's row per resource and day) the 14:00 booking passed the
      // 9:00 booking's lift and mechanic over, or, with one lift, waited for the 9:00 booking to commit.
      await setWorkshop(database.db, { lift: 2, mechanic: 2 });
      const booked = await bookedBesideInFlight("09:00", "14:00");
      // Work from 9:00 and from 14:00 never meet: the choice of a booking alone.
      expect(await heldBy(database, booked.id)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);
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

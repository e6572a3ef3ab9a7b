import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { appointmentResources, appointments, resources } from "~/db/schema";
import { placeAppointment } from "~/services/placement.server";
import { testBookingConfig } from "../support/booking-config";
import { type DatabaseKind, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { setWorkshop } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { getDaySlots, requestAppointment } from "../support/result-views";
import { siteVisitFacts } from "../support/slot-rules";

/**
 * The resources' busy minutes (resource_busy, decision 046), which the slots and the calendar read
 * instead of the holds: after every kind of change, and (on PostgreSQL) after parallel ones, they
 * are exactly the union of the active holds.
 */

// Monday 30 November 2026, 09:00 in Vienna.
const NOW = new Date("2026-11-30T09:00:00+01:00");
const DAY = "2026-12-02";
const config = testBookingConfig({ maxOpenRequestsPerEmail: 1000 });

let counter = 0;
async function book(database: TestDatabase, time: string, date = DAY, service = "Ölwechsel"): Promise<string> {
  counter += 1;
  const input = { name: "Anna Muster", email: `busy${counter}@example.at`, phone: "0664 1234567", service, date, time };
  const result = await requestAppointment(database.db, input, { now: NOW, clientIp: "203.0.113.9", config });
  if (result.kind !== "created") throw new Error(`${date} ${time}: ${result.kind}`);
  return result.id;
}

const rows = (result: unknown) => resultRows<{ row: string }>(result).map((entry) => entry.row);

/**
 * The summary as stored, and as it should be from the active holds, each as sorted text
 * "resource day hour busy": per resource, UTC day and UTC hour of the holds' start (decision 055).
 */
async function summaryAndHolds(db: Database): Promise<{ stored: string[]; expected: string[] }> {
  const stored = await db.execute(sql`select resource_id || ' ' || day || ' ' || hour || ' ' || busy as row from resource_busy order by 1`);
  const expected = await db.execute(sql`
    select resource_id || ' ' || day || ' ' || hour || ' ' || busy as row from (
      select resource_id, (starts_at at time zone 'UTC')::date as day, extract(hour from starts_at at time zone 'UTC') as hour,
        range_agg(int4range(epoch_minute(starts_at), epoch_minute(ends_at))) as busy
      from appointment_resources where active group by 1, 2, 3) as held
    order by 1`);
  return { stored: rows(stored), expected: rows(expected) };
}

/** The summary as the slots and the calendar read it: a resource's hours of a day joined, "resource day busy". */
async function summaryByDay(db: Database): Promise<string[]> {
  return rows(
    await db.execute(sql`
      select resource_id || ' ' || day || ' ' || range_agg(busy) as row from resource_busy group by resource_id, day order by 1`),
  );
}

async function expectSummaryExact(db: Database) {
  const { stored, expected } = await summaryAndHolds(db);
  expect(stored).toEqual(expected);
  return stored;
}

function busyTests(kind: DatabaseKind) {
  const database = useTestDatabase(kind, { poolSize: 12 });

  it("follows bookings, adjacent holds merging into one span, a cancellation, a deletion and a move", async () => {
    await setWorkshop(database.db, { lift: 1, mechanic: 1 });
    const first = await book(database, "09:00");
    const second = await book(database, "09:30");
    const third = await book(database, "11:00");
    await expectSummaryExact(database.db);
    const merged = await summaryByDay(database.db);
    // One lift and one mechanic, each busy 9:00–10:00 (two holds, one span) and 11:00–11:30.
    expect(merged).toHaveLength(2);
    expect(merged.every((row) => row.split(" ")[2]!.split("),[").length === 2)).toBe(true);

    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, first));
    await expectSummaryExact(database.db);
    await database.db.delete(appointments).where(eq(appointments.id, third));
    await expectSummaryExact(database.db);

    const [moved] = await database.db.select().from(appointments).where(eq(appointments.id, second));
    expect(await placeAppointment(database.db, { ...moved!, date: "2026-12-03", time: "14:00" }, siteVisitFacts)).toBe("placed");
    await database.db.update(appointments).set({ date: "2026-12-03", time: "14:00" }).where(eq(appointments.id, second));
    const afterMove = await expectSummaryExact(database.db);
    expect(afterMove).toHaveLength(2);
    expect(afterMove.every((row) => row.includes(" 2026-12-03 13 "))).toBe(true);

    // The slots read the summary: 9:00 is free again, 14:00 on the 3rd is not.
    const slots = await getDaySlots(database.db, "2026-12-03", NOW, config, "Ölwechsel");
    expect(slots.slots.find((slot) => slot.time === "14:00")?.available).toBe(false);
    const dayBefore = await getDaySlots(database.db, DAY, NOW, config, "Ölwechsel");
    expect(dayBefore.slots.filter((slot) => !slot.available)).toEqual([]);
  });

  it("one statement that enters many holds (an import, the first start) is counted once per resource, day and hour", async () => {
    await setWorkshop(database.db, { lift: 2, mechanic: 2 });
    const [lift] = await database.db.select().from(resources).where(eq(resources.kind, "lift")).limit(1);
    const ids = [];
    for (const time of ["08:00", "08:30", "13:00"]) {
      const [row] = await database.db
        .insert(appointments)
        .values({ name: "Import", email: "import@example.at", phone: "0664 1", date: DAY, time, service: "Ölwechsel" })
        .returning({ id: appointments.id });
      ids.push(row!.id);
    }
    await database.db.execute(sql`
      insert into appointment_resources (appointment_id, resource_id, starts_at, ends_at)
      select a.id, ${lift!.id}::uuid, workshop_instant(a.date, a.time, 'Europe/Vienna'),
        workshop_instant(a.date, a.time, 'Europe/Vienna') + interval '30 minutes'
      from appointments a where a.id = any(${`{${ids.join(",")}}`}::uuid[])`);
    // 8:00 and 8:30 in Vienna (7:00 and 7:30 UTC) one span of the hour 7, 13:00 (12:00 UTC) its own hour.
    expect(await expectSummaryExact(database.db)).toEqual([
      expect.stringMatching(/ 2026-12-02 12 \{\[\d+,\d+\)\}$/),
      expect.stringMatching(/ 2026-12-02 7 \{\[\d+,\d+\)\}$/),
    ]);
    // Ending them in one statement leaves nothing behind, not an empty row.
    await database.db.update(appointmentResources).set({ active: false });
    expect(await expectSummaryExact(database.db)).toEqual([]);
  });

  it("refuses a hold that is not in whole minutes or longer than a day (the summary counts minutes)", async () => {
    await setWorkshop(database.db, { lift: 1, mechanic: 1 });
    const id = await book(database, "09:00");
    const [lift] = await database.db.select().from(resources).where(eq(resources.kind, "lift"));
    const insert = (starts: string, ends: string) =>
      database.db
        .insert(appointmentResources)
        .values({ appointmentId: id, resourceId: lift!.id, startsAt: new Date(starts), endsAt: new Date(ends) });
    await expect(insert("2026-12-05T08:00:30Z", "2026-12-05T09:00:00Z")).rejects.toThrow();
    await expect(insert("2026-12-05T08:00:00Z", "2026-12-06T08:01:00Z")).rejects.toThrow();
    await expectSummaryExact(database.db);
  });

  // PGlite runs one transaction at a time: parallel changes only mean something on PostgreSQL.
  if (kind === "postgres") {
    it("parallel bookings and cancellations of one resource's day leave it exact", async () => {
      await setWorkshop(database.db, { lift: 1, mechanic: 1 });
      const times = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30"];
      const booked = await Promise.all(times.slice(0, 5).map((time) => book(database, time)));
      await Promise.all([
        ...booked.map((id) => database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, id))),
        ...times.slice(5).map((time) => book(database, time)),
      ]);
      await expectSummaryExact(database.db);
      const rows = await summaryByDay(database.db);
      // 10:30–13:00 on the one lift and the one mechanic, nothing before.
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.split(" ")[2]!.split("),[").length === 1)).toBe(true);
    });
  }
}

describe.each(testDatabaseKinds)("resource busy summary on %s", (kind) => {
  busyTests(kind);
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, emailOutbox } from "~/db/schema";
import { timeToMinutes } from "~/domain/calendar-date";
import { bookingMessages } from "~/messages";
import { type BookingConfig } from "~/services/booking.server";
import { testBookingConfig } from "../support/booking-config";
import { allDatabaseKinds, type DatabaseKind, isDatabaseAvailable, type TestDatabase } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";
import { withWritesHeldBack } from "../support/held-back";
import { getAvailability, getDaySlots, requestAppointment } from "../support/result-views";

/** Monday 30 November 2026, 09:00 in Vienna; the dates below are ahead of it. */
const NOW = new Date("2026-11-30T09:00:00+01:00");
const INSPECTION = "§57a Überprüfung";

const config = testBookingConfig();

let counter = 0;
/** A valid request with its own e-mail address, so the per-address limit stays out of the way. */
function bookingRequest(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: "Anna Muster",
    email: `kunde${counter}@example.at`,
    phone: "0664 1234567",
    service: "Ölwechsel",
    date: "2026-12-02",
    time: "10:00",
    ...overrides,
  };
}

const pickup = (time: string, overrides: Record<string, unknown> = {}) =>
  bookingRequest({ time, handover: "pickup", pickupAddress: "Favoritenstraße 5, 1100 Wien", ...overrides });

function book(database: TestDatabase, input: Record<string, unknown>, overrides: Partial<BookingConfig> = {}) {
  return requestAppointment(database.db, input, { now: NOW, clientIp: "203.0.113.7", config: { ...config, ...overrides } });
}

async function stored(database: TestDatabase) {
  return database.db.select().from(appointments).orderBy(appointments.time);
}

function vehicleTests(kind: DatabaseKind) {
  const database = useTestDatabase(kind, { poolSize: 40 });

  it("stores the car and the hand-over with the plate upper-case and normalised; a §57a takes 60 minutes", async () => {
    const result = await book(
      database,
      pickup("08:00", {
        service: INSPECTION,
        licensePlate: "w-123 ab",
        vehicleModel: "Škoda Octavia",
        mileageKm: "98.500",
        firstRegistration: "2019-04",
      }),
    );
    expect(result.kind).toBe("created");
    const [row] = await stored(database);
    expect(row).toMatchObject({
      service: INSPECTION,
      durationMinutes: 60,
      licensePlate: "W-123 AB",
      licensePlateNormalized: "W123AB",
      vehicleModel: "Škoda Octavia",
      mileageKm: 98500,
      firstRegistration: "2019-04",
      handover: "pickup",
      pickupAddress: "Favoritenstraße 5, 1100 Wien",
    });

    const mails = await database.db.select().from(emailOutbox).orderBy(emailOutbox.template);
    const car = {
      licensePlate: "W-123 AB",
      vehicleModel: "Škoda Octavia",
      mileageKm: "98500",
      firstRegistration: "2019-04",
      handover: "pickup",
    };
    expect(mails[0]!.template).toBe("booking-received-customer");
    // The receipt repeats the pick-up address the customer typed (issue 26), as the workshop's e-mail does.
    expect(mails[0]!.params).toMatchObject({ ...car, pickupAddress: "Favoritenstraße 5, 1100 Wien" });
    expect(mails[1]!.template).toBe("booking-received-workshop");
    expect(mails[1]!.params).toMatchObject({ ...car, pickupAddress: "Favoritenstraße 5, 1100 Wien" });
  });

  it("the seed's fields alone store no vehicle data and a 30-minute booking", async () => {
    expect((await book(database, bookingRequest())).kind).toBe("created");
    const [row] = await stored(database);
    expect(row).toMatchObject({
      durationMinutes: 30,
      licensePlate: null,
      licensePlateNormalized: null,
      vehicleModel: null,
      mileageKm: null,
      firstRegistration: null,
      handover: null,
      pickupAddress: null,
    });
  });

  it.each([
    ["licensePlate", "W_1", "Das Kennzeichen darf nur Buchstaben, Ziffern, Leerzeichen und Bindestriche enthalten."],
    ["firstRegistration", "2026-12", "Die Erstzulassung kann nicht in der Zukunft liegen."],
    ["mileageKm", "viel", "Bitte geben Sie den Kilometerstand als ganze Zahl von 0 bis 2.000.000 an."],
  ])("a bad %s (%j) is refused in German and stores nothing", async (field, value, message) => {
    expect(await book(database, bookingRequest({ [field]: value }))).toMatchObject({ kind: "invalid", fields: { [field]: message } });
    expect(await stored(database)).toHaveLength(0);
  });

  it("a pick-up outside Vienna is refused, naming the city area and the phone number", async () => {
    const result = await book(database, pickup("08:00", { pickupAddress: "Hauptstraße 5, 2340 Mödling" }));
    expect(result).toMatchObject({ kind: "invalid", fields: { pickupAddress: expect.stringContaining("Wiener Stadtgebiet") } });
    expect(result).toMatchObject({ fields: { pickupAddress: expect.stringContaining("01 234 56 78") } });
    expect(await stored(database)).toHaveLength(0);
  });

  it("at most pickupsPerDay pick-ups a day; a cancelled one frees its place; other days and hand-overs are not affected", async () => {
    for (const time of ["08:00", "09:00", "10:00"]) expect((await book(database, pickup(time))).kind).toBe("created");
    expect(await book(database, pickup("11:00"))).toEqual({ kind: "pickups-full" });
    expect(bookingMessages["pickups-full"]).toContain("Hol- und Bringservice");
    expect(await stored(database)).toHaveLength(3);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(6);

    expect((await book(database, bookingRequest({ time: "11:00", handover: "drop_off" }))).kind).toBe("created");
    expect((await book(database, pickup("11:00", { date: "2026-12-03" }))).kind).toBe("created");
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.time, "08:00"));
    expect((await book(database, pickup("12:00"))).kind).toBe("created");
  });

  it("a §57a occupies two slots: it needs both free, and blocks both", async () => {
    expect((await book(database, bookingRequest({ service: INSPECTION, time: "09:00" }))).kind).toBe("created");
    expect((await book(database, bookingRequest({ time: "09:30" }))).kind).toBe("slot-taken");
    expect((await book(database, bookingRequest({ service: INSPECTION, time: "08:30" }))).kind).toBe("slot-taken");
    expect((await book(database, bookingRequest({ service: INSPECTION, time: "09:30" }))).kind).toBe("slot-taken");
    expect((await book(database, bookingRequest({ service: INSPECTION, time: "08:00" }))).kind).toBe("created");
    expect((await book(database, bookingRequest({ time: "10:00" }))).kind).toBe("created");
    // The last start of a weekday: 17:00–18:00 ends at closing time.
    expect((await book(database, bookingRequest({ service: INSPECTION, time: "17:00" }))).kind).toBe("created");
  });

  it("slots for a service offer only start times whose whole duration is free; without a service as before", async () => {
    expect((await book(database, bookingRequest({ time: "10:00" }))).kind).toBe("created");
    const inspection = await getDaySlots(database.db, "2026-12-02", NOW, config, INSPECTION);
    const oneSlot = await getDaySlots(database.db, "2026-12-02", NOW, config);
    const free = (day: typeof oneSlot) => day.slots.filter((slot) => slot.available).map((slot) => slot.time);
    expect(free(oneSlot)).not.toContain("10:00");
    expect(free(oneSlot)).toContain("09:30");
    expect(free(inspection)).not.toContain("09:30"); // would run into 10:00
    expect(free(inspection)).not.toContain("10:00");
    expect(free(inspection)).toContain("10:30");
    expect(free(inspection)).toContain("17:00");
    expect(free(inspection)).toHaveLength(17);
  });

  it("availability tells how full a day is: many, few (at most fewFreeSlots) or none", async () => {
    // Saturday 5 December: 9 starts (09:00–13:00). Leave three free, then none.
    for (const time of ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]) {
      expect((await book(database, bookingRequest({ date: "2026-12-05", time }))).kind).toBe("created");
    }
    const [few] = await getAvailability(database.db, "2026-12-05", "2026-12-05", NOW, config);
    expect(few).toEqual({ date: "2026-12-05", available: true, freeSlots: 3, level: "few" });
    const [forInspection] = await getAvailability(database.db, "2026-12-05", "2026-12-05", NOW, config, INSPECTION);
    expect(forInspection).toMatchObject({ freeSlots: 3, level: "few" }); // 12:00, 12:30 and 13:00 (ends at closing, 14:00)
    const [many] = await getAvailability(database.db, "2026-12-04", "2026-12-04", NOW, config);
    expect(many).toMatchObject({ available: true, freeSlots: 19, level: "many" });
  });

  // The races only show on PostgreSQL: PGlite runs one transaction after another.
  if (kind === "postgres") {
    it("30 parallel §57a requests at 08:00, 08:30 and 09:00 never store two that overlap", async () => {
      const times = ["08:00", "08:30", "09:00"];
      const results = await withWritesHeldBack(database, 30, () =>
        Array.from({ length: 30 }, (_, index) =>
          book(database, bookingRequest({ service: INSPECTION, date: "2026-12-09", time: times[index % 3] })),
        ),
      );
      const rows = await stored(database);
      expect(results.filter((result) => result.kind === "created")).toHaveLength(rows.length);
      expect(results.every((result) => result.kind === "created" || result.kind === "slot-taken")).toBe(true);
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const [index, first] of rows.entries()) {
        for (const second of rows.slice(index + 1)) {
          const overlap =
            timeToMinutes(first.time) < timeToMinutes(second.time) + second.durationMinutes &&
            timeToMinutes(second.time) < timeToMinutes(first.time) + first.durationMinutes;
          expect(overlap, `${first.time} and ${second.time} overlap`).toBe(false);
        }
      }
    });

    it("parallel pick-ups on one day never exceed pickupsPerDay", async () => {
      const times = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"];
      const results = await withWritesHeldBack(database, times.length, () =>
        times.map((time) => book(database, pickup(time, { date: "2026-12-10" }))),
      );
      expect(results.filter((result) => result.kind === "created")).toHaveLength(3);
      expect(results.filter((result) => result.kind === "pickups-full")).toHaveLength(5);
      const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(appointments);
      expect(Number(count!.n)).toBe(3);
    });
  }
}

for (const kind of allDatabaseKinds) {
  const skipped = !isDatabaseAvailable(kind);
  describe.skipIf(skipped)(
    `booking with the car and durations on ${kind}${skipped ? " (skipped: TEST_DATABASE_URL is not set)" : ""}`,
    () => {
      vehicleTests(kind);
    },
  );
}

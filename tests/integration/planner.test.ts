import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { appointments, resourceAbsences, resources } from "~/db/schema";
import { plannerMessages } from "~/messages";
import { loader as dayListLoader } from "~/routes/admin/day-list";
import { loader as plannerLoader } from "~/routes/admin/planner";
import { placeAppointment } from "~/services/placement.server";
import { dayListOf, plannerWeek } from "~/services/planner.server";
import { testDatabaseKinds } from "../support/databases";
import { insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";
import { siteVisitFacts } from "../support/slot-rules";

/**
 * The planner's and the day list's reads (app/services/planner.server.ts) on appointments placed by
 * the database's own place_appointment: each appointment with the resources it holds, in Vienna's
 * wall-clock minutes in summer and in winter; one holding nothing still there; a cancelled one
 * without holds; the absences of the range. Then the two pages' loaders on the same data.
 */
describe.each(testDatabaseKinds)("the planner's week and the day list on %s", (kind) => {
  const database = useTestDatabase(kind);
  // A Tuesday in summer time (UTC+2) and one in winter time (UTC+1).
  const summer = "2031-07-08";
  const winter = "2031-12-09";

  /** An appointment inserted as the board stores one, then placed as booking and confirming place it. */
  async function placed(overrides: Parameters<typeof insertAppointment>[1] & { date: string; time: string; service: string }) {
    const row = await insertAppointment(database.db, overrides);
    const placement = await placeAppointment(database.db, row, siteVisitFacts);
    expect(placement).toBe("placed");
    return row;
  }

  beforeEach(async () => {
    // Beside the test workshop's 'Hebebühne 1', '§57a-Prüfplatz' and 'Mechaniker:in 1'.
    await database.db.insert(resources).values([
      { name: "Hebebühne 2", kind: "lift" },
      { name: "Mechaniker:in 2", kind: "mechanic" },
      { name: "Ersatzwagen", kind: "courtesy_car" },
    ]);
  });

  it("reads each appointment with its holds in Vienna's minutes, one holding nothing and a cancelled one too", async () => {
    const oil = await placed({ name: "Anna", date: summer, time: "09:00", service: "Ölwechsel", courtesyCar: true });
    const inspection = await placed({ name: "Bernd", date: summer, time: "09:00", service: "§57a Überprüfung", durationMinutes: 60 });
    const electric = await placed({ name: "Carla", date: summer, time: "10:30", service: "Elektrik" });
    // Imported when nothing was free: it holds nothing.
    const unplaced = await insertAppointment(database.db, { name: "Dora", date: summer, time: "11:00", status: "bestätigt" });
    const cancelled = await placed({ name: "Emil", date: summer, time: "12:00", service: "Wartung" });
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, cancelled.id));
    await placed({ name: "Franz", date: "2031-07-14", time: "09:00", service: "Wartung" });

    const week = await plannerWeek(database.db, "2031-07-07", "2031-07-12", siteVisitFacts);
    const held = Object.fromEntries(
      week.appointments.map((entry) => [
        entry.name,
        entry.holds.map((hold) => `${hold.kind} ${hold.name} ${hold.startMinutes}–${hold.endMinutes}`),
      ]),
    );
    expect(held).toEqual({
      // The least-used lift and mechanic first: the later ones get the others.
      Anna: ["lift Hebebühne 1 540–570", "mechanic Mechaniker:in 1 540–570", "courtesy_car Ersatzwagen 540–1080"],
      Bernd: ["inspection §57a-Prüfplatz 540–600", "mechanic Mechaniker:in 2 540–600"],
      Carla: [expect.stringMatching(/^mechanic Mechaniker:in [12] 630–660$/)],
      Dora: [],
      Emil: [],
    });
    expect(week.appointments.map((entry) => entry.id)).toEqual([oil.id, inspection.id, electric.id, unplaced.id, cancelled.id]);
    expect(week.appointments.find((entry) => entry.id === oil.id)).toMatchObject({
      courtesyCar: true,
      status: "beantragt",
      service: "Ölwechsel",
    });
    expect(week.resources.map((entry) => entry.name).sort()).toEqual([
      "Ersatzwagen",
      "Hebebühne 1",
      "Hebebühne 2",
      "Mechaniker:in 1",
      "Mechaniker:in 2",
      "§57a-Prüfplatz",
    ]);
  });

  it("reads winter's minutes and the absences that touch the range", async () => {
    await placed({ name: "Gerda", date: winter, time: "17:30", service: "Wartung" });
    const [mechanic] = await database.db.select().from(resources).where(eq(resources.name, "Mechaniker:in 2"));
    await database.db.insert(resourceAbsences).values([
      { resourceId: mechanic!.id, fromDate: "2031-12-05", toDate: "2031-12-08", reason: "Urlaub" },
      { resourceId: mechanic!.id, fromDate: "2031-12-13", toDate: "2031-12-20", startTime: "12:00", reason: "Berufsschule" },
      { resourceId: mechanic!.id, fromDate: "2031-12-14", toDate: "2031-12-20", reason: "Später" },
    ]);
    const week = await plannerWeek(database.db, "2031-12-08", "2031-12-13", siteVisitFacts);
    expect(week.appointments[0]!.holds.map((hold) => [hold.startMinutes, hold.endMinutes])).toEqual([
      [1050, 1080],
      [1050, 1080],
    ]);
    expect(week.absences.map((absence) => [absence.fromDate, absence.startTime, absence.reason]).sort()).toEqual([
      ["2031-12-05", null, "Urlaub"],
      ["2031-12-13", "12:00", "Berufsschule"],
    ]);
  });

  it("the planner's loader puts the week in lanes; the day list's groups it per lift, with the mechanic and the car", async () => {
    await placed({ name: "Anna", date: summer, time: "09:00", service: "Ölwechsel", courtesyCar: true, licensePlate: "W-1234A" });
    await placed({ name: "Bernd", date: summer, time: "09:00", service: "§57a Überprüfung", durationMinutes: 60 });
    await placed({ name: "Carla", date: summer, time: "10:30", service: "Elektrik" });
    await insertAppointment(database.db, { name: "Dora", date: summer, time: "11:00", status: "bestätigt" });
    const [mechanic] = await database.db.select().from(resources).where(eq(resources.name, "Mechaniker:in 2"));
    await database.db
      .insert(resourceAbsences)
      .values({ resourceId: mechanic!.id, fromDate: summer, toDate: summer, startTime: "14:00", reason: "Arzt" });

    const { plan } = (await plannerLoader(
      (await routeArgs(new Request(`http://localhost/admin/planer?date=${summer}`), { db: database.db })) as never,
    )) as Awaited<ReturnType<typeof plannerLoader>>;
    const tuesday = plan.days[1]!;
    expect(tuesday.date).toBe(summer);
    expect(tuesday.lanes.map((lane) => [plannerMessages.laneName(lane), lane.blocks.map((block) => block.name)])).toEqual([
      ["Hebebühne 1", ["Anna"]],
      ["Hebebühne 2", []],
      ["§57a-Prüfplatz", ["Bernd"]],
      ["Ohne Hebebühne", ["Carla"]],
      ["Ohne Zuordnung", ["Dora"]],
    ]);
    expect(tuesday.cars.map((car) => car.uses.map((use) => plannerMessages.carUse(car.name, use.from, use.to, use.customer)))).toEqual([
      ["Ersatzwagen 09:00–18:00: Anna"],
    ]);
    expect(tuesday.absences.map(plannerMessages.absence)).toEqual(["Mechaniker:in 2 ab 14:00: Arzt"]);
    expect(plan.days[0]!.lanes.map((lane) => lane.kind)).toEqual(["lift", "lift", "inspection"]);

    const day = (await dayListLoader(
      (await routeArgs(new Request(`http://localhost/admin/tagesliste?date=${summer}`), { db: database.db })) as never,
    )) as Awaited<ReturnType<typeof dayListLoader>>;
    expect(day.count).toBe(4);
    expect(
      day.groups.map((group) => [
        plannerMessages.laneName(group),
        group.appointments.map((entry) => [entry.name, entry.licensePlate, entry.mechanics, entry.courtesyCars]),
      ]),
    ).toEqual([
      ["Hebebühne 1", [["Anna", "W-1234A", ["Mechaniker:in 1"], ["Ersatzwagen"]]]],
      ["Hebebühne 2", []],
      ["§57a-Prüfplatz", [["Bernd", null, ["Mechaniker:in 2"], []]]],
      ["Ohne Hebebühne", [["Carla", null, [expect.stringMatching(/^Mechaniker:in [12]$/)], []]]],
      ["Ohne Zuordnung", [["Dora", null, [], []]]],
    ]);
    expect(day.absences.map(plannerMessages.absence)).toEqual(["Mechaniker:in 2 ab 14:00: Arzt"]);
  });

  it("the day list leaves out cancelled appointments and other days", async () => {
    const cancelled = await placed({ name: "Emil", date: summer, time: "12:00", service: "Wartung" });
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, cancelled.id));
    await placed({ name: "Franz", date: "2031-07-09", time: "09:00", service: "Wartung" });
    const day = await dayListOf(database.db, summer, siteVisitFacts);
    expect(day.appointments).toEqual([]);
  });
});

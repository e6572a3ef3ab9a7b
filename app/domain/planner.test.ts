import { describe, expect, it } from "vitest";
import { plannerMessages, unavailableDayMessage } from "~/messages";
import { siteSlotRules } from "../../tests/support/slot-rules";
import {
  dayListGroups,
  laneAgenda,
  mondayOf,
  type PlannerAbsence,
  type PlannerAppointment,
  type PlannerDay,
  type PlannerHold,
  type PlannerResource,
  planWeek as planWeekWithCodes,
  type WorkshopWeek,
} from "./planner";
import type { ResourceKind } from "./resources";
import { type SlotRules } from "./slots";

/** The plan with its closed days and rows in words (app/messages.ts), as the planner page shows them. */
function planWeek(date: string, week: Partial<WorkshopWeek>, rules: SlotRules = siteSlotRules) {
  const plan = planWeekWithCodes(date, { appointments: [], resources: workshop, absences: [], ...week }, rules);
  return {
    ...plan,
    days: plan.days.map((day) => ({
      ...day,
      closedReason: day.closedReason && unavailableDayMessage(day.closedReason),
      cells: day.cells.map((cell) => (cell.closed ? { ...cell, reason: unavailableDayMessage(cell.reason) } : cell)),
    })),
  };
}

const resource = (id: string, kind: ResourceKind, name: string, active = true): PlannerResource => ({ id, kind, name, active });
// Out of order on purpose: the planner sorts kinds, and names by number ("Hebebühne 2" before "Hebebühne 10").
const workshop = [
  resource("m1", "mechanic", "Mechaniker:in 1"),
  resource("l10", "lift", "Hebebühne 10"),
  resource("p1", "inspection", "§57a-Prüfplatz"),
  resource("l2", "lift", "Hebebühne 2"),
  resource("m2", "mechanic", "Mechaniker:in 2"),
  resource("c1", "courtesy_car", "Ersatzwagen"),
];
const byId = new Map(workshop.map((entry) => [entry.id, entry]));

/** A hold of resource `id` from `from` to `to` ('HH:MM'). */
function hold(id: string, from: string, to: string): PlannerHold {
  const [fromHours, fromMinutes] = from.split(":").map(Number);
  const [toHours, toMinutes] = to.split(":").map(Number);
  const { name, kind } = byId.get(id)!;
  return { resourceId: id, name, kind, startMinutes: fromHours! * 60 + fromMinutes!, endMinutes: toHours! * 60 + toMinutes! };
}

const appointment = (overrides: Partial<PlannerAppointment>): PlannerAppointment => ({
  id: crypto.randomUUID(),
  name: "Anna",
  date: "2026-12-15",
  time: "08:00",
  durationMinutes: 30,
  service: "Ölwechsel",
  services: ["Ölwechsel"],
  status: "beantragt",
  licensePlate: null,
  internalNote: null,
  progress: null,
  courtesyCar: false,
  source: "online",
  overrideReason: null,
  overbooked: false,
  missing: [],
  hasEmail: true,
  holds: [],
  ...overrides,
});

const lane = (day: Pick<PlannerDay, "lanes">, key: string) => day.lanes.find((entry) => entry.key === key)!;
const spans = (list: ReadonlyArray<{ from: string; to: string }>) => list.map((span) => `${span.from}–${span.to}`);

describe("planWeek", () => {
  it("starts the week on Monday, whatever day is asked, also across a year and a clock change", () => {
    expect(mondayOf("2026-12-15")).toBe("2026-12-14");
    expect(mondayOf("2026-12-14")).toBe("2026-12-14");
    expect(mondayOf("2026-12-20")).toBe("2026-12-14");
    expect(mondayOf("2027-01-02")).toBe("2026-12-28");
    expect(mondayOf("2027-03-28")).toBe("2027-03-22");
  });

  it("has Monday to Saturday, the half-hour rows of the opening hours, and a lane per lift, then per inspection place", () => {
    const plan = planWeek("2026-12-16", {});
    expect(plan.days.map((day) => day.date)).toEqual(["2026-12-14", "2026-12-15", "2026-12-16", "2026-12-17", "2026-12-18", "2026-12-19"]);
    expect(plan.times[0]).toBe("08:00");
    expect(plan.times.at(-1)).toBe("17:30");
    // Saturday 09:00–14:00: 08:00 and 14:00 are outside its hours.
    const saturday = plan.days[5]!;
    expect(saturday.cells[plan.times.indexOf("08:00")]).toEqual({ closed: true, reason: "Geschlossen" });
    expect(saturday.cells[plan.times.indexOf("09:00")]).toEqual({ closed: false });
    expect(saturday.cells[plan.times.indexOf("14:00")]).toEqual({ closed: true, reason: "Geschlossen" });
    // Mechanics have no lane (each block names its own); the courtesy car has a strip.
    expect(saturday.lanes.map((entry) => [entry.kind, entry.name])).toEqual([
      ["lift", "Hebebühne 2"],
      ["lift", "Hebebühne 10"],
      ["inspection", "§57a-Prüfplatz"],
    ]);
    expect(saturday.cars.map((car) => car.name)).toEqual(["Ersatzwagen"]);
    // An empty lane is free all the day is open.
    expect(spans(lane(saturday, "l2").free)).toEqual(["09:00–14:00"]);
  });

  it("puts each block in the lane of the lift it holds, with its mechanic and courtesy car; the rest of the lane is free", () => {
    const plan = planWeek("2026-12-15", {
      appointments: [
        appointment({
          name: "Bernd",
          time: "09:00",
          durationMinutes: 60,
          status: "bestätigt",
          courtesyCar: true,
          holds: [hold("l10", "09:00", "10:00"), hold("m2", "09:00", "10:00"), hold("c1", "09:00", "18:00")],
        }),
        appointment({ name: "Carla", time: "09:00", holds: [hold("l2", "09:00", "09:30"), hold("m1", "09:00", "09:30")] }),
        appointment({
          name: "Dora",
          time: "10:00",
          durationMinutes: 60,
          service: "§57a Überprüfung",
          holds: [hold("p1", "10:00", "11:00"), hold("m1", "10:00", "11:00")],
        }),
      ],
    });
    const tuesday = plan.days[1]!;
    const row = plan.times.indexOf("09:00");
    const blocks = (key: string) =>
      lane(tuesday, key).blocks.map((block) => [
        block.name,
        block.row,
        block.rows,
        block.endTime,
        block.column,
        block.mechanics,
        block.courtesyCars,
      ]);
    expect(blocks("l10")).toEqual([["Bernd", row, 2, "10:00", 0, ["Mechaniker:in 2"], ["Ersatzwagen"]]]);
    expect(blocks("l2")).toEqual([["Carla", row, 1, "09:30", 0, ["Mechaniker:in 1"], []]]);
    expect(blocks("p1")).toEqual([["Dora", row + 2, 2, "11:00", 0, ["Mechaniker:in 1"], []]]);
    expect(tuesday.lanes.every((entry) => entry.columns === 1)).toBe(true);
    expect(spans(lane(tuesday, "l10").free)).toEqual(["08:00–09:00", "10:00–18:00"]);
    expect(spans(lane(tuesday, "l2").free)).toEqual(["08:00–09:00", "09:30–18:00"]);
    expect(spans(lane(tuesday, "p1").free)).toEqual(["08:00–10:00", "11:00–18:00"]);
    // Which car is out when: from the start until closing, on the strip, with the customer.
    expect(tuesday.cars[0]!.uses).toMatchObject([{ from: "09:00", to: "18:00", row, rows: 18, customer: "Bernd", status: "bestätigt" }]);
    // The lane read top to bottom, as the phone shows it.
    expect(laneAgenda(lane(tuesday, "l10")).map((entry) => `${entry.type} ${entry.at}`)).toEqual([
      "free 08:00",
      "block 09:00",
      "free 10:00",
    ]);
    // Another day of the week has its lanes too, all free.
    expect(plan.days[0]!.lanes.map((entry) => entry.blocks.length)).toEqual([0, 0, 0]);
  });

  it("puts work without a lift in 'Ohne Hebebühne', side by side when two overlap, and one holding nothing in 'Ohne Zuordnung'", () => {
    const plan = planWeek("2026-12-15", {
      appointments: [
        appointment({ name: "Emil", time: "11:00", service: "Elektrik", holds: [hold("m1", "11:00", "11:30")] }),
        appointment({ name: "Franz", time: "11:00", service: "Express-Service", holds: [hold("m2", "11:00", "11:30")] }),
        appointment({ name: "Gerda", time: "11:30", service: "Elektrik", holds: [hold("m1", "11:30", "12:00")] }),
        // An imported one nothing was free for, even off the grid's rows (07:30): drawn at the first row, never lost.
        appointment({ name: "Hans", time: "07:30", status: "bestätigt", holds: [] }),
      ],
    });
    const tuesday = plan.days[1]!;
    expect(tuesday.lanes.map((entry) => entry.kind)).toEqual(["lift", "lift", "inspection", "no-lift", "unassigned"]);
    const noLift = lane(tuesday, "no-lift");
    expect(noLift.columns).toBe(2);
    expect(noLift.blocks.map((block) => [block.name, block.column, block.mechanics])).toEqual([
      ["Emil", 0, ["Mechaniker:in 1"]],
      ["Franz", 1, ["Mechaniker:in 2"]],
      ["Gerda", 0, ["Mechaniker:in 1"]],
    ]);
    // The catch-all lanes have no free time of their own: they are no resource.
    expect(noLift.free).toEqual([]);
    expect(lane(tuesday, "unassigned").blocks.map((block) => [block.name, block.row, block.rows])).toEqual([["Hans", 0, 1]]);
    expect(plannerMessages.laneName(noLift)).toBe("Ohne Hebebühne");
    expect(plannerMessages.laneName(lane(tuesday, "unassigned"))).toBe("Ohne Zuordnung");
    // Only the day with such work has these lanes.
    expect(plan.days[2]!.lanes.map((entry) => entry.kind)).toEqual(["lift", "lift", "inspection"]);
  });

  it("shows a cancelled appointment apart: it holds no place, its lane stays free", () => {
    const plan = planWeek("2026-12-15", {
      appointments: [appointment({ name: "Ida", time: "09:30", status: "storniert", holds: [] })],
    });
    const tuesday = plan.days[1]!;
    expect(tuesday.cancelled.map((entry) => [entry.name, entry.time, entry.endTime])).toEqual([["Ida", "09:30", "10:00"]]);
    expect(tuesday.lanes.map((entry) => entry.kind)).toEqual(["lift", "lift", "inspection"]);
    expect(spans(lane(tuesday, "l2").free)).toEqual(["08:00–18:00"]);
  });

  it("shows absences: a mechanic's in the day's header, a lift's as time it is not there; from a time on its first day only", () => {
    const absences: PlannerAbsence[] = [
      { resourceId: "m2", fromDate: "2026-12-15", toDate: "2026-12-16", startTime: null, reason: "Urlaub" },
      { resourceId: "l2", fromDate: "2026-12-15", toDate: "2026-12-16", startTime: "14:00", reason: "Service" },
      { resourceId: "c1", fromDate: "2026-12-16", toDate: "2026-12-16", startTime: null, reason: "Pickerl" },
    ];
    const plan = planWeek("2026-12-15", {
      absences,
      appointments: [appointment({ name: "Jana", time: "09:00", holds: [hold("l2", "09:00", "09:30"), hold("m1", "09:00", "09:30")] })],
    });
    const [monday, tuesday, wednesday] = plan.days;
    expect(monday!.absences).toEqual([]);
    expect(tuesday!.absences.map(plannerMessages.absence)).toEqual(["Hebebühne 2 ab 14:00: Service", "Mechaniker:in 2: Urlaub"]);
    expect(wednesday!.absences.map(plannerMessages.absence)).toEqual([
      "Hebebühne 2: Service",
      "Mechaniker:in 2: Urlaub",
      "Ersatzwagen: Pickerl",
    ]);
    const lift = lane(tuesday!, "l2");
    expect(lift.unavailable).toEqual([{ from: "14:00", to: "18:00", row: plan.times.indexOf("14:00"), rows: 8, reason: "Service" }]);
    expect(spans(lift.free)).toEqual(["08:00–09:00", "09:30–14:00"]);
    expect(laneAgenda(lift).map((entry) => entry.type)).toEqual(["free", "block", "free", "unavailable"]);
    expect(spans(lane(wednesday!, "l2").unavailable)).toEqual(["08:00–18:00"]);
    expect(lane(wednesday!, "l2").free).toEqual([]);
    expect(spans(wednesday!.cars[0]!.unavailable)).toEqual(["08:00–18:00"]);
  });

  it("keeps a deactivated lift's lane only while it holds an appointment, without free time", () => {
    const resources = [...workshop, resource("l3", "lift", "Hebebühne 3", false)];
    const old = resource("l3", "lift", "Hebebühne 3", false);
    const held = appointment({
      name: "Karl",
      time: "10:00",
      holds: [{ resourceId: old.id, name: old.name, kind: old.kind, startMinutes: 600, endMinutes: 630 }],
    });
    expect(planWeek("2026-12-15", { resources }).days[1]!.lanes.map((entry) => entry.name)).toEqual([
      "Hebebühne 2",
      "Hebebühne 10",
      "§57a-Prüfplatz",
    ]);
    // Nobody misses a deactivated resource: its absence is not news.
    const absences = [{ resourceId: "l3", fromDate: "2026-12-15", toDate: "2026-12-15", startTime: null, reason: "Ausgebaut" }];
    const tuesday = planWeek("2026-12-15", { resources, appointments: [held], absences }).days[1]!;
    expect(tuesday.absences).toEqual([]);
    const kept = lane(tuesday, "l3");
    expect([kept.name, kept.active, kept.blocks.map((block) => block.name), kept.free]).toEqual(["Hebebühne 3", false, ["Karl"], []]);
    expect(plannerMessages.laneName(kept)).toBe("Hebebühne 3 (deaktiviert)");
  });

  it("shades holidays and closures: a whole day by name, a half day from its time, where the lanes' free time ends", () => {
    const rules = {
      ...siteSlotRules,
      closures: [
        { from: "2026-12-24", to: "2026-12-24", startTime: "12:00", name: "Heiliger Abend" },
        { from: "2026-12-28", to: "2026-12-30", startTime: null, name: "Betriebsurlaub" },
      ],
    };
    const christmas = planWeek("2026-12-24", {}, rules);
    const thursday = christmas.days[3]!;
    expect(christmas.days[4]).toMatchObject({ date: "2026-12-25", closedReason: "Christtag" });
    expect(lane(christmas.days[4]!, "l2").free).toEqual([]);
    expect(thursday.closedReason).toBeNull();
    expect(thursday.cells[christmas.times.indexOf("11:30")]).toEqual({ closed: false });
    expect(thursday.cells[christmas.times.indexOf("12:00")]).toEqual({ closed: true, reason: "Heiliger Abend" });
    expect(spans(lane(thursday, "l2").free)).toEqual(["08:00–12:00"]);
    const holidays = planWeek("2026-12-28", {}, rules);
    expect(holidays.days.slice(0, 3).map((day) => day.closedReason)).toEqual(["Betriebsurlaub", "Betriebsurlaub", "Betriebsurlaub"]);
    expect(holidays.days[3]!.closedReason).toBe(null);
  });
  it("shades the lunch break (issue 29): its rows closed as 'Mittagspause', no free time offered in it", () => {
    const tuesdayHours = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };
    const rules = { ...siteSlotRules, openingHours: { ...siteSlotRules.openingHours, 2: tuesdayHours } };
    const plan = planWeek("2026-12-15", { appointments: [appointment({ time: "13:00", holds: [hold("l2", "13:00", "13:30")] })] }, rules);
    const tuesday = plan.days[1]!;
    expect(tuesday.cells[plan.times.indexOf("11:30")]).toEqual({ closed: false });
    expect(tuesday.cells[plan.times.indexOf("12:00")]).toEqual({ closed: true, reason: "Mittagspause" });
    expect(tuesday.cells[plan.times.indexOf("12:30")]).toEqual({ closed: true, reason: "Mittagspause" });
    expect(tuesday.cells[plan.times.indexOf("13:00")]).toEqual({ closed: false });
    expect(spans(lane(tuesday, "l10").free)).toEqual(["08:00–12:00", "13:00–18:00"]);
    expect(spans(lane(tuesday, "l2").free)).toEqual(["08:00–12:00", "13:30–18:00"]);
    // The day's open time (where work without a lift may be moved): the hours without the break.
    expect(spans(tuesday.open)).toEqual(["08:00–12:00", "13:00–18:00"]);
    expect(spans(plan.days[2]!.open)).toEqual(["08:00–18:00"]);
    // Another day without a break is free through noon.
    expect(spans(lane(plan.days[2]!, "l2").free)).toEqual(["08:00–18:00"]);
  });
});

describe("dayListGroups", () => {
  it("groups the day per lift (also a free one), then inspection place, then without a lift and unassigned; each appointment once", () => {
    const groups = dayListGroups(
      [
        appointment({ name: "Lena", time: "10:00", holds: [hold("l10", "10:00", "10:30"), hold("m1", "10:00", "10:30")] }),
        appointment({
          name: "Max",
          time: "08:00",
          holds: [hold("l10", "08:00", "08:30"), hold("m2", "08:00", "08:30"), hold("c1", "08:00", "18:00")],
        }),
        appointment({ name: "Nora", time: "09:00", service: "Elektrik", holds: [hold("m1", "09:00", "09:30")] }),
        appointment({
          name: "Otto",
          time: "09:00",
          service: "§57a Überprüfung",
          holds: [hold("p1", "09:00", "10:00"), hold("m2", "09:00", "10:00")],
        }),
        appointment({ name: "Paul", time: "12:00", courtesyCar: true, holds: [] }),
        appointment({ name: "Rita", time: "12:00", status: "storniert", holds: [] }),
      ],
      workshop,
    );
    expect(groups.map((group) => [plannerMessages.laneName(group), group.appointments.map((entry) => entry.name)])).toEqual([
      ["Hebebühne 2", []],
      ["Hebebühne 10", ["Max", "Lena"]],
      ["§57a-Prüfplatz", ["Otto"]],
      ["Ohne Hebebühne", ["Nora"]],
      ["Ohne Zuordnung", ["Paul"]],
    ]);
    expect(groups[1]!.appointments.map((entry) => [entry.mechanics, entry.courtesyCars])).toEqual([
      [["Mechaniker:in 2"], ["Ersatzwagen"]],
      [["Mechaniker:in 1"], []],
    ]);
    expect(plannerMessages.courtesyCar("Ersatzwagen")).toBe("Ersatzwagen");
    expect(plannerMessages.courtesyCar("VW Polo")).toBe("Ersatzwagen: VW Polo");
  });
});

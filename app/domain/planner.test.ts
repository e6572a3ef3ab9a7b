import { describe, expect, it } from "vitest";
import { unavailableDayMessage } from "~/messages";
import { mondayOf, type PlannerAppointment, planWeek as planWeekWithCodes } from "./planner";
import { defaultSlotRules } from "./slots";

/** The plan with its closed days and rows in words (app/messages.ts), as the planner page shows them. */
function planWeek(...args: Parameters<typeof planWeekWithCodes>) {
  const plan = planWeekWithCodes(...args);
  return {
    ...plan,
    days: plan.days.map((day) => ({
      ...day,
      closedReason: day.closedReason && unavailableDayMessage(day.closedReason),
      cells: day.cells.map((cell) => (cell.closed ? { ...cell, reason: unavailableDayMessage(cell.reason) } : cell)),
    })),
  };
}

const appointment = (overrides: Partial<PlannerAppointment>): PlannerAppointment => ({
  id: crypto.randomUUID(),
  name: "Anna",
  date: "2026-12-15",
  time: "08:00",
  durationMinutes: 30,
  service: "Ölwechsel",
  status: "beantragt",
  licensePlate: null,
  internalNote: null,
  progress: null,
  ...overrides,
});

describe("planWeek", () => {
  it("starts the week on Monday, whatever day is asked, also across a year and a clock change", () => {
    expect(mondayOf("2026-12-15")).toBe("2026-12-14");
    expect(mondayOf("2026-12-14")).toBe("2026-12-14");
    expect(mondayOf("2026-12-20")).toBe("2026-12-14");
    expect(mondayOf("2027-01-02")).toBe("2026-12-28");
    expect(mondayOf("2027-03-28")).toBe("2027-03-22");
  });

  it("has Monday to Saturday and the half-hour rows of the opening hours", () => {
    const plan = planWeek("2026-12-16", [], 2, defaultSlotRules);
    expect(plan.days.map((day) => day.date)).toEqual(["2026-12-14", "2026-12-15", "2026-12-16", "2026-12-17", "2026-12-18", "2026-12-19"]);
    expect(plan.times[0]).toBe("08:00");
    expect(plan.times.at(-1)).toBe("17:30");
    // Saturday 09:00–14:00: 08:00 and 14:00 are outside its hours.
    const saturday = plan.days[5]!;
    expect(saturday.cells[plan.times.indexOf("08:00")]).toEqual({ closed: true, reason: "Geschlossen" });
    expect(saturday.cells[plan.times.indexOf("09:00")]).toEqual({ closed: false, free: 2 });
    expect(saturday.cells[plan.times.indexOf("14:00")]).toEqual({ closed: true, reason: "Geschlossen" });
  });

  it("places a §57a block over two rows and counts it in both; a cancelled one shows but holds no place", () => {
    const plan = planWeek(
      "2026-12-15",
      [
        appointment({ time: "09:00", durationMinutes: 60, service: "§57a Überprüfung", status: "bestätigt", name: "Bernd" }),
        appointment({ time: "09:30", status: "storniert", name: "Carla" }),
      ],
      2,
      defaultSlotRules,
    );
    const tuesday = plan.days[1]!;
    const row = plan.times.indexOf("09:00");
    expect(tuesday.blocks.map((block) => [block.name, block.row, block.rows, block.endTime, block.lane])).toEqual([
      ["Bernd", row, 2, "10:00", 0],
      ["Carla", row + 1, 1, "10:00", 1],
    ]);
    expect(tuesday.lanes).toBe(2);
    expect(tuesday.cells[row]).toEqual({ closed: false, free: 1 });
    expect(tuesday.cells[row + 1]).toEqual({ closed: false, free: 1 });
    expect(tuesday.cells[row + 2]).toEqual({ closed: false, free: 2 });
  });

  it("shades holidays and closures: a whole day by name, a half day from its time", () => {
    const rules = {
      ...defaultSlotRules,
      closures: [
        { from: "2026-12-24", to: "2026-12-24", startTime: "12:00", name: "Heiliger Abend" },
        { from: "2026-12-28", to: "2026-12-30", startTime: null, name: "Betriebsurlaub" },
      ],
    };
    const christmas = planWeek("2026-12-24", [], 1, rules);
    const thursday = christmas.days[3]!;
    expect(christmas.days[4]).toMatchObject({ date: "2026-12-25", closedReason: "Christtag" });
    expect(thursday.closedReason).toBeNull();
    expect(thursday.cells[christmas.times.indexOf("11:30")]).toEqual({ closed: false, free: 1 });
    expect(thursday.cells[christmas.times.indexOf("12:00")]).toEqual({ closed: true, reason: "Heiliger Abend" });
    const holidays = planWeek("2026-12-28", [], 1, rules);
    expect(holidays.days.slice(0, 3).map((day) => day.closedReason)).toEqual(["Betriebsurlaub", "Betriebsurlaub", "Betriebsurlaub"]);
    expect(holidays.days[3]!.closedReason).toBe(null);
  });
});

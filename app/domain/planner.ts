import type { Weekday } from "~/config/site";
import type { AppointmentStatus, ProgressState } from "./appointment";
import { addDays, type CalendarDate, minutesToTime, timeToMinutes, weekday } from "./calendar-date";
import { dayClosure } from "./closures";
import { type ClosedDay, closureReason, slotLoad, type SlotRules } from "./slots";

/**
 * The board's week planner (issue 15), as pure layout: the week's days
 * (Monday to Saturday), the time rows of the slot grid, each appointment as a
 * block from its start row over as many rows as its service lasts, which rows
 * are closed (a holiday, a closure, outside the day's hours) and how many
 * places are still free in each open row.
 */
export type PlannerAppointment = {
  id: string;
  name: string;
  date: CalendarDate;
  time: string;
  durationMinutes: number;
  service: string;
  status: AppointmentStatus;
  licensePlate: string | null;
  internalNote: string | null;
  progress: ProgressState | null;
};

/** An appointment on the grid: from time row `row` over `rows` rows, in side-by-side lane `lane` of its day. */
export type PlannerBlock = PlannerAppointment & { row: number; rows: number; endTime: string; lane: number };

/** Why a time row is closed: the whole day is, or the row lies outside the day's opening hours. */
export type ClosedRow = ClosedDay | { code: "outside-hours" };

export type PlannerDay = {
  date: CalendarDate;
  /** Why the whole day is closed (holiday, closure, no opening hours), if it is. */
  closedReason: ClosedDay | null;
  /** Per time row: closed (with why), or open with its free places. */
  cells: ({ closed: true; reason: ClosedRow } | { closed: false; free: number })[];
  blocks: PlannerBlock[];
  /** Side-by-side lanes the day needs so that no two blocks overlap (at least 1). */
  lanes: number;
};

export type WeekPlan = { monday: CalendarDate; times: string[]; days: PlannerDay[] };

/** The Monday of the week that holds `date` (weeks run Monday to Sunday; the workshop plans Monday to Saturday). */
export function mondayOf(date: CalendarDate): CalendarDate {
  return addDays(date, -((weekday(date) + 6) % 7));
}

/** The time rows: every slot start of the week's opening hours, in order. */
function weekTimes(rules: SlotRules): string[] {
  const all = new Set<string>();
  for (const day of [1, 2, 3, 4, 5, 6] as Weekday[]) {
    const hours = rules.openingHours[day];
    if (!hours) continue;
    for (let minutes = timeToMinutes(hours.open); minutes < timeToMinutes(hours.close); minutes += rules.slotMinutes) {
      all.add(minutesToTime(minutes));
    }
  }
  return [...all].sort();
}

function dayPlan(date: CalendarDate, times: string[], appointments: PlannerAppointment[], capacity: number, rules: SlotRules): PlannerDay {
  const closedReason = closureReason(date, rules) ?? null;
  const hours = rules.openingHours[weekday(date) as Weekday];
  const partial = dayClosure(date, rules.closures);
  const ofDay = appointments.filter((appointment) => appointment.date === date);
  // Only requested and confirmed appointments hold a place (as in booking and confirming).
  const load = slotLoad(
    ofDay.filter((appointment) => appointment.status !== "storniert").map((appointment) => ({ ...appointment, count: 1 })),
    rules,
  );
  const cells = times.map((time): PlannerDay["cells"][number] => {
    if (closedReason) return { closed: true, reason: closedReason };
    if (!hours || timeToMinutes(time) < timeToMinutes(hours.open) || timeToMinutes(time) >= timeToMinutes(hours.close)) {
      return { closed: true, reason: { code: "outside-hours" } };
    }
    if (partial?.fromMinutes != null && timeToMinutes(time) >= partial.fromMinutes) {
      return { closed: true, reason: { code: "closure", name: partial.name } };
    }
    return { closed: false, free: Math.max(0, capacity - (load.get(time) ?? 0)) };
  });
  const placed = ofDay
    .map((appointment) => {
      const row = times.indexOf(appointment.time);
      const rows = Math.max(1, Math.ceil(appointment.durationMinutes / rules.slotMinutes));
      return { ...appointment, row, rows, endTime: minutesToTime(timeToMinutes(appointment.time) + appointment.durationMinutes) };
    })
    .filter((block) => block.row >= 0)
    .sort((a, b) => a.row - b.row || a.name.localeCompare(b.name, "de"));
  // Each block takes the first lane that is free from its row on (greedy interval colouring).
  const laneEnds: number[] = [];
  const blocks = placed.map((block): PlannerBlock => {
    let lane = laneEnds.findIndex((end) => end <= block.row);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = block.row + block.rows;
    return { ...block, lane };
  });
  return { date, closedReason, cells, blocks, lanes: Math.max(1, laneEnds.length) };
}

/** The week of `date`, Monday to Saturday, with `appointments` (any status) placed on it. */
export function planWeek(date: CalendarDate, appointments: PlannerAppointment[], capacity: number, rules: SlotRules): WeekPlan {
  const monday = mondayOf(date);
  const times = weekTimes(rules);
  const days = [0, 1, 2, 3, 4, 5].map((offset) => dayPlan(addDays(monday, offset), times, appointments, capacity, rules));
  return { monday, times, days };
}

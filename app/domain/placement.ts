/**
 * Whether an appointment fits the workshop's resources (issue 27, decision 039): the same rule as
 * the database's `pick_resources` (drizzle/0022_resource_placement.sql), which places it, here for
 * the slots and the calendar, which only ask. Pure: the caller reads the day's resources, holds
 * and absences. Minutes are wall-clock minutes of the day in the workshop's zone.
 */
import { addDays, type CalendarDate, zonedInstant, zonedParts } from "./calendar-date";
import type { ResourceKind } from "./resources";

/** An active hold of a resource on one day: [startMinutes, endMinutes). */
export type Hold = { resourceId: string; date: CalendarDate; startMinutes: number; endMinutes: number };

/** An absence from `fromDate` to `toDate`, on its first day from `startMinutes` on when given (null: whole days). */
export type Absence = { resourceId: string; fromDate: CalendarDate; toDate: CalendarDate; startMinutes: number | null };

/** What one day offers: the active resources by kind, their holds and absences. */
export type DayResources = {
  byKind: ReadonlyMap<ResourceKind, readonly string[]>;
  holds: ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>;
  absences: readonly Absence[];
  date: CalendarDate;
};

/** The holds by date: each day then reads its own, not the whole range's (100 days of a busy workshop: 30,000 holds). */
export function holdsByDate(holds: readonly Hold[]): Map<CalendarDate, Hold[]> {
  const byDate = new Map<CalendarDate, Hold[]>();
  for (const hold of holds) {
    const day = byDate.get(hold.date);
    if (day) day.push(hold);
    else byDate.set(hold.date, [hold]);
  }
  return byDate;
}

/** The day's view of the workshop from the resources, the day's holds (holdsByDate) and the absences around it. */
export function dayResources(
  date: CalendarDate,
  resources: ReadonlyArray<{ id: string; kind: ResourceKind }>,
  holdsOfDay: readonly Hold[],
  absences: readonly Absence[],
): DayResources {
  const byKind = new Map<ResourceKind, string[]>();
  for (const resource of resources) {
    const ids = byKind.get(resource.kind);
    if (ids) ids.push(resource.id);
    else byKind.set(resource.kind, [resource.id]);
  }
  const busy = new Map<string, Array<readonly [number, number]>>();
  for (const hold of holdsOfDay) {
    if (hold.date !== date) continue;
    const spans = busy.get(hold.resourceId);
    const span = [hold.startMinutes, hold.endMinutes] as const;
    if (spans) spans.push(span);
    else busy.set(hold.resourceId, [span]);
  }
  return {
    date,
    byKind,
    holds: busy,
    absences: absences.filter((absence) => absence.fromDate <= date && absence.toDate >= date),
  };
}

/** Whether `resourceId` is absent at any moment of [start, end) on the day (an absence from a time counts from then on its first day). */
function absent(day: DayResources, resourceId: string, end: number): boolean {
  return day.absences.some(
    (absence) =>
      absence.resourceId === resourceId && (absence.startMinutes === null || absence.fromDate !== day.date || end > absence.startMinutes),
  );
}

function isFree(day: DayResources, resourceId: string, start: number, end: number): boolean {
  if (absent(day, resourceId, end)) return false;
  return !(day.holds.get(resourceId) ?? []).some(([holdStart, holdEnd]) => holdStart < end && start < holdEnd);
}

/** Whether some resource of `kind` is free for the whole of [start, end). */
export function kindFree(day: DayResources, kind: ResourceKind, start: number, end: number): boolean {
  return (day.byKind.get(kind) ?? []).some((id) => isFree(day, id, start, end));
}

/**
 * Whether work needing `kinds` fits from `start` for `durationMinutes` (one resource of each kind
 * for the whole time), and with `courtesyUntil` a courtesy car from the start until then.
 */
export function fits(
  day: DayResources,
  kinds: readonly ResourceKind[],
  start: number,
  durationMinutes: number,
  courtesyUntil: number | null = null,
): boolean {
  if (!kinds.every((kind) => kindFree(day, kind, start, start + durationMinutes))) return false;
  return courtesyUntil === null || kindFree(day, "courtesy_car", start, courtesyUntil);
}

/** A resource busy for [start, end), in minutes since the Unix epoch (the database's resource_busy, decision 046). */
export type BusySpan = { resourceId: string; start: number; end: number };

/**
 * The busy spans as holds on the workshop's wall clock for the days of [from, to]: each span cut
 * at local midnight, its minutes counted from the day's local midnight. On the two days a year the
 * clocks change the wall-clock minutes are read per instant; every other day they are the elapsed ones.
 */
export function wallClockHolds(spans: readonly BusySpan[], from: CalendarDate, to: CalendarDate, timeZone: string): Hold[] {
  const days: CalendarDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(date);
  // midnights[i]: the epoch minute day i begins; the one after the last day closes it.
  const midnights = [...days, addDays(to, 1)].map((date) => zonedInstant(date, "00:00", timeZone).getTime() / 60_000);
  const holds: Hold[] = [];
  for (const span of spans) {
    const first = Math.max(0, lastAtOrBefore(midnights, span.start));
    for (let index = first; index < days.length && midnights[index]! < span.end; index++) {
      const [dayStart, dayEnd] = [midnights[index]!, midnights[index + 1]!];
      const [start, end] = [Math.max(span.start, dayStart), Math.min(span.end, dayEnd)];
      if (start >= end) continue;
      const regularDay = dayEnd - dayStart === 1440;
      const wall = (minute: number) =>
        minute === dayEnd ? 1440 : regularDay ? minute - dayStart : zonedParts(new Date(minute * 60_000), timeZone).minutes;
      holds.push({ resourceId: span.resourceId, date: days[index]!, startMinutes: wall(start), endMinutes: wall(end) });
    }
  }
  return holds;
}

/** The index of the last value at or before `value` in ascending `values` (-1 when none). */
function lastAtOrBefore(values: readonly number[], value: number): number {
  let [low, high] = [0, values.length - 1];
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (values[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

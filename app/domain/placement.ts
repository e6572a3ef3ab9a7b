/**
 * Whether an appointment fits the workshop's resources (issue 27, decision 039): the same rule as
 * the database's `pick_resources` (drizzle/0022_resource_placement.sql), which places it, here for
 * the slots and the calendar, which only ask. Pure: the caller reads the day's resources, holds
 * and absences. Minutes are wall-clock minutes of the day in the workshop's zone.
 */
import type { CalendarDate } from "./calendar-date";
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

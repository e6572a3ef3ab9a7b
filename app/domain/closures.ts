import { type CalendarDate, formatCalendarDate, timeToMinutes } from "./calendar-date";

/**
 * A closure the owner keeps on the board: closed from `startTime` on `from`
 * (the whole day when null) to the end of `to`, all in the workshop's zone.
 * 24 December from 12:00 is `{ from: "…-12-24", to: "…-12-24", startTime: "12:00" }`;
 * a holiday starting after lunch on a Friday and lasting a week is one range.
 */
export type Closure = { from: CalendarDate; to: CalendarDate; startTime: string | null; name: string };

/** How a date is closed: the whole day, or from a minute of the day on. */
export type DayClosure = { name: string; fromMinutes: number | null };

/**
 * How `closures` close `date`: a whole-day closure wins, else the earliest
 * start of a closure that begins that day; undefined when none touches it.
 */
export function dayClosure(date: CalendarDate, closures: ReadonlyArray<Closure>): DayClosure | undefined {
  let partial: DayClosure | undefined;
  for (const closure of closures) {
    if (date < closure.from || date > closure.to) continue;
    if (date !== closure.from || closure.startTime === null) return { name: closure.name, fromMinutes: null };
    const fromMinutes = timeToMinutes(closure.startTime);
    if (!partial || fromMinutes < partial.fromMinutes!) partial = { name: closure.name, fromMinutes };
  }
  return partial;
}

/**
 * Whether a booking of `durationMinutes` from `time` on `date` overlaps the
 * closure: any day of it, or on its first day one that ends after `startTime`.
 */
export function closureCovers(closure: Closure, booking: { date: CalendarDate; time: string; durationMinutes: number }): boolean {
  if (booking.date < closure.from || booking.date > closure.to) return false;
  if (booking.date !== closure.from || closure.startTime === null) return true;
  return timeToMinutes(booking.time) + booking.durationMinutes > timeToMinutes(closure.startTime);
}

/**
 * The configured defaults as closures for `years`: the yearly days
 * (24 and 31 December) in each year, the date ranges once.
 */
export function defaultClosures(
  years: ReadonlyArray<number>,
  defaults: {
    yearly: ReadonlyArray<{ month: number; day: number; name: string; startTime?: string }>;
    ranges: ReadonlyArray<{ from: CalendarDate; to: CalendarDate; name: string }>;
  },
): Closure[] {
  const yearly = years.flatMap((year) =>
    defaults.yearly.map((entry) => {
      const date = formatCalendarDate(year, entry.month, entry.day);
      return { from: date, to: date, startTime: entry.startTime ?? null, name: entry.name };
    }),
  );
  return [...yearly, ...defaults.ranges.map((range) => ({ ...range, startTime: null }))];
}

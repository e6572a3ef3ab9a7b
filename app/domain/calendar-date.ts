import { TZDate } from "@date-fns/tz";

/**
 * Calendar dates as "yyyy-MM-dd" strings. Arithmetic runs on UTC midnights,
 * so neither the server's time zone nor a DST change can shift a day.
 */
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a workshop's date can have. Far beyond any appointment, and the weeks and months
 * around such a date stay four-digit years: 9999-12-31's Saturday is in the year 10000, which
 * neither the database nor this format holds (the planner answered 500).
 */
const YEARS = { first: 1900, last: 2999 };

export type CalendarDate = string;

export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < YEARS.first || year > YEARS.last) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2026-02-30 and friends, which Date.UTC would silently roll over.
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

export function isCalendarDate(value: string): boolean {
  return parseCalendarDate(value) !== null;
}

export function formatCalendarDate(year: number, month: number, day: number): CalendarDate {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.toISOString().slice(0, 10);
}

function toUtcMidnight(value: CalendarDate): Date {
  const parts = parseCalendarDate(value);
  if (!parts) throw new RangeError(`Not a calendar date: ${value}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
}

export function addDays(value: CalendarDate, days: number): CalendarDate {
  const date = toUtcMidnight(value);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtcMidnight(to).getTime() - toUtcMidnight(from).getTime()) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export function weekday(value: CalendarDate): number {
  return toUtcMidnight(value).getUTCDay();
}

/** The calendar date and minutes since midnight of an instant in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): { date: CalendarDate; minutes: number } {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return {
    date: formatCalendarDate(zoned.getFullYear(), zoned.getMonth() + 1, zoned.getDate()),
    minutes: zoned.getHours() * 60 + zoned.getMinutes(),
  };
}

/**
 * The instant of a wall-clock time (HH:mm) on a calendar date in `timeZone`:
 * an appointment's start as a point in time, whatever the server's zone, and
 * with the day's own UTC offset on the days the clocks change.
 */
export function zonedInstant(date: CalendarDate, time: string, timeZone: string): Date {
  const key = `${date} ${time} ${timeZone}`;
  let epoch = instants.get(key);
  if (epoch === undefined) {
    const parts = parseCalendarDate(date);
    if (!parts) throw new RangeError(`Not a calendar date: ${date}`);
    const minutes = timeToMinutes(time);
    epoch = new TZDate(parts.year, parts.month - 1, parts.day, Math.floor(minutes / 60), minutes % 60, timeZone).getTime();
    // The zone's offset comes from Intl (some 30 µs a call); the calendar asks for the same days' midnights again and again.
    if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
    instants.set(key, epoch);
  }
  return new Date(epoch);
}

const MAX_REMEMBERED_INSTANTS = 10_000;
const instants = new Map<string, number>();

/** "08:30" → 510. Without split and map: the calendar calls it some 10,000 times a request. */
export function timeToMinutes(time: string): number {
  const colon = time.indexOf(":");
  if (colon < 0) return Number.NaN;
  return Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1));
}

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The first and the last day of the month `value` lies in. */
export function monthOf(value: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  const parts = parseCalendarDate(value);
  if (!parts) throw new RangeError(`Not a calendar date: ${value}`);
  // Day 0 of the next month is the last day of this one (December included).
  return { from: formatCalendarDate(parts.year, parts.month, 1), to: formatCalendarDate(parts.year, parts.month + 1, 0) };
}

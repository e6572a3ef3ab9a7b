import { timeToMinutes } from "./calendar-date";

/**
 * A day's opening hours with the optional lunch break (issue 29): one rule for every reader. Its own
 * small module because the booking form's client code (app/domain/slots.ts) imports it too.
 */

/** A day's opening as the rules read it: open–close, optionally less a break (all HH:mm). */
export type OpenHours = { open: string; close: string; breakFrom?: string | null; breakTo?: string | null };

/**
 * Until when work starting at `startMinutes` may go on: the break's start for a start before the
 * break, closing for one after it; null for a start outside the opening hours or in the break. The
 * one rule of the break: the slots, the booking, every move and the list after a change of the hours.
 * Without allocations: the 100-day availability asks it for every start of every day.
 */
export function openUntil(hours: OpenHours | null, startMinutes: number): number | null {
  if (!hours || startMinutes < timeToMinutes(hours.open)) return null;
  const close = timeToMinutes(hours.close);
  if (startMinutes >= close) return null;
  if (hours.breakFrom && hours.breakTo) {
    const breakFrom = timeToMinutes(hours.breakFrom);
    if (startMinutes < breakFrom) return breakFrom;
    if (startMinutes < timeToMinutes(hours.breakTo)) return null;
  }
  return close;
}

/**
 * Whether work from `time` for `durationMinutes` on a day of `hours` lies within the opening
 * hours (outside the break). A closed day holds nothing.
 */
export function withinHours(hours: OpenHours | null, time: string, durationMinutes: number): boolean {
  const start = timeToMinutes(time);
  const until = openUntil(hours, start);
  return until !== null && start + durationMinutes <= until;
}

/** The hours without their break: what 'Trotzdem eintragen' may use (the workshop works through its lunch for a caller). */
export function withoutBreak(hours: OpenHours | null): OpenHours | null {
  return hours && { open: hours.open, close: hours.close };
}

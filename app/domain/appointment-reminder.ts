import { type CalendarDate, zonedParts } from "./calendar-date";

/**
 * When a confirmed appointment's reminder e-mail is due (issue 16). Pure: the
 * caller brings the clock and the start as an instant (zonedInstant, Europe/Vienna).
 */

const HOUR_MS = 3_600_000;

/** The instant the reminder is due: `hoursBefore` (decimal) hours before the start. */
export function reminderInstant(start: Date, hoursBefore: number): Date {
  return new Date(start.getTime() - Math.round(hoursBefore * HOUR_MS));
}

/**
 * Due from its instant until the start, and only for an appointment confirmed
 * by then: one confirmed later has its confirmation, which says the same.
 */
export function appointmentReminderDue(
  { start, confirmedAt }: { start: Date; confirmedAt: Date | null },
  now: Date,
  hoursBefore: number,
): boolean {
  const due = reminderInstant(start, hoursBefore);
  return confirmedAt !== null && confirmedAt <= due && due <= now && now < start;
}

/**
 * The calendar dates (in `timeZone`) an appointment with a due reminder can
 * have: its start lies after now and at most `hoursBefore` hours ahead.
 */
export function reminderCandidateDates(now: Date, hoursBefore: number, timeZone: string): { from: CalendarDate; to: CalendarDate } {
  return {
    from: zonedParts(now, timeZone).date,
    to: zonedParts(new Date(now.getTime() + Math.round(hoursBefore * HOUR_MS)), timeZone).date,
  };
}

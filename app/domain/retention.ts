import { addDays, type CalendarDate, formatCalendarDate, parseCalendarDate, zonedParts } from "./calendar-date";

/** How long personal data is kept (GDPR storage limitation); the values live in site.retention. */
export type RetentionPolicy = {
  /** Requests never confirmed, and cancelled ones: days after the appointment date. */
  unconfirmedDaysAfterDate: number;
  /** Confirmed appointments: months after the appointment date. */
  confirmedMonthsAfterDate: number;
  /** Contact messages: months after they arrived. */
  contactMessagesMonths: number;
  /**
   * §57a reminders (issue 16): a withdrawn consent, months after its withdrawal
   * (the proof of what was agreed, and of its end); each reminder e-mail in the
   * outbox, months after it was queued.
   */
  inspectionReminderMonths: number;
};

export type RetentionCutoffs = {
  /** Unconfirmed or cancelled appointments dated before this day are deleted. */
  unconfirmedBefore: CalendarDate;
  /** Confirmed appointments dated before this day are deleted. */
  confirmedBefore: CalendarDate;
  /** Contact messages received before this instant are deleted. */
  contactReceivedBefore: Date;
  /** Consents withdrawn, and §57a reminder e-mails queued, before this instant are deleted (anonymised). */
  inspectionRemindersBefore: Date;
};

/** The same day `months` earlier; the 31st becomes the last day of a shorter month. */
export function subtractMonths(value: CalendarDate, months: number): CalendarDate {
  const parts = parseCalendarDate(value);
  if (!parts) throw new RangeError(`Not a calendar date: ${value}`);
  const monthIndex = parts.year * 12 + (parts.month - 1) - months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return formatCalendarDate(year, month, Math.min(parts.day, lastDay));
}

/**
 * The cut-off points for `now`. Appointment dates are workshop dates, so "today"
 * is today in the workshop's time zone; a record is due once its full period has
 * passed (an unconfirmed request for 1 March goes on 1 April's run: 31 days).
 */
export function retentionCutoffs(now: Date, policy: RetentionPolicy, timeZone: string): RetentionCutoffs {
  const today = zonedParts(now, timeZone).date;
  return {
    unconfirmedBefore: addDays(today, -policy.unconfirmedDaysAfterDate),
    confirmedBefore: subtractMonths(today, policy.confirmedMonthsAfterDate),
    contactReceivedBefore: instantMonthsBefore(now, policy.contactMessagesMonths),
    inspectionRemindersBefore: instantMonthsBefore(now, policy.inspectionReminderMonths),
  };
}

/** The same instant `months` earlier (UTC calendar). */
function instantMonthsBefore(now: Date, months: number): Date {
  const day = subtractMonths(now.toISOString().slice(0, 10), months);
  return new Date(`${day}T${now.toISOString().slice(11)}`);
}

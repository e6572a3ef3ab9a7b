/**
 * The §57a inspection ("Pickerl") of a car in Austria, by the 3-2-1 rule:
 * first due 3 years after the first registration, then 2 years later, then
 * every year – always in the month of the first registration. Months are
 * "yyyy-MM" strings; pure, the caller brings today's month (Europe/Vienna).
 */

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Years after the first registration of the first and the second inspection; yearly after the second. */
const FIRST_INSPECTION_YEARS = 3;
const SECOND_INSPECTION_YEARS = 5;

function monthParts(month: string): { year: number; month: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a month (yyyy-MM): ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

function formatMonth(year: number, month: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/** The month `months` after `month` (negative: before). */
export function addMonths(month: string, months: number): string {
  const parts = monthParts(month);
  const index = parts.year * 12 + (parts.month - 1) + months;
  return formatMonth(Math.floor(index / 12), (index % 12) + 1);
}

/** Whether an inspection of a car first registered in `firstRegistration` is due in `month`. */
export function isInspectionDueMonth(firstRegistration: string, month: string): boolean {
  const registered = monthParts(firstRegistration);
  const candidate = monthParts(month);
  if (candidate.month !== registered.month) return false;
  const years = candidate.year - registered.year;
  return years === FIRST_INSPECTION_YEARS || years >= SECOND_INSPECTION_YEARS;
}

/**
 * The due month a reminder sent in `currentMonth` is about: the reminder goes
 * out in the month before the inspection is due, so this is next month when
 * an inspection falls due then, else null.
 */
export function inspectionReminderDueMonth(firstRegistration: string, currentMonth: string): string | null {
  const next = addMonths(currentMonth, 1);
  return isInspectionDueMonth(firstRegistration, next) ? next : null;
}

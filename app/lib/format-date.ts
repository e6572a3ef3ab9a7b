import { format, isValid } from "date-fns";
import { de } from "date-fns/locale";

const DISPLAY_PATTERN = "dd.MM.yyyy";
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Formats a calendar date the Austrian way, e.g. "01.12.2026".
 *
 * A string must be a plain calendar date (yyyy-MM-dd, as stored in the
 * database); it is read as that calendar day, never shifted by a time zone.
 * A Date is formatted in the runtime's local zone, so callers that hold an
 * instant should convert it to Europe/Vienna first (e.g. with @date-fns/tz).
 */
export function formatDateDE(date: Date | string): string {
  const value = typeof date === "string" ? parseIsoDate(date) : date;
  if (!isValid(value)) throw new RangeError(`Ungültiges Datum: ${String(date)}`);
  // A valid calendar date's own digits: the planner formats hundreds a page (date-fns' format is the cost).
  if (typeof date === "string") return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
  return format(value, DISPLAY_PATTERN, { locale: de });
}

/** Reads a yyyy-MM-dd string as a local calendar day; anything else (2026-02-30 too) is invalid. */
export function parseIsoDate(value: string): Date {
  if (!ISO_DATE_PATTERN.test(value)) return new Date(Number.NaN);
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const parsed = new Date(2000, month - 1, day);
  parsed.setFullYear(year, month - 1, day);
  return parsed.getFullYear() === year && parsed.getMonth() === month - 1 && parsed.getDate() === day ? parsed : new Date(Number.NaN);
}

/** Formats a yyyy-MM-dd string as dd.MM.yyyy ("2026-12-01" → "01.12.2026"). */
export function formatIsoDateDE(value: string): string {
  return formatDateDE(value);
}

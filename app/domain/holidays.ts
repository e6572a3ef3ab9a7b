import { addDays, type CalendarDate, formatCalendarDate } from "./calendar-date";

/**
 * The 13 statutory public holidays of Austria (Feiertagsruhegesetz §7).
 * Good Friday is not one of them (only for some churches since 2019).
 */
export type Holiday = { date: CalendarDate; name: string };

const fixedHolidays: Array<{ month: number; day: number; name: string }> = [
  { month: 1, day: 1, name: "Neujahr" },
  { month: 1, day: 6, name: "Heilige Drei Könige" },
  { month: 5, day: 1, name: "Staatsfeiertag" },
  { month: 8, day: 15, name: "Mariä Himmelfahrt" },
  { month: 10, day: 26, name: "Nationalfeiertag" },
  { month: 11, day: 1, name: "Allerheiligen" },
  { month: 12, day: 8, name: "Mariä Empfängnis" },
  { month: 12, day: 25, name: "Christtag" },
  { month: 12, day: 26, name: "Stefanitag" },
];

/** Days after Easter Sunday. */
const movableHolidays: Array<{ offset: number; name: string }> = [
  { offset: 1, name: "Ostermontag" },
  { offset: 39, name: "Christi Himmelfahrt" },
  { offset: 50, name: "Pfingstmontag" },
  { offset: 60, name: "Fronleichnam" },
];

/** Easter Sunday in the Gregorian calendar (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatCalendarDate(year, month, day);
}

const cache = new Map<number, Holiday[]>();

/** The statutory holidays of `year`, sorted by date. */
export function austrianHolidays(year: number): Holiday[] {
  let holidays = cache.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    holidays = [
      ...fixedHolidays.map(({ month, day, name }) => ({ date: formatCalendarDate(year, month, day), name })),
      ...movableHolidays.map(({ offset, name }) => ({ date: addDays(easter, offset), name })),
    ].sort((x, y) => x.date.localeCompare(y.date));
    cache.set(year, holidays);
  }
  return holidays;
}

/** The holiday's name when `date` is a statutory holiday, else undefined. */
export function austrianHolidayName(date: CalendarDate): string | undefined {
  const year = Number(date.slice(0, 4));
  return austrianHolidays(year).find((holiday) => holiday.date === date)?.name;
}

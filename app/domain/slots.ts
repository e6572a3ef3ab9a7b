import { site, type Weekday } from "~/config/site";
import {
  addDays,
  type CalendarDate,
  daysBetween,
  minutesToTime,
  parseCalendarDate,
  timeToMinutes,
  weekday,
  zonedParts,
} from "./calendar-date";
import { type Closure, dayClosure } from "./closures";
import { austrianHolidayName } from "./holidays";
import { type OpenHours, openUntil, withinHours, withoutBreak } from "./opening-hours";
import type { WorkshopFacts } from "./workshop";

/**
 * Opening hours → bookable slots. Pure: the caller passes `now`; every rule is
 * evaluated in the workshop's time zone, whatever the process's TZ is.
 */
export type SlotRules = {
  timeZone: string;
  /** Per weekday: closed (null), or open–close with an optional lunch break no appointment may overlap. */
  openingHours: Record<Weekday, OpenHours | null>;
  slotMinutes: number;
  lastStartBeforeCloseMinutes: number;
  leadTimeMinutes: number;
  horizonDays: number;
  /** The owner's closures (whole days, or from a time on their first day). */
  closures: ReadonlyArray<Closure>;
};

/**
 * What the slot rules hold whatever the facts: the time zone, the slot grid and the last start
 * before closing. The rest is the owner's (`slotRulesOf`); no default of it here (issue 29).
 */
const fixedRules = {
  timeZone: site.timeZone,
  slotMinutes: site.booking.slotMinutes,
  lastStartBeforeCloseMinutes: site.booking.lastStartBeforeCloseMinutes,
} as const;

/** What the slot rules read of the workshop's facts: the hours (with breaks), the lead time and the horizon. */
export type SlotFacts = {
  hours: WorkshopFacts["hours"];
  bookingRules: Pick<WorkshopFacts["bookingRules"], "leadTimeMinutes" | "horizonDays">;
};

/** The slot rules of the workshop's facts (issue 29): its hours with their breaks, its lead time and horizon. */
export function slotRulesOf(facts: SlotFacts): SlotRules {
  return {
    ...fixedRules,
    openingHours: facts.hours,
    leadTimeMinutes: facts.bookingRules.leadTimeMinutes,
    horizonDays: facts.bookingRules.horizonDays,
    // The owner keeps them in the database; the services add them per request (decision 018).
    closures: [],
  };
}

/** The rules with every lunch break open: 'Trotzdem eintragen' on the board may place work into it (decision 043's override). */
export function withoutBreaks(rules: SlotRules): SlotRules {
  const openingHours = Object.fromEntries(Object.entries(rules.openingHours).map(([day, hours]) => [day, withoutBreak(hours)]));
  return { ...rules, openingHours: openingHours as SlotRules["openingHours"] };
}

export type Slot = { time: string; bookable: boolean };

/**
 * Why no appointment can be requested on a day, as a code with the facts its words need
 * (app/messages.ts, unavailableDayMessage): the past, beyond the horizon, a statutory holiday, an
 * owner's closure, a weekday without opening hours; for the calendar also today after the last
 * bookable start, or every start time taken.
 */
export type UnavailableDay =
  | { code: "past" }
  | { code: "beyond-horizon"; horizonDays: number }
  | { code: "holiday"; name: string }
  | { code: "closure"; name: string }
  | { code: "weekday-closed"; weekday: Weekday }
  | { code: "too-late-today" }
  | { code: "fully-booked" };

/** Why a day is closed all day, whatever the time of the request. */
export type ClosedDay = Extract<UnavailableDay, { code: "holiday" | "closure" | "weekday-closed" }>;

export type DaySchedule =
  | { date: CalendarDate; open: true; slots: Slot[] }
  | { date: CalendarDate; open: false; reason: Exclude<UnavailableDay, { code: "too-late-today" | "fully-booked" }>; slots: [] };

/** Slot start times on a weekday, ignoring dates and `now`: none in the lunch break. */
export function slotTimesForWeekday(day: Weekday, rules: SlotRules): string[] {
  const hours = rules.openingHours[day];
  if (!hours) return [];
  const times: string[] = [];
  const lastStart = timeToMinutes(hours.close) - rules.lastStartBeforeCloseMinutes;
  for (let minutes = timeToMinutes(hours.open); minutes <= lastStart; minutes += rules.slotMinutes) {
    if (openUntil(hours, minutes) !== null) times.push(minutesToTime(minutes));
  }
  return times;
}

/** Every start time any day can have, sorted (the no-JavaScript time select). */
export function allSlotTimes(rules: SlotRules): string[] {
  const all = new Set<string>();
  for (let day = 0; day < 7; day++) {
    for (const time of slotTimesForWeekday(day as Weekday, rules)) all.add(time);
  }
  return [...all].sort();
}

/**
 * The start times a form without JavaScript lists for a visit of `durationMinutes` (issue 29): those
 * whose work ends by closing and clear of the lunch break. On `on.date` that day's, from the lead time
 * after `on.now` on and before a closure that starts that day; without a day, or when the day offers
 * none (closed, past, beyond the horizon), every such start of any weekday, so that the form still
 * serves the visitor who picks another day. The server checks the chosen one (checkSlot).
 */
export function startTimesFor(rules: SlotRules, durationMinutes: number, on?: { date: CalendarDate; now: Date }): string[] {
  if (on && parseCalendarDate(on.date)) {
    const day = daySchedule(on.date, on.now, rules);
    const times = day.slots.filter((slot) => slot.bookable && endsInOpenHours(on.date, slot.time, durationMinutes, rules));
    if (times.length > 0) return times.map((slot) => slot.time);
  }
  const all = new Set<string>();
  for (let day = 0; day < 7; day++) {
    const hours = rules.openingHours[day as Weekday];
    for (const time of slotTimesForWeekday(day as Weekday, rules)) if (withinHours(hours, time, durationMinutes)) all.add(time);
  }
  return [...all].sort();
}

/** Today in the workshop's zone and the last date that can be requested. */
export function bookingWindow(now: Date, rules: SlotRules): { today: CalendarDate; lastDate: CalendarDate } {
  const today = zonedParts(now, rules.timeZone).date;
  return { today, lastDate: addDays(today, rules.horizonDays) };
}

/**
 * Why a date is closed all day regardless of `now`, or undefined when the
 * workshop opens (a closure from a time only shortens the day: `closingMinutes`).
 */
export function closureReason(date: CalendarDate, rules: SlotRules): ClosedDay | undefined {
  // A named closure says more than "Sonntag geschlossen" when both apply.
  const holiday = austrianHolidayName(date);
  if (holiday) return { code: "holiday", name: holiday };
  const closure = dayClosure(date, rules.closures);
  if (closure?.fromMinutes === null) return { code: "closure", name: closure.name };
  const day = weekday(date) as Weekday;
  return rules.openingHours[day] ? undefined : { code: "weekday-closed", weekday: day };
}

/**
 * When the day's work must end: closing time, or earlier when a closure starts
 * that day (24 December from 12:00); null on a day without opening hours.
 */
function closingMinutes(date: CalendarDate, rules: SlotRules): number | null {
  const hours = rules.openingHours[weekday(date) as Weekday];
  if (!hours) return null;
  const closure = dayClosure(date, rules.closures);
  return Math.min(timeToMinutes(hours.close), closure?.fromMinutes ?? Infinity);
}

/**
 * "Now" as the rules see it, computed once per request: today's date in the
 * workshop's zone and the earliest wall-clock start the lead time allows.
 * Comparing wall-clock times is exact here: no slot lies in the hour a DST
 * change skips or repeats (02:00–03:00), and wall-clock order equals time order outside it.
 */
type Clock = { today: CalendarDate; earliest: { date: CalendarDate; minutes: number } };

function clockAt(now: Date, rules: SlotRules): Clock {
  return {
    today: zonedParts(now, rules.timeZone).date,
    earliest: zonedParts(new Date(now.getTime() + rules.leadTimeMinutes * 60_000), rules.timeZone),
  };
}

function scheduleFor(date: CalendarDate, clock: Clock, rules: SlotRules): DaySchedule {
  const closed = (reason: (DaySchedule & { open: false })["reason"]): DaySchedule => ({ date, open: false, reason, slots: [] });
  const ahead = daysBetween(clock.today, date);
  if (ahead < 0) return closed({ code: "past" });
  if (ahead > rules.horizonDays) return closed({ code: "beyond-horizon", horizonDays: rules.horizonDays });
  const reason = closureReason(date, rules);
  if (reason) return closed(reason);

  const { earliest } = clock;
  // A closure from a time takes the slots starting at or after it; if it takes them all the day is closed with its name.
  const closure = dayClosure(date, rules.closures);
  const times = slotTimesForWeekday(weekday(date) as Weekday, rules).filter(
    (time) => closure?.fromMinutes == null || timeToMinutes(time) < closure.fromMinutes,
  );
  if (times.length === 0 && closure) return closed({ code: "closure", name: closure.name });
  const slots = times.map((time) => ({
    time,
    bookable: date > earliest.date || (date === earliest.date && timeToMinutes(time) >= earliest.minutes),
  }));
  return { date, open: true, slots };
}

export function daySchedule(date: CalendarDate, now: Date, rules: SlotRules): DaySchedule {
  if (!parseCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return scheduleFor(date, clockAt(now, rules), rules);
}

/** The schedules of every date from `from` to `to` (inclusive). */
export function daySchedules(from: CalendarDate, to: CalendarDate, now: Date, rules: SlotRules): DaySchedule[] {
  if (!parseCalendarDate(from) || !parseCalendarDate(to)) throw new RangeError(`Not a date range: ${from}–${to}`);
  const clock = clockAt(now, rules);
  return Array.from({ length: Math.max(0, daysBetween(from, to) + 1) }, (_, index) => scheduleFor(addDays(from, index), clock, rules));
}

/** The day's closing as 'HH:MM' (earlier when a closure starts that day), null on a day without opening hours. */
export function closingTime(date: CalendarDate, rules: SlotRules): string | null {
  const close = closingMinutes(date, rules);
  return close === null ? null : minutesToTime(close);
}

/**
 * By when work starting at `time` on `date` must end: the lunch break's start when it starts before
 * the break, else closing time, and before a closure that starts that day; null for a start outside
 * the opening hours or in the break.
 */
function endLimitMinutes(date: CalendarDate, time: string, rules: SlotRules): number | null {
  const until = openUntil(rules.openingHours[weekday(date) as Weekday] ?? null, timeToMinutes(time));
  if (until === null) return null;
  return Math.min(until, dayClosure(date, rules.closures)?.fromMinutes ?? Infinity);
}

/**
 * Whether a booking of `durationMinutes` from `time` on `date` lies in the opening hours: it ends by
 * closing time, before a closure that starts that day, and does not overlap the lunch break.
 */
export function endsInOpenHours(date: CalendarDate, time: string, durationMinutes: number, rules: SlotRules): boolean {
  const limit = endLimitMinutes(date, time, rules);
  return limit !== null && timeToMinutes(time) + durationMinutes <= limit;
}

export type SlotField = "date" | "time";

/**
 * Why a start time cannot be requested, with the facts its words need (app/messages.ts,
 * slotProblemMessage): the day is unavailable, a closure starts earlier that day, no slot starts
 * then (before opening, after the last start, in the lunch break), the service would end after
 * closing or run into the lunch break (`closing` is then the break's start: the same refusal as
 * work past closing time), or it starts within the lead time.
 */
export type SlotProblem =
  | { code: "day-unavailable"; date: CalendarDate; day: (DaySchedule & { open: false })["reason"] }
  | { code: "closed-from"; from: string; name: string }
  | { code: "no-start"; time: string }
  | { code: "ends-after-closing"; time: string; durationMinutes: number; closing: string }
  | { code: "ends-in-break"; time: string; durationMinutes: number; breakFrom: string; breakTo: string }
  | { code: "too-soon"; leadTimeMinutes: number };

export type SlotCheck = { ok: true } | { ok: false; field: SlotField; problem: SlotProblem };

/**
 * Whether `date` at `time` can be requested at `now` for a service of
 * `durationMinutes` (one slot unless given), with the field and the problem if not.
 */
export function checkSlot(date: CalendarDate, time: string, now: Date, rules: SlotRules, durationMinutes = rules.slotMinutes): SlotCheck {
  const schedule = daySchedule(date, now, rules);
  if (!schedule.open) return { ok: false, field: "date", problem: { code: "day-unavailable", date, day: schedule.reason } };
  const slot = schedule.slots.find((s) => s.time === time);
  const closure = dayClosure(date, rules.closures);
  if (!slot && closure?.fromMinutes != null && timeToMinutes(time) >= closure.fromMinutes) {
    return { ok: false, field: "time", problem: { code: "closed-from", from: minutesToTime(closure.fromMinutes), name: closure.name } };
  }
  if (!slot) return { ok: false, field: "time", problem: { code: "no-start", time } };
  if (!endsInOpenHours(date, time, durationMinutes, rules)) {
    const limit = minutesToTime(endLimitMinutes(date, time, rules)!);
    const hours = rules.openingHours[weekday(date) as Weekday];
    // Work that would run into the lunch break is refused as such, not as 'after closing' at noon.
    if (hours?.breakFrom && hours.breakTo && limit === hours.breakFrom) {
      return {
        ok: false,
        field: "time",
        problem: { code: "ends-in-break", time, durationMinutes, breakFrom: hours.breakFrom, breakTo: hours.breakTo },
      };
    }
    return { ok: false, field: "time", problem: { code: "ends-after-closing", time, durationMinutes, closing: limit } };
  }
  if (!slot.bookable) return { ok: false, field: "time", problem: { code: "too-soon", leadTimeMinutes: rules.leadTimeMinutes } };
  return { ok: true };
}

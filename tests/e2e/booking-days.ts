/**
 * The days the browser tests book on. Two workers run spec files side by side on one server, so a spec that
 * closes a day or books a day full owns that day (OWN_DAYS) and every other search for a free slot skips it;
 * two searches that find the same free slot at once are told 'slot-taken' (409) and the later one looks again.
 */
import { type APIRequestContext, expect } from "@playwright/test";
import { site } from "../../app/config/site";
import { addDays, weekday } from "../../app/domain/calendar-date";
import { defaultClosures } from "../../app/domain/closures";
import { bookingWindow, closureReason, type SlotRules } from "../../app/domain/slots";
import { siteSlotRules } from "../support/slot-rules";

export type Slot = { date: string; time: string };

/** The rules of the e2e server: a fresh database, so the closures are the defaults its first start entered (decision 018). */
const thisYear = new Date().getFullYear();
export const serverRules: SlotRules = {
  ...siteSlotRules,
  closures: defaultClosures([thisYear, thisYear + 1], { yearly: site.booking.closures, ranges: site.booking.companyHolidays }),
};

/** Today in the workshop's time zone. */
export const today = bookingWindow(new Date(), siteSlotRules).today;

/** The date `days` days after today. */
export const daysAhead = (days: number) => addDays(today, days);

/** Monday to Friday and open all day by the server's rules. */
export function isWorkday(date: string): boolean {
  return weekday(date) >= 1 && weekday(date) <= 5 && closureReason(date, serverRules) === undefined;
}

function firstWorkdayFrom(days: number): string {
  let date = daysAhead(days);
  while (!isWorkday(date)) date = addDays(date, 1);
  return date;
}

/** Days that one spec changes for everybody: nobody else books on them. */
export const OWN_DAYS = {
  /** booking.spec.ts books every slot of it for the day picker's 'fully booked' day. */
  fullyBooked: firstWorkdayFrom(7),
  /** closures.spec.ts closes it and cancels what it covers. */
  closure: firstWorkdayFrom(21),
  /** workshop.spec.ts sends every mechanic away on it. */
  absence: firstWorkdayFrom(28),
  /** waitlist.spec.ts books it full and joins its waiting list (issue 28). */
  waitlist: firstWorkdayFrom(35),
  /** several-services.spec.ts books a visit of two services at 09:00 on it and expects that hour free. */
  severalServices: firstWorkdayFrom(45),
  /** planner-moves.spec.ts enters, fills and moves appointments on it (issue 28). */
  plannerMoves: firstWorkdayFrom(52),
};

const ownDays = new Set<string>(Object.values(OWN_DAYS));

const serviceQuery = (service?: string) => (service ? `&service=${encodeURIComponent(service)}` : "");

/** The days from `from` to `to` days ahead with a free start (for `service`), in date order, without the days specs own. */
export async function bookableDays(request: APIRequestContext, from: number, to: number, service?: string): Promise<string[]> {
  const response = await request.get(`/api/v1/availability?from=${daysAhead(from)}&to=${daysAhead(to)}${serviceQuery(service)}`);
  const { days } = (await response.json()) as { days: Array<{ date: string; available: boolean }> };
  return days.filter((day) => day.available && !ownDays.has(day.date)).map((day) => day.date);
}

/** The free start times of `date` (for `service`), in time order. */
export async function freeTimes(request: APIRequestContext, date: string, service?: string): Promise<string[]> {
  const response = await request.get(`/api/v1/slots?date=${date}${serviceQuery(service)}`);
  const { slots } = (await response.json()) as { slots: Array<{ time: string; available: boolean }> };
  return slots.filter((slot) => slot.available).map((slot) => slot.time);
}

/**
 * Books `data` through the public API, as a customer's browser sends it, on the slot `find` returns; when the
 * other worker booked that slot first, on the next one `find` returns. Answers the slot and the appointment's id.
 */
export async function bookFreeSlot(
  request: APIRequestContext,
  baseURL: string,
  data: Record<string, string>,
  find: () => Promise<Slot>,
): Promise<Slot & { id: string }> {
  for (let attempt = 1; ; attempt++) {
    const slot = await find();
    const response = await request.post("/api/v1/appointments", { headers: { Origin: baseURL }, data: { ...data, ...slot } });
    const answer = (await response.json()) as { id?: string; code?: string };
    if (response.status() === 409 && answer.code === "slot-taken" && attempt < 5) continue;
    expect(response.status(), JSON.stringify(answer)).toBe(201);
    return { ...slot, id: answer.id! };
  }
}

/**
 * Books every start of `date` (a day the spec owns) through the API until no lift or mechanic is left for it
 * (the workshop has several, issue 27): the day is fully booked. The e2e server runs with BOOKING_RATE_LIMIT=0;
 * distinct e-mails keep below the open-requests-per-address limit.
 */
export async function bookDayFull(request: APIRequestContext, baseURL: string, date: string, name: string): Promise<void> {
  for (const time of await freeTimes(request, date)) {
    for (let stored = 0; ; stored++) {
      const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.at`;
      const response = await request.post("/api/v1/appointments", {
        headers: { Origin: baseURL },
        data: { name, email, phone: "0660 1112233", service: "Wartung", date, time },
      });
      if (response.status() === 409 && stored > 0) break;
      expect(response.status(), await response.text()).toBe(201);
    }
  }
}

import { expect } from "vitest";
import { addDays, daysBetween } from "~/domain/calendar-date";
import { bookingWindow } from "~/domain/slots";
import { siteSlotRules } from "./slot-rules";

/** German user-facing error text: a German word or umlaut, and none of the usual English library messages. */
export function expectGermanError(body: unknown, context: string) {
  expect(body, context).toMatchObject({ error: expect.any(String) });
  const error = (body as { error: string }).error;
  expect(error, context).toMatch(/[äöüßÄÖÜ]|\b(Bitte|Sie|Ihre|nicht|ist|zu|ein|eine|Anfrage|Daten|Passwort|Versuche)\b/);
  expect(error, context).not.toMatch(/\b(Invalid|expected|Unexpected|undefined|Error|required|received)\b/);
}

export type Reply = { status: number; body: unknown; text: string };

export async function post(origin: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", ...headers },
    body,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text };
}

/**
 * The first bookable slots the server offers from tomorrow on (the workshop's
 * calendar, relative to the real clock, like the server), from GET /api/v1/slots.
 */
export async function bookableSlots(origin: string, wanted: number): Promise<{ date: string; time: string }[]> {
  const slots: { date: string; time: string }[] = [];
  const { today, lastDate } = bookingWindow(new Date(), siteSlotRules);
  for (let offset = 1; offset <= daysBetween(today, lastDate) && slots.length < wanted; offset++) {
    const date = addDays(today, offset);
    const response = await fetch(`${origin}/api/v1/slots?date=${date}`);
    const data = (await response.json()) as { slots?: { time: string; available: boolean }[] };
    for (const slot of data.slots ?? []) {
      if (slot.available && slots.length < wanted) slots.push({ date, time: slot.time });
    }
  }
  return slots;
}

/**
 * `count` free slots of one day: the first day from tomorrow on that the
 * server reports available (GET /api/v1/availability, then /api/v1/slots).
 */
export async function freeSlotsOfOneDay(origin: string, count: number): Promise<{ date: string; time: string }[]> {
  const { today } = bookingWindow(new Date(), siteSlotRules);
  const response = await fetch(`${origin}/api/v1/availability?from=${addDays(today, 1)}&to=${addDays(today, 30)}`);
  const { days } = (await response.json()) as { days: Array<{ date: string; available: boolean }> };
  for (const { date } of days.filter((day) => day.available)) {
    const data = (await (await fetch(`${origin}/api/v1/slots?date=${date}`)).json()) as {
      slots: Array<{ time: string; available: boolean }>;
    };
    const free = data.slots.filter((slot) => slot.available);
    if (free.length >= count) return free.slice(0, count).map((slot) => ({ date, time: slot.time }));
  }
  throw new Error(`no day in the next 30 with ${count} free slots`);
}

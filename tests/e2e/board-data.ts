// Appointments for the admin board's browser tests, booked as customers book them.
import type { APIRequestContext, Page } from "@playwright/test";
import { bookableDays, bookFreeSlot, freeTimes, type Slot } from "./booking-days";

/** The first free start of the latest day with one, 30 to 90 days ahead: far from the public booking specs' days. */
async function slotFarAhead(request: APIRequestContext): Promise<Slot> {
  for (const date of (await bookableDays(request, 30, 90)).reverse()) {
    const [time] = await freeTimes(request, date);
    if (time) return { date, time };
  }
  throw new Error("no free slot 30 to 90 days ahead");
}

/** A unique run tag ("E2E…") and phone digits derived from it. */
export function newTag(): string {
  return `E2E${Date.now()}`;
}
export const phoneDigits = (tag: string) => tag.slice(-6);

/**
 * Real requests through the booking API, as a customer's browser sends them, with `extra` fields on each
 * (e.g. the car); returns the booked slots.
 */
export async function bookAppointments(
  request: APIRequestContext,
  baseURL: string,
  names: string[],
  tag: string,
  extra: Record<string, string> = {},
) {
  const slots: Slot[] = [];
  for (const [index, name] of names.entries()) {
    const data = {
      name,
      email: `${tag.toLowerCase()}-${index}@example.at`,
      phone: `0664 ${phoneDigits(tag)}${index}`,
      service: "Wartung",
      message: "E2E",
      ...extra,
    };
    const { date, time } = await bookFreeSlot(request, baseURL, data, () => slotFarAhead(request));
    slots.push({ date, time });
  }
  return slots;
}

/** The admin navigation; on a phone it is behind 'Menü' (issue 26), which this opens first. */
export async function adminNavigation(page: Page) {
  const menu = page.locator("summary").filter({ hasText: "Menü" });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("navigation", { name: "Admin-Bereich" });
}

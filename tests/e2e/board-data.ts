// Appointments for the admin board's browser tests (admin.spec.ts, admin-phone.spec.ts), booked as customers book them.
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

function viennaToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vienna" }).format(new Date());
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Free slots from the public API, far enough ahead that other specs' bookings do not collide. */
async function freeSlots(request: APIRequestContext, count: number): Promise<{ date: string; time: string }[]> {
  const today = viennaToday();
  const response = await request.get(`/api/v1/availability?from=${addDays(today, 30)}&to=${addDays(today, 90)}`);
  const { days } = (await response.json()) as { days: { date: string; available: boolean }[] };
  const found: { date: string; time: string }[] = [];
  for (const day of days.filter((d) => d.available).reverse()) {
    const slots = (await (await request.get(`/api/v1/slots?date=${day.date}`)).json()) as {
      slots: { time: string; available: boolean }[];
    };
    for (const slot of slots.slots.filter((s) => s.available)) {
      found.push({ date: day.date, time: slot.time });
      if (found.length === count) return found;
    }
  }
  throw new Error("not enough free slots");
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
  const slots = await freeSlots(request, names.length);
  for (const [index, name] of names.entries()) {
    const response = await request.post("/api/v1/appointments", {
      headers: { Origin: baseURL },
      data: {
        name,
        email: `${tag.toLowerCase()}-${index}@example.at`,
        phone: `0664 ${phoneDigits(tag)}${index}`,
        date: slots[index]!.date,
        time: slots[index]!.time,
        service: "Wartung",
        message: "E2E",
        ...extra,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return slots;
}

/** The admin navigation; on a phone it is behind 'Menü' (issue 26), which this opens first. */
export async function adminNavigation(page: Page) {
  const menu = page.locator("summary").filter({ hasText: "Menü" });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole("navigation", { name: "Admin-Bereich" });
}

/** axe-core over the whole page as it is now (open dialogs included). */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

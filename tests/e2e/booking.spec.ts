import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const SUCCESS_TITLE = "Termin beantragt";
const SUCCESS_TEXT = "Ihr Termin wurde erfolgreich beantragt. Wir werden uns bald bei Ihnen melden.";
const MISSING_TEXT = "Bitte füllen Sie alle Pflichtfelder aus.";

type Slot = { date: string; time: string };

function viennaToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vienna" }).format(new Date());
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/**
 * The server runs with today's real date: take a free slot from the API (from
 * tomorrow on, so the lead time never interferes). `skip` picks a later one.
 */
async function freeSlot(request: APIRequestContext, skip = 0): Promise<Slot> {
  const today = viennaToday();
  const availability = await request.get(`/api/v1/availability?from=${addDays(today, 1)}&to=${addDays(today, 60)}`);
  const { days } = (await availability.json()) as { days: Array<{ date: string; available: boolean }> };
  let seen = 0;
  for (const day of days.filter((d) => d.available)) {
    const response = await request.get(`/api/v1/slots?date=${day.date}`);
    const { slots } = (await response.json()) as { slots: Array<{ time: string; available: boolean }> };
    for (const slot of slots.filter((s) => s.available)) {
      if (seen++ === skip) return { date: day.date, time: slot.time };
    }
  }
  throw new Error("no free slot in the next 60 days");
}

async function isAvailable(request: APIRequestContext, { date, time }: Slot): Promise<boolean> {
  const response = await request.get(`/api/v1/slots?date=${date}`);
  const { slots } = (await response.json()) as { slots: Array<{ time: string; available: boolean }> };
  return slots.find((slot) => slot.time === time)!.available;
}

function germanDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}.${month}.${year}`;
}

function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.at`;
}

/** Clicks the day in the German day picker, paging forward month by month. */
async function pickDate(page: Page, date: string) {
  const booking = page.locator("#booking");
  // The day picker replaces the native date input once the page is hydrated.
  await expect(booking.locator(".rdp-root")).toBeVisible();
  const day = booking.getByRole("button", { name: new RegExp(germanDate(date).replace(/\./g, "\\.")) });
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) {
    await booking.getByRole("button", { name: "Nächster Monat" }).click();
  }
  await day.click();
  await expect(booking.getByText(`Gewählter Tag:`)).toContainText(germanDate(date));
}

async function fillContact(page: Page, email: string) {
  await page.locator('input[name="booking-name"]').fill("Erika Musterfrau");
  await page.locator('input[name="booking-email"]').fill(email);
  await page.locator('input[name="booking-phone"]').fill("+43 660 1234567");
  await page.locator('select[name="booking-service"]').selectOption("§57a Überprüfung");
  await page.locator('textarea[name="booking-message"]').fill("Bitte Pickerl prüfen.");
}

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

test.describe("booking with JavaScript", () => {
  test("a full booking: date, time, service, contact data → toast, form reset, slot taken", async ({ page, request }) => {
    const slot = await freeSlot(request);
    await page.goto("/#booking");
    const booking = page.locator("section#booking");
    await expect(booking.getByRole("heading", { name: "Termin vereinbaren" })).toBeVisible();
    await expect(booking.getByText("Verfügbare Termine")).toBeVisible();
    await expect(booking.getByText("Ihre Kontaktdaten")).toBeVisible();
    await expect(booking.getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute("href", "/datenschutz");
    // The calendar is German and starts on Monday.
    await expect(booking.locator(".rdp-weekday").first()).toHaveText("Mo");

    await pickDate(page, slot.date);
    const timeSelect = page.locator('select[name="booking-time"]');
    await expect(timeSelect.locator(`option[value="${slot.time}"]`)).toHaveCount(1);
    await timeSelect.selectOption(slot.time);
    const email = uniqueEmail();
    await fillContact(page, email);

    const submit = booking.getByRole("button", { name: "Termin beantragen" });
    await submit.click();
    await expect(toast(page, SUCCESS_TITLE)).toContainText(SUCCESS_TEXT);

    // Reset: contact data, date, time and service.
    await expect(page.locator('input[name="booking-name"]')).toHaveValue("");
    await expect(page.locator('input[name="booking-email"]')).toHaveValue("");
    await expect(page.locator('select[name="booking-service"]')).toHaveValue("");
    await expect(timeSelect).toHaveValue("");
    await expect(booking.getByText("Noch kein Tag gewählt.")).toBeVisible();

    // The row exists: the slot is no longer offered.
    expect(await isAvailable(request, slot)).toBe(false);
    await pickDate(page, slot.date);
    await expect(timeSelect.locator(`option[value="${slot.time}"]`)).toHaveCount(0);
  });

  test("the submit button reads 'Wird gesendet...' and is disabled while sending", async ({ page, request }) => {
    const slot = await freeSlot(request);
    await page.goto("/#booking");
    await pickDate(page, slot.date);
    await page.locator('select[name="booking-time"]').selectOption(slot.time);
    await fillContact(page, uniqueEmail());
    // Hold the request so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/v1/appointments", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("#booking").getByRole("button", { name: "Termin beantragen" }).click();
    const sending = page.locator("#booking").getByRole("button", { name: "Wird gesendet..." });
    await expect(sending).toBeDisabled();
    release();
    await expect(toast(page, SUCCESS_TITLE)).toBeVisible();
    await expect(page.locator("#booking").getByRole("button", { name: "Termin beantragen" })).toBeEnabled();
  });

  test("missing fields: toast 'Fehler' / 'Bitte füllen Sie alle Pflichtfelder aus.' and nothing is sent", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST") posts.push(req.url());
    });
    await page.goto("/#booking");
    await expect(page.locator(".rdp-root")).toBeVisible();
    await page.locator('input[name="booking-name"]').fill("Erika Musterfrau");
    await page.locator('input[name="booking-email"]').fill(uniqueEmail());
    await page.locator('input[name="booking-phone"]').fill("0660 1234567");
    await page.locator("#booking").getByRole("button", { name: "Termin beantragen" }).click();

    const error = toast(page, "Fehler");
    await expect(error).toContainText(MISSING_TEXT);
    await expect(page.locator("#booking-service-error")).toHaveText("Bitte wählen Sie eine Leistung aus.");
    await expect(page.locator("#booking-date-error")).toHaveText("Bitte wählen Sie ein Datum aus.");
    expect(posts).toEqual([]);
  });

  test("a slot taken meanwhile gets its own message and the time list refreshes", async ({ page, request, baseURL }) => {
    const slot = await freeSlot(request);
    await page.goto("/#booking");
    await pickDate(page, slot.date);
    const timeSelect = page.locator('select[name="booking-time"]');
    await timeSelect.selectOption(slot.time);
    await fillContact(page, uniqueEmail());

    // Someone else books the same slot first.
    const other = await request.post("/api/v1/appointments", {
      headers: { Origin: baseURL! },
      data: { name: "Max Mitbewerber", email: uniqueEmail(), phone: "0660 7654321", service: "Wartung", ...slot },
    });
    expect(other.status()).toBe(201);

    await page.locator("#booking").getByRole("button", { name: "Termin beantragen" }).click();
    await expect(toast(page, "Termin nicht mehr frei")).toContainText(
      "Dieser Termin ist leider nicht mehr frei. Bitte wählen Sie eine andere Uhrzeit oder einen anderen Tag.",
    );
    await expect(timeSelect).toHaveValue("");
    await expect(timeSelect.locator(`option[value="${slot.time}"]`)).toHaveCount(0);
    // The contact data stays for the next try.
    await expect(page.locator('input[name="booking-name"]')).toHaveValue("Erika Musterfrau");
  });

  test("a server failure shows 'Fehler' / 'Ein Fehler ist aufgetreten…' and keeps the input", async ({ page, request, consoleErrors }) => {
    const slot = await freeSlot(request);
    await page.goto("/#booking");
    await pickDate(page, slot.date);
    await page.locator('select[name="booking-time"]').selectOption(slot.time);
    await fillContact(page, uniqueEmail());
    await page.route("**/api/v1/appointments", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"kaputt"}' }),
    );
    await page.locator("#booking").getByRole("button", { name: "Termin beantragen" }).click();
    await expect(toast(page, "Fehler")).toContainText("Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.");
    await expect(page.locator('input[name="booking-name"]')).toHaveValue("Erika Musterfrau");
    // The simulated 500 is logged by Chromium; that one is expected.
    const expected = "Failed to load resource: the server responded with a status of 500 (Internal Server Error)";
    expect(consoleErrors).toContain(expected);
    consoleErrors.splice(consoleErrors.indexOf(expected), 1);
  });

  test("the booking section has no accessibility violations", async ({ page, request }) => {
    const slot = await freeSlot(request);
    await page.goto("/#booking");
    await pickDate(page, slot.date);
    await expect(page.locator(`select[name="booking-time"] option[value="${slot.time}"]`)).toHaveCount(1);
    const results = await new AxeBuilder({ page }).include("#booking").analyze();
    expect(results.violations).toEqual([]);
  });
});

test.describe("booking without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form posts to the server and the home page shows the success message", async ({ page, request }) => {
    const slot = await freeSlot(request, 1);
    await page.goto("/#booking");
    const booking = page.locator("section#booking");
    await booking.locator('input[name="booking-date"][type="date"]').fill(slot.date);
    await booking.locator('select[name="booking-time"]').selectOption(slot.time);
    await fillContact(page, uniqueEmail());
    await booking.getByRole("button", { name: "Termin beantragen" }).click();

    await expect(page).toHaveURL(/\/\?termin=beantragt#booking$/);
    const status = page.locator("#booking").getByRole("status");
    await expect(status).toContainText(SUCCESS_TITLE);
    await expect(status).toContainText(SUCCESS_TEXT);
    expect(await isAvailable(request, slot)).toBe(false);
  });

  test("errors are shown inline and the values are kept", async ({ page, request, consoleErrors }) => {
    const slot = await freeSlot(request);
    await page.goto("/#booking");
    const booking = page.locator("section#booking");
    await booking.locator('input[name="booking-date"]').fill(slot.date);
    await booking.locator('select[name="booking-time"]').selectOption(slot.time);
    await page.locator('input[name="booking-name"]').fill("Erika Musterfrau");
    await page.locator('input[name="booking-email"]').fill("erika@example.at");
    await page.locator('input[name="booking-phone"]').fill("12");
    await booking.getByRole("button", { name: "Termin beantragen" }).click();

    await expect(page).toHaveURL(/\/termin-anfragen$/);
    await expect(page.locator("#booking").getByRole("alert").first()).toHaveText(MISSING_TEXT);
    await expect(page.locator("#booking-service-error")).toHaveText("Bitte wählen Sie eine Leistung aus.");
    await expect(page.locator("#booking-phone-error")).toContainText("Bitte geben Sie eine gültige Telefonnummer an");
    await expect(page.locator('input[name="booking-name"]')).toHaveValue("Erika Musterfrau");
    await expect(page.locator('input[name="booking-date"]')).toHaveValue(slot.date);
    await expect(page.locator('select[name="booking-time"]')).toHaveValue(slot.time);
    expect(await isAvailable(request, slot)).toBe(true);
    // The re-rendered form answers 400 on purpose; Chromium logs that status.
    const expected = "Failed to load resource: the server responded with a status of 400 (Bad Request)";
    expect(consoleErrors).toContain(expected);
    consoleErrors.splice(consoleErrors.indexOf(expected), 1);
  });
});

test.describe("booking API over HTTP", () => {
  test("wrong method, content type, size and JSON answer 4xx with a German message", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL! };
    const get = await request.get("/api/v1/appointments");
    expect(get.status()).toBe(405);
    expect(await get.json()).toEqual({ error: "Diese Methode ist hier nicht erlaubt." });

    const text = await request.post("/api/v1/appointments", { headers: { ...headers, "Content-Type": "text/plain" }, data: "x" });
    expect(text.status()).toBe(415);
    const big = await request.post("/api/v1/appointments", {
      headers: { ...headers, "Content-Type": "application/json" },
      data: JSON.stringify({ message: "x".repeat(20_000) }),
    });
    expect(big.status()).toBe(413);
    expect(await big.json()).toEqual({ error: "Die Anfrage ist zu groß." });
    const broken = await request.post("/api/v1/appointments", {
      headers: { ...headers, "Content-Type": "application/json" },
      data: Buffer.from("{"),
    });
    expect(broken.status()).toBe(400);
    expect(await broken.json()).toEqual({ error: "Die Anfrage enthält kein gültiges JSON." });

    const slots = await request.get("/api/v1/slots?date=morgen");
    expect(slots.status()).toBe(400);
    expect(await slots.json()).toEqual({ error: "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an." });
  });
});

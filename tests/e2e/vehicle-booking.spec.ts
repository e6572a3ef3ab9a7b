import type { APIRequestContext, Page } from "@playwright/test";
import { bookableDays, freeTimes, type Slot } from "./booking-days";
import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

/**
 * Issue 14: a §57a Überprüfung with the car and the free pick-up, booked with
 * and without JavaScript, then found on the board by its plate typed another way.
 */
const INSPECTION = "§57a Überprüfung";
const ADDRESS = "Favoritenstraße 5, 1100 Wien";

/** The test without JavaScript leaves its request here for the board test after it (a file's tests run in order, in one worker). */
let sentWithoutJavaScript: { plate: string; slot: Slot } | undefined;

function germanDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}.${month}.${year}`;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A plate no other test uses: "W-" and five more signs. */
function uniquePlate(): string {
  return `W-${unique().slice(-5).toUpperCase()}`;
}

/** A weekday (from a week ahead) with a free §57a start at 10:00, and at least the next day's hour free around it. */
async function inspectionDay(request: APIRequestContext, skipDays: number): Promise<string> {
  for (const date of await bookableDays(request, 7 + skipDays, 60, INSPECTION)) {
    const free = new Set(await freeTimes(request, date, INSPECTION));
    if (["09:00", "09:30", "10:00", "11:00", "11:30"].every((time) => free.has(time))) return date;
  }
  throw new Error("no day with free §57a starts in the next 60 days");
}

async function fillContact(page: Page, email: string) {
  await page.locator('input[name="booking-name"]').fill("Erika Musterfrau");
  await page.locator('input[name="booking-email"]').fill(email);
  await page.locator('input[name="booking-phone"]').fill("+43 660 1234567");
}

async function fillVehicle(page: Page, plate: string) {
  const booking = page.locator("#booking");
  await booking.getByLabel("Kennzeichen").fill(plate);
  await booking.getByLabel("Marke und Modell").fill("VW Golf");
  await booking.getByLabel("Kilometerstand (km)").fill("120.000");
  await booking.getByRole("radio", { name: "Hol- und Bringservice" }).check();
  await booking.getByLabel(/^Abholadresse/).fill(ADDRESS);
}

/** On the board: search the plate as typed differently, open the details, see the car and the hand-over. */
async function findOnBoard(page: Page, plate: string, slot: Slot) {
  await loginAsAdmin(page);
  const typed = plate.replace("-", " ").toLowerCase();
  await page.locator("#admin-search").fill(typed);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByRole("tab", { name: "Alle Termine (1)" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("link", { name: "Erika Musterfrau" }).first().click();
  await expect(page.getByRole("heading", { name: "Termin von Erika Musterfrau" })).toBeVisible();
  const expected: Record<string, string> = {
    Datum: germanDate(slot.date),
    Uhrzeit: slot.time,
    Leistung: `${INSPECTION} (60 Minuten)`,
    Kennzeichen: plate,
    "Marke und Modell": "VW Golf",
    Kilometerstand: "120.000 km",
    Übergabe: "Hol- und Bringservice",
    Abholadresse: ADDRESS,
  };
  for (const [term, value] of Object.entries(expected)) {
    const definition = page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
    // The time stands beside its link 'Im Planer verschieben' (issue 28).
    await expect(definition, term).toHaveText(term === "Uhrzeit" ? `${value}Im Planer verschieben` : value);
  }
  await expectNoAxeViolations(page);
}

// Two bookings, a login and axe runs: slow on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test("with JavaScript: a §57a with pick-up; a time that no longer fits the service is cleared with a hint", async ({
  page,
  request,
  baseURL,
}) => {
  const date = await inspectionDay(request, 0);
  // A §57a at 10:30 takes the one inspection place (issue 27): 10:00 stays free for 30 minutes on a
  // lift, but not for another §57a's 60 minutes.
  const blocker = await request.post("/api/v1/appointments", {
    headers: { Origin: baseURL! },
    data: { name: "Bert Blocker", email: `b-${unique()}@example.at`, phone: "0660 7654321", service: INSPECTION, date, time: "10:30" },
  });
  expect(blocker.status()).toBe(201);

  await page.goto("/#booking");
  const booking = page.locator("section#booking");
  await expect(booking.locator(".rdp-root")).toBeVisible();
  await expect(booking.getByRole("group", { name: "Datum *" })).toBeVisible();
  await expect(booking.getByText("Ihr Fahrzeug")).toBeVisible();
  // The fullness legend explains the marks in words.
  await expect(booking.getByText("viele Termine frei")).toBeVisible();

  const day = booking.getByRole("button", { name: new RegExp(germanDate(date).replace(/\./g, "\\.")) });
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) await booking.getByRole("button", { name: "Nächster Monat" }).click();
  await expect(day).toHaveAccessibleName(/Termine frei/);
  await day.click();
  const timeSelect = page.locator('select[name="booking-time"]');
  await expect(timeSelect.locator('option[value="10:00"]')).toHaveCount(1);
  await timeSelect.selectOption("10:00");

  await page.locator('select[name="booking-service"]').selectOption(INSPECTION);
  await expect(booking.getByRole("status").filter({ hasText: "passt nicht zur Leistung" })).toHaveText(
    `Die gewählte Uhrzeit 10:00 Uhr passt nicht zur Leistung „${INSPECTION}“ (Dauer etwa 60 Minuten). Bitte wählen Sie eine neue Uhrzeit.`,
  );
  await expect(timeSelect).toHaveValue("");
  await expect(timeSelect.locator('option[value="10:00"]')).toHaveCount(0);
  await timeSelect.selectOption("09:00");

  const plate = uniquePlate();
  await fillContact(page, `e2e-${unique()}@example.at`);
  await fillVehicle(page, plate);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotForReview(booking, `booking-js-${width}.png`);
  }
  await expectNoAxeViolations(page, "#booking");

  await booking.getByRole("button", { name: "Termin beantragen" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Termin beantragt" })).toBeVisible();
  await expect(booking.getByLabel("Kennzeichen")).toHaveValue("");

  await findOnBoard(page, plate, { date, time: "09:00" });
});

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript at 390 px: the hand-over radios and the reminder's checkbox keep their 16 × 16 px beside wrapping text (issue 26)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/termin-anfragen");
    const booking = page.locator("#booking");
    if (javaScriptEnabled) {
      // Hydrated (the day picker is there), the checkbox shows once a first registration is entered.
      await booking.getByLabel("Name *").focus();
      await expect(booking.locator(".rdp-root")).toBeVisible({ timeout: 30_000 });
      await booking.getByLabel("Erstzulassung (Monat/Jahr)").fill("2019-05");
    }
    // The label holds the radio and its description (a has-locator is relative to the label).
    const pickupLabel = booking.locator("label", { has: page.getByRole("radio", { name: "Hol- und Bringservice" }) });
    expect((await pickupLabel.boundingBox())!.height, "the description wraps at 390 px").toBeGreaterThan(60);
    for (const control of [...(await booking.getByRole("radio").all()), booking.getByRole("checkbox", { name: /§57a-Begutachtung/ })]) {
      const controlBox = (await control.boundingBox())!;
      expect([Math.round(controlBox.width), Math.round(controlBox.height)], (await control.getAttribute("value")) ?? "checkbox").toEqual([
        16, 16,
      ]);
    }
    await context.close();
  });
}

test.describe("without JavaScript", () => {
  // The refused plain post answers 400 with the form again; the browser logs that status.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("the privacy statement names the car data and the pick-up address and why", async ({ page }) => {
    await page.goto("/datenschutz");
    const section = page.locator("p", { hasText: "Ihr Fahrzeug" });
    for (const text of [
      "Kennzeichen",
      "Marke und Modell",
      "Kilometerstand",
      "Erstzulassung",
      "Abholadresse",
      "bereiten wir den Termin vor",
    ]) {
      await expect(section).toContainText(text);
    }
  });

  test("a §57a with pick-up: a pick-up outside Vienna is refused in German, then the request goes through", async ({ page, request }) => {
    const date = await inspectionDay(request, 1);
    await page.goto("/#booking");
    const booking = page.locator("#booking");
    await booking.getByLabel("Datum *").fill(date);
    await page.locator('select[name="booking-time"]').selectOption("11:00");
    await page.locator('select[name="booking-service"]').selectOption(INSPECTION);
    const plate = uniquePlate();
    await fillContact(page, `e2e-${unique()}@example.at`);
    await fillVehicle(page, plate);
    await booking.getByLabel(/^Abholadresse/).fill("Hauptstraße 5, 2340 Mödling");
    await booking.getByLabel("Erstzulassung (Monat/Jahr)").fill("2018-06");
    await screenshotForReview(booking, `booking-nojs-1280.png`);
    await booking.getByRole("button", { name: "Termin beantragen" }).click();

    await expect(page).toHaveURL(/\/termin-anfragen$/);
    const form = page.locator("#booking");
    await expect(form.getByRole("alert").first()).toHaveText("Bitte überprüfen Sie Ihre Eingaben.");
    await expect(page.locator("#booking-pickup-address-error")).toContainText("Wiener Stadtgebiet");
    await expect(page.locator("#booking-pickup-address-error")).toContainText("01 234 56 78");
    // The values stay.
    await expect(form.getByLabel("Kennzeichen")).toHaveValue(plate);
    await expect(form.getByRole("radio", { name: "Hol- und Bringservice" })).toBeChecked();

    await form.getByLabel(/^Abholadresse/).fill(ADDRESS);
    await form.getByLabel("Datum *").fill(date);
    await page.locator('select[name="booking-time"]').selectOption("11:00");
    await form.getByRole("button", { name: "Termin beantragen" }).click();
    await expect(page).toHaveURL(/\/termin-anfragen\?termin=beantragt#booking$/);
    await expect(page.getByRole("status").filter({ hasText: "Termin beantragt" })).toBeVisible();

    sentWithoutJavaScript = { plate, slot: { date, time: "11:00" } };
  });
});

// The board is the staff's app, with JavaScript: the request sent without it is found there by its plate.
test("the request sent without JavaScript is on the board, found by its plate", async ({ page }) => {
  expect(sentWithoutJavaScript, "the test without JavaScript ran first").toBeDefined();
  await findOnBoard(page, sentWithoutJavaScript!.plate, sentWithoutJavaScript!.slot);
});

import { expect, test } from "./fixtures";

/**
 * Issue 16: the opt-in §57a reminder on the booking form. With JavaScript the
 * checkbox appears only once a first registration is entered; it is never
 * ticked in advance. Without JavaScript it always shows, and ticking it
 * without a first registration is refused in German.
 */
const LABEL = "An die nächste §57a-Begutachtung erinnern";

test("with JavaScript: the checkbox appears, unticked, once a first registration is entered", async ({ page }) => {
  await page.goto("/#booking");
  const booking = page.locator("section#booking");
  await expect(booking.getByText("Ihr Fahrzeug")).toBeVisible();
  await expect(booking.getByLabel(LABEL)).toHaveCount(0);
  await booking.getByLabel("Erstzulassung (Monat/Jahr)").fill("2018-06");
  await expect(booking.getByLabel(LABEL)).toBeVisible();
  await expect(booking.getByLabel(LABEL)).not.toBeChecked();
  await booking.getByLabel("Erstzulassung (Monat/Jahr)").fill("");
  await expect(booking.getByLabel(LABEL)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  // The refused plain post answers 400 with the form again; the browser logs that status.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("the checkbox shows unticked; ticked without a first registration it is refused in German", async ({ page }) => {
    await page.goto("/#booking");
    const booking = page.locator("#booking");
    const checkbox = booking.getByLabel(LABEL);
    await expect(checkbox).toBeVisible();
    await expect(checkbox).not.toBeChecked();
    await checkbox.check();
    await page.locator('select[name="booking-service"]').selectOption("Wartung");
    await booking.getByLabel("Name *").fill("Erika Musterfrau");
    await booking.getByLabel("E-Mail *").fill("erika@example.at");
    await booking.getByLabel("Telefon *").fill("+43 660 1234567");
    await booking.getByRole("button", { name: "Termin beantragen" }).click();

    await expect(page).toHaveURL(/\/termin-anfragen$/);
    await expect(page.locator("#booking-inspection-reminder-error")).toHaveText(
      "Für die Erinnerung an die §57a-Begutachtung geben Sie bitte die Erstzulassung an.",
    );
    // The tick stays, for the customer to add the month or untick it.
    await expect(page.locator("#booking").getByLabel(LABEL)).toBeChecked();
  });
});

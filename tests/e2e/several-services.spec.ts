import { OWN_DAYS } from "./booking-days";
import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";
import { mailText, unique } from "./personal-link";

/**
 * Issue 28, several services in one visit: on a 390 px phone a customer books an Ölwechsel with
 * 'Weitere Leistungen' Elektrik; the board lists both, and once confirmed the confirmation e-mail
 * names both and the visit's 60 minutes. The day is this spec's own (OWN_DAYS.severalServices).
 */
const DAY = OWN_DAYS.severalServices;

function germanDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}.${month}.${year}`;
}

// A booking, a login, a confirmation and the worker's e-mail: slow on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test("on a 390 px phone: Ölwechsel with 'Weitere Leistungen' Elektrik, both in the confirmation e-mail and on the board", async ({
  page,
}) => {
  const name = `Vera Viele ${unique()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/termin-anfragen");
  const booking = page.locator("#booking");
  await booking.getByLabel("Name *").focus();
  await expect(booking.locator(".rdp-root")).toBeVisible({ timeout: 30_000 });

  await page.locator('select[name="booking-service"]').selectOption("Ölwechsel");
  const further = booking.getByRole("group", { name: "Weitere Leistungen (optional)" });
  // The chosen 'Leistung' is not offered again.
  await expect(further.getByRole("checkbox", { name: "Ölwechsel" })).toHaveCount(0);
  await further.getByRole("checkbox", { name: "Elektrik" }).check();
  await expect(booking.getByText("Dauer: etwa 60 Minuten")).toBeVisible();

  const day = booking.getByRole("button", { name: new RegExp(germanDate(DAY).replace(/\./g, "\\.")) });
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) await booking.getByRole("button", { name: "Nächster Monat" }).click();
  await day.click();
  const timeSelect = page.locator('select[name="booking-time"]');
  await expect(timeSelect.locator('option[value="09:00"]')).toHaveCount(1);
  await timeSelect.selectOption("09:00");
  await booking.getByLabel("Name *").fill(name);
  await booking.getByLabel("E-Mail *").fill(`e2e-${unique()}@example.at`);
  await booking.getByLabel("Telefon *").fill("0660 1234567");
  await screenshotForReview(booking, "booking-390.png");
  await expectNoAxeViolations(page, "#booking");
  await booking.getByRole("button", { name: "Termin beantragen" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Termin beantragt" })).toBeVisible();

  const receipt = await mailText("booking-received-customer", name);
  expect(receipt).toContain("Leistungen: Ölwechsel, Elektrik");

  await loginAsAdmin(page);
  // On a phone the search opens on demand (issue 26).
  await page.locator("summary").filter({ hasText: "Suche" }).click();
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(name);
  await page.getByRole("button", { name: "Suchen" }).click();
  const card = page.locator("li", { has: page.getByRole("link", { name }) });
  await expect(card.getByText("Ölwechsel, Elektrik", { exact: true })).toBeVisible();
  await screenshotForReview(page, "board-390.png");
  await card.getByRole("button", { name: "Bestätigen" }).click();
  const confirmation = await mailText("appointment-confirmed", `Guten Tag ${name}`);
  expect(confirmation).toContain("Leistungen: Ölwechsel, Elektrik");
  expect(confirmation).toContain(germanDate(DAY));

  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: `Termin von ${name}` })).toBeVisible();
  const services = page.locator("dt", { hasText: /^Leistungen$/ }).locator("xpath=following-sibling::dd[1]");
  await expect(services).toContainText("Ölwechsel, Elektrik (60 Minuten)");
  await screenshotForReview(page, "board-details-390.png", { fullPage: true });
});

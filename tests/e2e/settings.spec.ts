// 'Einstellungen' (issue 29): every fact of the workshop on one page, the owner's to change and staff's to read,
// at 390 and 1280 px (axe clean, screenshots of both). The plain posts without JavaScript are
// tests/integration/settings-page.test.ts's; the API's, tests/integration/workshop-settings.test.ts's.
import { adminNavigation } from "./board-data";
import { confirmIdentity, expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

// The refused 'Werkstatt speichern' answers 400 on purpose.
test.use({ expectedConsoleErrors: [/the server responded with a status of 400/] });

for (const width of [390, 1280]) {
  test(`the owner reads and changes every section at ${width} px; a bad value is named under its field`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page);
    // Changing the workshop's facts is a sensitive owner action (issue 31): the password checked again.
    await confirmIdentity(page);
    await (await adminNavigation(page)).getByRole("link", { name: "Einstellungen" }).click();
    await expect(page).toHaveURL("/admin/einstellungen");
    for (const title of ["Werkstatt", "Impressum", "Öffnungszeiten", "Leistungen", "Buchungsregeln", "E-Mail", "Verlauf"]) {
      await expect(page.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
    }
    const workshop = page.locator("#workshop");
    await expect(workshop.getByLabel("Straße und Hausnummer")).toHaveValue("Musterstraße 12");
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await screenshotForReview(page, `${width}-page.png`, { fullPage: true });

    const postalCode = workshop.getByLabel("Postleitzahl");
    await postalCode.fill("11");
    await workshop.getByRole("button", { name: "Werkstatt speichern" }).click();
    await expect(page.locator("#workshop").getByText("Bitte geben Sie eine vierstellige Postleitzahl an (z. B. 1100).")).toBeVisible();
    await expect(page.locator("#workshop").getByLabel("Postleitzahl")).toHaveAttribute("aria-invalid", "true");
    await screenshotForReview(page.locator("#workshop"), `${width}-refused.png`);
  });
}

test("staff read every value, cannot change them, and are told so", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await loginAsAdmin(page, "staff");
  await page.goto("/admin/einstellungen");
  await expect(page.getByText("Nur der Inhaber oder die Inhaberin kann die Einstellungen ändern.")).toBeVisible();
  await expect(page.locator("#imprint").getByLabel("UID-Nummer")).toHaveValue("ATU12345678");
  await expect(page.locator("#imprint").getByLabel("UID-Nummer")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: /speichern$/ })).toHaveCount(0);
});

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

/** A 30-minute service: its combined time can only be its duration, so setting it changes no other spec's visits. */
const SERVICE = "Wartung";
const COMBINED = "Dauer zusammen mit anderen Leistungen (halbe Stunden)";

for (const width of [390, 1280]) {
  test(`a service's combined time at ${width} px: an optional field with its hint that wraps, refused above the duration, saved and in the history in German`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page);
    await confirmIdentity(page);
    await page.goto("/admin/einstellungen");
    const group = page.locator("#services").getByRole("group", { name: SERVICE, exact: true });
    const combined = group.getByLabel(COMBINED);
    await expect(combined).toHaveValue("");
    await expect(combined).toHaveAccessibleDescription(/^Leer: volle Dauer\./);
    // The long label and the hint wrap inside the service's box; nothing is cut off or wider than the page.
    const label = group.getByText(COMBINED, { exact: true });
    expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const [labelBox, groupBox] = [await label.boundingBox(), await group.boundingBox()];
    expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(groupBox!.x + groupBox!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await combined.fill("2");
    await page.locator("#services").getByRole("button", { name: "Leistungen speichern" }).click();
    const refused = page.locator("#services").getByRole("group", { name: SERVICE, exact: true }).getByLabel(COMBINED);
    await expect(refused).toHaveAttribute("aria-invalid", "true");
    await expect(refused).toHaveAccessibleDescription(
      /von 1 bis zur Dauer der Leistung an, oder lassen Sie das Feld leer \(volle Dauer\)\.$/,
    );
    await screenshotForReview(
      page.locator("#services").getByRole("group", { name: SERVICE, exact: true }),
      `${width}-combined-refused.png`,
    );

    await refused.fill("1");
    await page.locator("#services").getByRole("button", { name: "Leistungen speichern" }).click();
    await expect(page.locator("#services").getByText("Die Einstellungen wurden gespeichert.")).toBeVisible();
    try {
      await expect(page.locator("#services").getByRole("group", { name: SERVICE, exact: true }).getByLabel(COMBINED)).toHaveValue("1");
      const entry = page.getByRole("region", { name: "Verlauf" }).getByRole("listitem").first();
      await expect(entry).toContainText(`Leistung „${SERVICE}“: ${COMBINED}`);
      await expect(entry).toContainText("alt: leer (volle Dauer)");
      await screenshotForReview(page.locator("#services").getByRole("group", { name: SERVICE, exact: true }), `${width}-combined.png`);
      await screenshotForReview(entry, `${width}-combined-history.png`);
    } finally {
      await page.goto("/admin/einstellungen");
      await page.locator("#services").getByRole("group", { name: SERVICE, exact: true }).getByLabel(COMBINED).fill("");
      await page.locator("#services").getByRole("button", { name: "Leistungen speichern" }).click();
      await expect(page.locator("#services").getByText("Die Einstellungen wurden gespeichert.")).toBeVisible();
    }
  });
}

test("what the owner typed in one section and has not saved stays when another section is saved", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page);
  await confirmIdentity(page);
  await page.goto("/admin/einstellungen");
  const description = page.locator("#services").getByRole("group", { name: SERVICE, exact: true }).getByLabel("Beschreibung");
  const typed = "Service nach Herstellervorgaben, noch nicht gespeichert.";
  await description.fill(typed);
  // The sender name: no other journey reads it. Saving it changes the facts' version.
  const sender = page.locator("#email").getByLabel("Absendername");
  await sender.fill("Happy Car Werkstatt");
  try {
    await page.locator("#email").getByRole("button", { name: "E-Mail speichern" }).click();
    await expect(page.locator("#email").getByText("Die Einstellungen wurden gespeichert.")).toBeVisible();
    await expect(page.locator("#email").getByLabel("Absendername")).toHaveValue("Happy Car Werkstatt");
    await expect(description).toHaveValue(typed);
  } finally {
    await page.goto("/admin/einstellungen");
    await page.locator("#email").getByLabel("Absendername").fill("Happy Car");
    await page.locator("#email").getByRole("button", { name: "E-Mail speichern" }).click();
    await expect(page.locator("#email").getByText("Die Einstellungen wurden gespeichert.")).toBeVisible();
  }
});

test("staff read every value, cannot change them, and are told so", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await loginAsAdmin(page, "staff");
  await page.goto("/admin/einstellungen");
  await expect(page.getByText("Nur der Inhaber oder die Inhaberin kann die Einstellungen ändern.")).toBeVisible();
  await expect(page.locator("#imprint").getByLabel("UID-Nummer")).toHaveValue("ATU12345678");
  await expect(page.locator("#imprint").getByLabel("UID-Nummer")).toHaveAttribute("readonly", "");
  await expect(page.locator("#services").getByRole("group", { name: SERVICE, exact: true }).getByLabel(COMBINED)).toHaveAttribute(
    "readonly",
    "",
  );
  await expect(page.getByRole("button", { name: /speichern$/ })).toHaveCount(0);
});

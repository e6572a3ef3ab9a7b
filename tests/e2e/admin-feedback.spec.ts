// Issue 26 on the board: what staff see on an owner's page, a wrong password's toast after the login, the
// sessions under 'Sicherheit' by name; screenshots at 390 and 1280 px in both themes, axe clean.
import type { Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { afterScrypt, expect, expectNoAxeViolations, loginAsAdmin, loginThroughForm, screenshotForReview, test } from "./fixtures";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

test.describe.configure({ timeout: 120_000 });

test("a wrong password's 'Falsches Passwort' does not stay on the board after the login", async ({ page }) => {
  await page.goto("/admin-login");
  await page.getByLabel("E-Mail").fill(E2E_ACCOUNTS.devices.email);
  await page.getByLabel("Passwort").fill("falsch-falsch-falsch");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  const wrong = page.locator("[data-sonner-toast]").filter({ hasText: "Falsches Passwort" });
  await afterScrypt(wrong).toBeVisible();
  await page.getByLabel("Passwort").fill(E2E_ACCOUNTS.devices.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await afterScrypt(page).toHaveURL("/admin");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Erfolgreich angemeldet" })).toBeVisible();
  await expect(wrong).toHaveCount(0);
});

test.describe("staff on the owner's pages", () => {
  // The 403 documents are asked for on purpose.
  test.use({ expectedConsoleErrors: [/the server responded with a status of 403/] });

  test("'Nur für Inhaber:innen' with the way back instead of an error screen; no navigation entries they cannot use", async ({
    browser,
    baseURL,
  }) => {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ baseURL, colorScheme: theme });
      await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
      const staffPage = await context.newPage();
      await loginAsAdmin(staffPage, "staff");
      const navigation = staffPage.getByRole("navigation", { name: "Admin-Bereich" });
      await expect(navigation.getByRole("link", { name: "Termine" })).toBeVisible();
      await expect(navigation.getByRole("link", { name: "Team" })).toHaveCount(0);
      await expect(navigation.getByRole("link", { name: "Schließtage" })).toHaveCount(0);

      for (const [path, reason] of [
        ["/admin/team", "Nur der Inhaber oder die Inhaberin verwaltet die Konten und die Einstellungen des Boards."],
        ["/admin/schliesstage", "Nur der Inhaber oder die Inhaberin darf Schließtage verwalten."],
      ] as const) {
        const response = await staffPage.goto(path);
        expect(response?.status()).toBe(403);
        await expect(staffPage.getByRole("heading", { name: "Nur für Inhaber:innen" })).toBeVisible();
        await expect(staffPage.getByText(reason)).toBeVisible();
        await expect(staffPage.getByText("Unexpected Application Error")).toHaveCount(0);
        // Still inside the board: its header and navigation are there.
        await expect(staffPage.getByRole("heading", { name: "Admin-Board" })).toBeVisible();
        await expectPageFits(staffPage);
        await waitForToasts(staffPage);
        await expectNoAxeViolations(staffPage);
        for (const width of [390, 1280]) {
          await staffPage.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await screenshotForReview(staffPage, `owner-only${path.replaceAll("/", "-")}-${width}-${theme}.png`, { fullPage: true });
        }
        await staffPage.setViewportSize({ width: 1280, height: 900 });
      }
      await staffPage.getByRole("link", { name: "Zurück zu den Terminen" }).click();
      await expect(staffPage).toHaveURL("/admin");
      await context.close();
    }
  });
});

test.describe("sessions under 'Sicherheit'", () => {
  test.use({ userAgent: ANDROID_CHROME });

  for (const theme of ["light", "dark"] as const) {
    test(`show the browser and system ('Chrome auf Android') and the times, not the raw header (${theme})`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
      // The browser of the list is the one the login saw: through the form, on an account without seeded sessions.
      await loginThroughForm(page, E2E_ACCOUNTS.devices);
      await page.goto("/admin/sicherheit");
      const sessions = page.getByRole("list", { name: "Sitzungen" });
      const current = sessions.getByRole("listitem").filter({ hasText: "Diese Sitzung" });
      await expect(current).toContainText("Chrome auf Android");
      await expect(current).toContainText(/Angemeldet \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, zuletzt aktiv \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
      await expect(sessions).not.toContainText("Mozilla/5.0");
      await waitForToasts(page);
      await expectNoAxeViolations(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await expectPageFits(page);
        await screenshotForReview(page, `security-${width}-${theme}.png`, { fullPage: true });
      }
    });
  }
});

async function expectPageFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** axe measures contrast mid-fade: check once the login's toast is gone. */
async function waitForToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
}

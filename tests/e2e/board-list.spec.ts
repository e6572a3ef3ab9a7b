// The board's list (issue 26, points 6, 7, 19 and 20): it starts today with the past one click away; the export's
// dates live in its own 'Export (CSV)' and a wrong range is refused beside them (also without JavaScript); on a
// phone the first screen shows appointments, with the navigation behind 'Menü' and the search on demand.
import type { Page } from "@playwright/test";
import { adminNavigation, bookAppointments, newTag } from "./board-data";
import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";
import { NO_SHOW_CUSTOMER } from "./no-show-day";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const summary = (page: Page, text: string) => page.locator("summary").filter({ hasText: text });
const period = (page: Page, name: string) => page.getByRole("navigation", { name: "Zeitraum" }).getByRole("link", { name });

test.describe("the period: from today on, the past one click away", () => {
  test.use({ viewport: DESKTOP });

  test("opens on 'Ab heute'; 'Vergangene' shows the past with its own counts; 'Ab heute' leads back", async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = newTag();
    await bookAppointments(request, baseURL!, [`${tag} Anna`, `${tag} Bernd`], tag);
    await loginAsAdmin(page);
    await expect(period(page, "Ab heute")).toHaveAttribute("aria-current", "true");
    await expect(period(page, "Vergangene")).not.toHaveAttribute("aria-current", /.*/);
    // In time order from today on (the test server's appointments are all booked ahead by customers).
    const dates = await page.getByRole("row").locator("td:nth-child(4)").allTextContents();
    expect(dates.length).toBeGreaterThanOrEqual(2);
    const isoDates = dates.map((date) => date.split(".").reverse().join("-"));
    expect(isoDates).toEqual([...isoDates].sort());
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vienna" }).format(new Date());
    expect(isoDates[0]! >= today).toBe(true);

    await period(page, "Vergangene").click();
    await expect(page).toHaveURL("/admin?period=past");
    await expect(period(page, "Vergangene")).toHaveAttribute("aria-current", "true");
    // Customers book ahead only: the one appointment of the test server in the past is the car that never
    // came, which seed.ts enters for waitlist.spec.ts (tests/e2e/no-show-day.ts).
    await expect(page.getByRole("tab", { name: "Alle Termine (1)" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: NO_SHOW_CUSTOMER.name })).toHaveCount(1);
    // A tab and a search keep the period.
    await page.getByRole("tab", { name: "Stornierte Termine (0)" }).click();
    await expect(page).toHaveURL("/admin?status=storniert&period=past");
    await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page).toHaveURL(`/admin?status=storniert&period=past&q=${tag}`);

    await period(page, "Ab heute").click();
    await expect(page).toHaveURL(`/admin?status=storniert&q=${tag}`);
    await page.getByRole("tab", { name: /^Alle Termine/ }).click();
    await expect(page.getByRole("tab", { name: "Alle Termine (2)" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("row").filter({ hasText: tag })).toHaveCount(2);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the export, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: DESKTOP, javaScriptEnabled });

    test("its dates are inside 'Export (CSV)'; 'Von' after 'Bis' is refused in German on the board; then the file", async ({ page }) => {
      await loginAsAdmin(page);
      await page.getByRole("tab", { name: /^Bestätigte Termine/ }).click();
      await expect(page).toHaveURL("/admin?status=best%C3%A4tigt");
      // Closed at first: no dates above the list that look like its filter.
      await expect(page.getByLabel("Von")).toBeHidden();
      await summary(page, "Export (CSV)").click();
      const form = page.getByRole("form", { name: "Termine exportieren" });
      await expect(form).toBeVisible();
      await expect(form).toContainText("„Bestätigte Termine“ vom gewählten Zeitraum als CSV-Datei für Excel.");

      await form.getByLabel("Von").fill("2026-12-10");
      await form.getByLabel("Bis").fill("2026-12-01");
      await form.getByRole("button", { name: "CSV herunterladen" }).click();
      // Still the board, same tab, the form open with the dates as typed and the reason beside them.
      await expect(page).toHaveURL(/^[^?]*\/admin\?export=csv&status=best%C3%A4tigt&from=2026-12-10&to=2026-12-01$/);
      await expect(page.getByRole("heading", { name: "Terminverwaltung" })).toBeVisible();
      await expect(page.getByRole("tab", { name: /^Bestätigte Termine/ })).toHaveAttribute("aria-selected", "true");
      await expect(form.getByRole("alert")).toHaveText(
        "Bitte wählen Sie bei „Von“ und „Bis“ ein gültiges Datum; „Von“ darf nicht nach „Bis“ liegen.",
      );
      await expect(form.getByLabel("Von")).toHaveValue("2026-12-10");
      await expect(form.getByLabel("Von")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("body")).not.toContainText('{"error"');

      await form.getByLabel("Von").fill("2026-11-01");
      const downloading = page.waitForEvent("download");
      await form.getByRole("button", { name: "CSV herunterladen" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("termine-bestaetigt-2026-11-01-bis-2026-12-01.csv");
      // The board stays where it was.
      await expect(page.getByRole("heading", { name: "Terminverwaltung" })).toBeVisible();
    });
  });
}

/** The page as the owner sees it: the top (one screen) and the whole, named by viewport and theme. */
async function screenshots(page: Page, name: string) {
  await screenshotForReview(page, `${name}-top.png`);
  await screenshotForReview(page, `${name}-full.png`, { fullPage: true });
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    });

    test.describe("390 × 844", () => {
      test.use({ viewport: PHONE });

      test("the first screen shows appointments; 'Menü' holds the navigation, 'Suche' and 'Export (CSV)' open on demand", async ({
        page,
        request,
        baseURL,
      }) => {
        // Four axe-core runs on two shared cores.
        test.slow();
        const tag = newTag();
        await bookAppointments(request, baseURL!, [`${tag} Maximiliane Mustermann-Oberhuber`, `${tag} Bernd`], tag);
        await loginAsAdmin(page);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));

        const firstCard = page.getByRole("list", { name: "Termine" }).getByRole("listitem").first();
        await expect(firstCard).toBeVisible();
        expect((await firstCard.boundingBox())!.y).toBeLessThan(PHONE.height);
        await expect(page.getByRole("navigation", { name: "Admin-Bereich" })).toBeHidden();
        await expect(page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen")).toBeHidden();
        await expect(page.getByLabel("Von")).toBeHidden();
        await expectNoAxeViolations(page);
        await screenshots(page, `board-390-${theme}`);

        // The menu: every page of the board, the account's buttons; by keyboard too; Escape closes it.
        await summary(page, "Menü").focus();
        await page.keyboard.press("Enter");
        const navigation = page.getByRole("navigation", { name: "Admin-Bereich" });
        // Board, Planer, Tagesliste, … and the owner's Einstellungen and Sicherungen (issue 29).
        await expect(navigation.getByRole("link")).toHaveCount(10);
        await expect(page.getByRole("button", { name: "Abmelden" })).toBeVisible();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(navigation.getByRole("link", { name: "Wochenplaner" })).toBeFocused();
        await expectNoAxeViolations(page);
        await screenshotForReview(page, `menu-390-${theme}.png`);
        await page.keyboard.press("Escape");
        await expect(navigation).toBeHidden();
        await expect(summary(page, "Menü")).toBeFocused();
        // A tap outside closes it; a page chosen in it closes it too.
        await summary(page, "Menü").click();
        await expect(navigation).toBeVisible();
        await page.getByRole("heading", { name: "Admin-Board", level: 1 }).click();
        await expect(navigation).toBeHidden();
        await (await adminNavigation(page)).getByRole("link", { name: "Wochenplaner" }).click();
        await expect(page).toHaveURL(/\/admin\/planer/);
        await expect(navigation).toBeHidden();
        await (await adminNavigation(page)).getByRole("link", { name: "Termine" }).click();
        await expect(page).toHaveURL("/admin");

        // Search and export open on demand.
        await summary(page, "Suche").click();
        await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
        await page.getByRole("button", { name: "Suchen" }).click();
        await expect(page.getByRole("tab", { name: "Alle Termine (2)" })).toHaveAttribute("aria-selected", "true");
        // A search on stays in view, with the way back.
        await expect(page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen")).toHaveValue(tag);
        await expect(page.getByRole("link", { name: "Suche zurücksetzen" })).toBeVisible();
        await summary(page, "Export (CSV)").click();
        await expect(page.getByLabel("Von")).toBeVisible();
        await expectNoAxeViolations(page);
        await screenshots(page, `board-390-${theme}-opened`);
      });
    });

    test.describe("1280 × 900", () => {
      test.use({ viewport: DESKTOP });

      test("the navigation and the search are in view, no 'Menü'; the export opens on demand", async ({ page, request, baseURL }) => {
        test.slow();
        const tag = newTag();
        await bookAppointments(request, baseURL!, [`${tag} Anna`], tag);
        await loginAsAdmin(page);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page.getByRole("navigation", { name: "Admin-Bereich" }).getByRole("link")).toHaveCount(10);
        await expect(summary(page, "Menü")).toBeHidden();
        await expect(summary(page, "Suche")).toBeHidden();
        await expect(page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen")).toBeVisible();
        await expect(page.getByRole("button", { name: "Abmelden" })).toBeVisible();
        await expect(page.getByLabel("Von")).toBeHidden();
        await expectNoAxeViolations(page);
        await screenshots(page, `board-1280-${theme}`);
        await summary(page, "Export (CSV)").click();
        await expect(page.getByLabel("Von")).toBeVisible();
        await expectNoAxeViolations(page);
        await screenshotForReview(page, `export-1280-${theme}.png`);
      });
    });
  });
}

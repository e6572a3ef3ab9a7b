import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { bookAppointments, newTag } from "./board-data";
import { expect, expectNoAxeViolations, loginAsAdmin, loginThroughForm, screenshotForReview, settleAnimations, test } from "./fixtures";

// The admin board on a phone (issue 15, 'Works on a phone'): cards instead of the table, nothing wider than the screen,
// dialogs inside the viewport, 44 px touch targets, no axe violations in either theme.

const TOUCH_TARGET = 44;

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page wider than the screen").toBeLessThanOrEqual(innerWidth);
}

/**
 * Every visible control of the page (buttons, tabs, fields, links that are not part of a sentence) is at least
 * 44 px tall and lies inside the screen's width. The toaster is sonner's own widget and is left out.
 */
async function expectTouchTargets(page: Page, scope: Locator = page.locator("body")) {
  const small = await scope.evaluate((root, minimum) => {
    const controls = root.querySelectorAll<HTMLElement>("button, [role='tab'], input:not([type='hidden']), select, textarea, a[href]");
    return [...controls]
      .filter((element) => element.getClientRects().length > 0 && !element.closest("[data-sonner-toaster], p"))
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.height < minimum || rect.left < 0 || rect.right > window.innerWidth)
      .map(
        ({ element, rect }) =>
          `${element.tagName} '${element.textContent?.trim() || element.getAttribute("aria-label")}' ${rect.width}×${rect.height}`,
      );
  }, TOUCH_TARGET);
  expect(small, "controls smaller than a touch target or outside the screen").toEqual([]);
}

/** The dialog lies wholly inside the viewport, centred. */
async function expectInsideViewport(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(1);
}

const card = (page: Page, name: string) => page.getByRole("list", { name: "Termine" }).getByRole("listitem").filter({ hasText: name });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** The board's phone checks in the current theme: layout, the cancel and the delete dialog, axe. */
async function checkBoard(page: Page, names: string[], screenshot: (name: string) => Promise<void>) {
  await expect(page.getByRole("table")).toBeHidden();
  const list = page.getByRole("list", { name: "Termine" });
  await expect(list.getByRole("listitem")).toHaveCount(names.length);
  // No card is wider than the list (a long name wraps).
  const listBox = (await list.boundingBox())!;
  for (const item of await list.getByRole("listitem").all()) {
    const itemBox = (await item.boundingBox())!;
    expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(listBox.x + listBox.width);
  }
  await expectNoHorizontalScroll(page);
  await expectTouchTargets(page);
  await expectNoAxeViolations(page);
  await screenshot("board");

  await card(page, names[0]!).getByRole("button", { name: "Stornieren" }).click();
  const cancel = page.getByRole("dialog", { name: "Termin stornieren" });
  await expectInsideViewport(page, cancel);
  await expectTouchTargets(page, cancel);
  await expectNoAxeViolations(page);
  await screenshot("cancel-dialog");
  await cancel.getByRole("button", { name: "Abbrechen" }).click();
  await expect(cancel).toBeHidden();

  await card(page, names[0]!).getByRole("button", { name: "Löschen" }).click();
  const remove = page.getByRole("dialog", { name: "Termin löschen" });
  await expectInsideViewport(page, remove);
  await expectTouchTargets(page, remove);
  await expectNoAxeViolations(page);
  await screenshot("delete-dialog");
  await remove.getByRole("button", { name: "Abbrechen" }).click();
  await expect(remove).toBeHidden();
}

/** Three new appointments (one with a long name that must wrap inside its card), the board searched for them, in the theme. */
async function openBoard(
  { page, request, baseURL }: { page: Page; request: APIRequestContext; baseURL?: string },
  theme: "light" | "dark",
) {
  const tag = newTag();
  const names = [`${tag} Maximiliane Mustermann-Oberhuber`, `${tag} Bernd`, `${tag} Clara`];
  await bookAppointments(request, baseURL!, names, tag, { licensePlate: "W-1234 AB" });
  await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
  await loginAsAdmin(page);
  // On a phone the search opens on demand (issue 26).
  await page.locator("summary").filter({ hasText: "Suche" }).click();
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByRole("tab", { name: "Alle Termine (3)" })).toHaveAttribute("aria-selected", "true");
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  return names;
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    for (const theme of ["light", "dark"] as const) {
      test(`${theme} theme: the board shows cards and fits the screen; its dialogs open inside it`, async ({ page, request, baseURL }) => {
        // Three axe-core runs (board, cancel and delete dialog) on two shared cores.
        test.slow();
        const names = await openBoard({ page, request, baseURL }, theme);
        // Name, date and time, service, Kennzeichen, status and the actions its status allows.
        const first = card(page, names[0]!);
        await expect(first.getByRole("link", { name: names[0] })).toBeVisible();
        await expect(first.getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/)).toBeVisible();
        await expect(first.getByText("Wartung", { exact: true })).toBeVisible();
        await expect(first.getByText("W-1234 AB", { exact: true })).toBeVisible();
        await expect(first.getByText("beantragt", { exact: true })).toBeVisible();
        for (const action of ["Bestätigen", "Stornieren", "Löschen"]) await expect(first.getByText(action, { exact: true })).toBeVisible();
        await checkBoard(page, names, (name) =>
          screenshotForReview(page, `${name}-${viewport.width}-${theme}.png`, { fullPage: name === "board" }),
        );
      });
    }

    test("the cards' actions work: confirm one, cancel another with its reason", async ({ page, request, baseURL }) => {
      const names = await openBoard({ page, request, baseURL }, "light");
      await card(page, names[1]!).getByRole("button", { name: "Bestätigen" }).click();
      await expect(toast(page, "Termin bestätigt")).toBeVisible();
      await expect(card(page, names[1]!).getByText("bestätigt", { exact: true })).toBeVisible();
      // As a person would: the next tap once the toast has slid in at the bottom of the small screen.
      await settleAnimations(page);
      await card(page, names[2]!).getByRole("button", { name: "Stornieren" }).click();
      const cancel = page.getByRole("dialog", { name: "Termin stornieren" });
      await cancel.getByLabel("Stornierungsgrund").fill("Ersatzteil fehlt");
      await cancel.getByRole("button", { name: "Termin stornieren" }).click();
      await expect(toast(page, "Termin storniert")).toBeVisible();
      await expect(card(page, names[2]!).getByText("storniert", { exact: true })).toBeVisible();

      // The confirmed appointment's page fits the phone too, history table and progress buttons included (issue 16).
      await card(page, names[1]!).getByRole("link", { name: names[1] }).click();
      await page.getByRole("button", { name: "In Arbeit" }).click();
      await expect(page.getByTestId("progress-current")).toContainText("In Arbeit seit");
      await expectNoHorizontalScroll(page);
      await expectTouchTargets(page, page.getByRole("form", { name: "Fortschritt setzen" }));
    });
  });
}

test("toasts speak German to screen readers: the region 'Benachrichtigungen', each toast's button 'Schließen'", async ({ page }) => {
  // The login's toast is the one looked at.
  await loginThroughForm(page, E2E_ACCOUNTS.toasts);
  await expect(toast(page, "Erfolgreich angemeldet")).toBeVisible();
  await expect(page.getByRole("region", { name: /^Benachrichtigungen/ })).toBeAttached();
  await page.getByRole("button", { name: "Schließen" }).click();
  await expect(toast(page, "Erfolgreich angemeldet")).toHaveCount(0);
});

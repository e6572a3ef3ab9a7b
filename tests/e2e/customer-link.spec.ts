import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { site } from "../../app/config/site";
import { expect, expectNoAxeViolations, screenshotForReview, sessionCookieHeader, test } from "./fixtures";
import { bookWithPersonalLink, mailText, unique } from "./personal-link";

/**
 * Issue 16, the customer's journey after booking: the personal link of the
 * receipt e-mail (written as a file by the server's worker) opens the page
 * with the request; once the workshop confirms, the page offers the calendar
 * file; 'Termin absagen' asks once more and then cancels it in the browser
 * (its form post carries Origin: null on this no-referrer page) and the
 * customer gets the e-mail. Issue 26: one tap does not cancel, with and without
 * JavaScript; a deleted appointment's link says so, with the phone number.
 */

/** The headers of an admin API request (confirm, delete) as the e2e account, with a session of its own. */
const asAdmin = (baseURL: string) => ({ Origin: baseURL, Cookie: sessionCookieHeader() });

/** The screenshots of a changed page at 390 × 844 and 1280 × 900 (opened and looked at by whoever changes it). */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshotForReview(page, `${name}-${width}.png`, { fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
  }
}

test("from the receipt's link to a cancellation", async ({ page, request, baseURL }) => {
  const name = `Kundin ${unique()}`;
  const { id, pagePath } = await bookWithPersonalLink(request, baseURL!, name);

  await page.goto(pagePath);
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Termin" })).toBeVisible();
  await expect(page.getByText("Angefragt – noch nicht bestätigt")).toBeVisible();
  await expect(page.getByText("W 4711 K")).toBeVisible();
  await expect(page.getByRole("link", { name: "In den Kalender eintragen" })).toHaveCount(0);

  // The workshop confirms (admin API); the page then offers the calendar entry of the confirmation.
  const confirmed = await request.post(`/api/v1/admin/appointments/${id}/confirm`, { headers: asAdmin(baseURL!) });
  expect(confirmed.status()).toBe(200);
  await page.reload();
  await expect(page.getByText("Bestätigt", { exact: true })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "In den Kalender eintragen" }).click();
  const ics = await fs.readFile(await (await download).path(), "utf8");
  expect(ics).toContain(`UID:${id}@happycar.termine`);

  await screenshots(page, "customer-page");
  await expectNoAxeViolations(page);

  await page.getByLabel("Grund (optional)").fill("Auto ist schon repariert");
  await page.getByRole("button", { name: "Termin absagen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Wirklich absagen?" })).toBeVisible();
  const posted = page.waitForRequest((sent) => sent.method() === "POST");
  await page.getByRole("button", { name: "Ja, Termin absagen" }).click();
  // Why the server lets "null" through when Sec-Fetch-Site says same-origin (server/origin-check.ts).
  expect((await (await posted).allHeaders()).origin).toBe("null");
  await expect(page.getByRole("status")).toHaveText("Ihr Termin wurde abgesagt. Sie erhalten eine Bestätigung per E-Mail.");
  await expect(page.getByText("Storniert", { exact: true })).toBeVisible();
  await expect(page.getByText("Sie haben diesen Termin abgesagt.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Termin absagen" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const cancellation = await mailText("appointment-cancelled", name);
  expect(cancellation).toContain("Sie haben Ihren Termin bei Happy Car abgesagt:");
  expect(cancellation).toContain("Grund: Auto ist schon repariert");
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    // A booking, its e-mail, two page posts and axe: slow on a shared two-core machine.
    test.describe.configure({ timeout: 90_000 });

    test("'Termin absagen' asks 'Wirklich absagen?'; 'Nein, Termin behalten' keeps it, 'Ja, Termin absagen' cancels", async ({
      page,
      request,
      baseURL,
    }) => {
      const name = `Kunde ${unique()}`;
      const { pagePath } = await bookWithPersonalLink(request, baseURL!, name);
      await page.goto(pagePath);
      await page.getByLabel("Grund (optional)").fill("Bin verreist");
      await page.getByRole("button", { name: "Termin absagen" }).click();

      // The question, with the appointment and the reason, and nothing cancelled yet.
      await expect(page.getByRole("heading", { level: 1, name: "Wirklich absagen?" })).toBeVisible();
      await expect(page.getByText(/^Ölwechsel am \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr$/)).toBeVisible();
      await expect(page.getByText("Ihr Grund: Bin verreist")).toBeVisible();
      const keep = page.getByRole("link", { name: "Nein, Termin behalten" });
      const cancel = page.getByRole("button", { name: "Ja, Termin absagen" });
      await expect(keep).toBeVisible();
      await expect(cancel).toBeVisible();
      // On a phone both answers are in the first screen, the way back on top.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(keep).toBeInViewport();
      await expect(cancel).toBeInViewport();
      expect((await keep.boundingBox())!.y).toBeLessThan((await cancel.boundingBox())!.y);
      // axe runs as a script in the page: only where the page runs scripts.
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await screenshots(page, "customer-page-confirm");
      }

      await keep.click();
      await expect(page).toHaveURL(pagePath);
      await expect(page.getByText("Angefragt – noch nicht bestätigt")).toBeVisible();
      await expect(page.getByRole("button", { name: "Termin absagen" })).toBeVisible();

      await page.getByRole("button", { name: "Termin absagen" }).click();
      await page.getByRole("button", { name: "Ja, Termin absagen" }).click();
      await expect(page.getByRole("status")).toHaveText("Ihr Termin wurde abgesagt. Sie erhalten eine Bestätigung per E-Mail.");
      await expect(page.getByText("Storniert", { exact: true })).toBeVisible();
      expect(await mailText("appointment-cancelled", name)).toContain("Sie haben Ihren Termin bei Happy Car abgesagt:");
    });
  });
}

test("the link of a deleted appointment says that the appointment is gone, with the phone number, privately and with 404", async ({
  page,
  request,
  baseURL,
}) => {
  const { id, pagePath } = await bookWithPersonalLink(request, baseURL!, `Gelöscht ${unique()}`);
  const deleted = await request.delete(`/api/v1/admin/appointments/${id}`, { headers: asAdmin(baseURL!) });
  expect(deleted.status()).toBe(204);

  const response = await page.goto(pagePath);
  expect(response?.status()).toBe(404);
  const headers = response!.headers();
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["referrer-policy"]).toMatch(/(^|,\s*)no-referrer$/);
  expect(headers["x-robots-tag"]).toContain("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
  await expect(page).toHaveTitle("Termin nicht gefunden – Happy Car");
  await expect(page.getByRole("heading", { level: 1, name: "Diesen Termin gibt es nicht mehr" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
  const phone = site.phones[0]!;
  await expect(page.getByRole("main").getByRole("link", { name: phone.display })).toHaveAttribute("href", phone.href);
  await expect(page.getByRole("link", { name: "Neuen Termin vereinbaren" })).toHaveAttribute("href", "/#booking");
  await expectNoAxeViolations(page);
  await screenshots(page, "customer-page-gone");

  // The form of a page opened before the deletion: the same answer.
  const post = await request.post(pagePath, { headers: { Origin: baseURL! }, form: { intent: "cancel", confirm: "ja" } });
  expect(post.status()).toBe(404);
  expect(await post.text()).toContain("Diesen Termin gibt es nicht mehr");
});

test("an unknown link gets the same page", async ({ page }) => {
  const response = await page.goto(`/termin/${"x".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Diesen Termin gibt es nicht mehr" })).toBeVisible();
});

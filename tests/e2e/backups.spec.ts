// 'Sicherungen' (issue 29, decision 041): the owner makes a backup with 'Jetzt sichern' and finds it in
// the list with its download. Axe clean; screenshots at 390 and 1280 px when asked for (E2E_SCREENSHOT_DIR).
import { confirmIdentity, expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

test("the owner backs up with 'Jetzt sichern' and sees the new backup listed", async ({ page }) => {
  await loginAsAdmin(page);
  // The backups hold every customer's data: as the export, the password checked within 10 minutes (issue 31).
  await confirmIdentity(page);
  await page.getByRole("navigation", { name: "Admin-Bereich" }).getByRole("link", { name: "Sicherungen" }).click();
  await expect(page.getByRole("heading", { name: "Sicherungen", exact: true })).toBeVisible();
  const list = page.getByRole("list", { name: "Vorhandene Sicherungen" });
  const before = (await list.count()) > 0 ? await list.getByRole("listitem").count() : 0;

  await page.getByRole("button", { name: "Jetzt sichern" }).click();
  const created = page.getByRole("status").filter({ hasText: /^Sicherung angelegt: happy-car-.*-manual\.sql$/ });
  await expect(created).toBeVisible();
  const file = (await created.textContent())!.replace("Sicherung angelegt: ", "");

  await expect(list.getByRole("listitem")).toHaveCount(before + 1);
  const newest = list.getByRole("listitem").first();
  await expect(newest).toContainText("von Hand");
  await expect(newest.getByRole("link", { name: /herunterladen$/ })).toHaveAttribute("href", `/api/v1/admin/backups/${file}`);
  await expect(page.getByText("Letzte Sicherung")).toBeVisible();

  // The download is the file itself.
  const download = await page.request.get(`/api/v1/admin/backups/${file}`);
  expect(download.status()).toBe(200);
  expect(await download.text()).toMatch(/^-- Happy Car backup/);

  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshotForReview(page, `backups-${width}.png`, { fullPage: true });
  }
});

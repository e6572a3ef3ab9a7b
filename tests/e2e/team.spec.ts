// 'Einladung erneut senden' on 'Team' (issue 31): an invited account that has not chosen its password gets a
// new link; the page says so. Axe clean; screenshots at 390 and 1280 px in both themes when asked for.
import { confirmIdentity, expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

for (const theme of ["light", "dark"] as const) {
  test(`an invited account gets a new invitation from its card (${theme})`, async ({ page, baseURL }) => {
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    await loginAsAdmin(page);
    const email = `eingeladen-${theme}-${Date.now()}@happycar.example`;
    await confirmIdentity(page);
    const created = await page.request.post("/api/v1/admin/users", {
      headers: { Origin: baseURL! },
      data: { email, name: "Maximilian Kfz-Mechatronikerlehrling", role: "staff" },
    });
    expect(created.status()).toBe(201);

    await page.goto("/admin/team");
    const card = page.getByRole("list", { name: "Konten" }).getByRole("listitem").filter({ hasText: email });
    await expect(card.getByText("eingeladen", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Einladung erneut senden" }).click();
    await expect(page.getByText("Die neue Einladung ist per E-Mail unterwegs; frühere Einladungslinks gelten nicht mehr.")).toBeVisible();
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshotForReview(page, `team-reinvite-${width}-${theme}.png`);
    }
  });
}

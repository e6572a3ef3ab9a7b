import { expect, loginAsAdmin, test } from "./fixtures";
import { bookAppointments, expectNoAxeViolations, newTag } from "./board-data";

test.describe.configure({ timeout: 90_000 });

for (const theme of ["light", "dark"] as const) {
  test(`week planner (${theme}): blocks per appointment that open it, the week on a desktop, one day on a phone`, async ({
    page,
    request,
    baseURL,
  }) => {
    const tag = newTag();
    const slots = await bookAppointments(request, baseURL!, [`${tag} Anna`, `${tag} Bernd`], tag);
    const date = slots[0]!.date;
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    await loginAsAdmin(page);
    await page.getByRole("link", { name: "Wochenplaner" }).click();
    await expect(page.getByRole("heading", { name: /^Wochenplaner / })).toBeVisible();

    await page.goto(`/admin/planer?date=${date}`);
    const days = page.locator("section[data-planner-day]");
    await expect(days).toHaveCount(6);
    const block = page.getByRole("link", { name: new RegExp(`${slots[0]!.time}–\\d{2}:\\d{2} ${tag} Anna`) });
    await expect(block).toBeVisible();
    await expect(block).toContainText("beantragt");
    await expectNoAxeViolations(page);

    // A phone shows the asked day only, with day-by-day navigation.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(days.filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Nächster Tag" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);

    // Keyboard: the block is a link that opens the appointment.
    await block.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/termine\//);
    await expect(page.getByRole("heading", { name: `Termin von ${tag} Anna` })).toBeVisible();
  });
}

import { bookAppointments, newTag } from "./board-data";
import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

test.describe.configure({ timeout: 150_000 });

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
    // A 30-minute block (Wartung) has room for two lines: the status comes first and is not cut off (issue 26);
    // the whole text is its accessible name and tooltip.
    const statusLine = block.locator("span").first();
    await expect(statusLine).toHaveText("beantragt");
    const [blockBox, statusBox] = [(await block.boundingBox())!, (await statusLine.boundingBox())!];
    expect(statusBox.y + statusBox.height, "status line inside the block").toBeLessThanOrEqual(blockBox.y + blockBox.height);
    await expect(block).toHaveAttribute("title", new RegExp(`^beantragt: ${slots[0]!.time}–\\d{2}:\\d{2} ${tag} Anna, Wartung$`));
    // Open rows are quiet: no 'frei: 1' in every cell, only a name for screen readers.
    const day = days.filter({ has: block });
    await expect(day.getByText("frei: 1")).toHaveCount(0);
    await expect(day.getByText(/^\d{2}:\d{2} frei$/).first()).toHaveClass(/sr-only/);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshotForReview(page, `planner-1280-${theme}.png`, { fullPage: true });

    // A phone shows the asked day only, with day-by-day navigation.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(days.filter({ visible: true })).toHaveCount(1);
    // The heading names the day shown, not the week.
    const [year, month, dayOfMonth] = date.split("-");
    const weekdayName = ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"][new Date(`${date}T12:00:00Z`).getUTCDay()];
    await expect(
      page.getByRole("heading", { level: 2, name: `Wochenplaner ${weekdayName}, ${dayOfMonth}.${month}.${year}`, exact: true }),
    ).toBeVisible();
    await screenshotForReview(page, `planner-390-${theme}.png`, { fullPage: true });
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

import type { Locator } from "@playwright/test";
import { addDays } from "../../app/domain/calendar-date";
import { bookAppointments, newTag } from "./board-data";
import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";
import { workshopDay } from "./workshop-day";

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
    // With the mechanic the booking got (issue 27).
    await expect(block).toHaveAttribute(
      "title",
      new RegExp(`^beantragt: ${slots[0]!.time}–\\d{2}:\\d{2} ${tag} Anna, Wartung, Mechaniker:in \\d$`),
    );
    // Free time is the lane's empty space: quiet for the eye, named for screen readers.
    const day = days.filter({ has: block });
    const free = day.getByRole("button", { name: /^Hebebühne \d: frei \d{2}:\d{2}–\d{2}:\d{2} – Termin eintragen$/ }).first();
    await expect(free).toHaveText("");
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

/** Whether `inner` lies within the columns of `outer` (a block in its lane). */
async function inColumnOf(inner: Locator, outer: Locator) {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
}

for (const theme of ["light", "dark"] as const) {
  test(`week planner (${theme}): a lane per lift and inspection place, courtesy car and absences; a phone stacks the lanes`, async ({
    page,
  }) => {
    const { date } = workshopDay();
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAsAdmin(page);
    await page.goto(`/admin/planer?date=${date}`);
    const tuesday = page.locator(`section[data-planner-day="${date}"]`);
    const laneHead = (name: string) => tuesday.locator(`[title="${name}"]`);
    for (const lane of ["Hebebühne 1", "Hebebühne 2", "Hebebühne 3", "§57a-Prüfplatz", "Ohne Hebebühne", "Ohne Zuordnung", "Ersatzwagen"]) {
      await expect(laneHead(lane)).toBeVisible();
    }
    // Each block in the lane of what it holds; the §57a on the inspection place, Elektrik without a lift, the
    // imported one that holds nothing in 'Ohne Zuordnung'.
    const block = (name: string) => tuesday.getByRole("link", { name: new RegExp(`^\\S+: \\d{2}:\\d{2}–\\d{2}:\\d{2} ${name},`) });
    const repair = block("Katharina Gruber");
    await expect(repair).toHaveAttribute(
      "title",
      /^bestätigt: 08:00–10:00 Katharina Gruber, Reparaturen, W-4711 KG, Mechaniker:in \d, Ersatzwagen, Notiz: Bremsen vorne und hinten, Auspuff prüfen$/,
    );
    expect(await inColumnOf(block("Stefan Huber"), laneHead("§57a-Prüfplatz"))).toBe(true);
    expect(await inColumnOf(block("Sabine Berger"), laneHead("Ohne Hebebühne"))).toBe(true);
    expect(await inColumnOf(block("Georg Altbestand"), laneHead("Ohne Zuordnung"))).toBe(true);
    const lifts = await Promise.all(["Hebebühne 1", "Hebebühne 2", "Hebebühne 3"].map((lane) => inColumnOf(repair, laneHead(lane))));
    expect(lifts.filter(Boolean)).toHaveLength(1);
    // Which car is out when, and who is away: the lift from 16:30 that day, a mechanic the next.
    const car = tuesday.getByRole("link", { name: "Ersatzwagen 08:00–18:00: Katharina Gruber" });
    await expect(car).toBeVisible();
    expect(await inColumnOf(car, laneHead("Ersatzwagen"))).toBe(true);
    await expect(tuesday.getByRole("list", { name: "Abwesend" })).toHaveText("Hebebühne 3 ab 16:30: Service");
    await expect(page.locator(`section[data-planner-day="${addDays(date, 1)}"]`).getByRole("list", { name: "Abwesend" })).toHaveText(
      "Mechaniker:in 2: Urlaub",
    );
    await expect(tuesday.getByText("Hebebühne 3: nicht verfügbar 16:30–18:00: Service")).toBeAttached();
    // The cancelled one is there, apart from the lanes.
    await expect(tuesday.getByRole("link", { name: "storniert: 12:00–12:30 Rita Abgesagt, Ölwechsel" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotForReview(page, `lanes-1280-${theme}.png`, { fullPage: true });

    // A phone: the day's lanes one below the other, every entry readable, nothing wider than 360 pixels.
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(tuesday.getByRole("heading", { level: 4, name: "Hebebühne 1" })).toBeVisible();
      await expect(tuesday.getByRole("heading", { level: 4, name: "Ohne Zuordnung" })).toBeVisible();
      await expect(tuesday.getByText("nicht verfügbar 16:30–18:00: Service", { exact: true })).toBeVisible();
      await expect(repair).toBeVisible();
      await expect(car).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await screenshotForReview(page, `lanes-390-${theme}.png`, { fullPage: true });
  });
}

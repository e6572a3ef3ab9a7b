import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";
import { workshopDay } from "./workshop-day";

test.describe.configure({ timeout: 90_000 });

test("the day list groups a full day per lift, with mechanic and courtesy car, and prints it on one A4 page without the board", async ({
  page,
}) => {
  const { date, names } = workshopDay();
  // In the dark theme, so that printing black on white is the print stylesheet's doing.
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page);
  await page.getByRole("link", { name: "Tagesliste" }).click();
  await expect(page.getByRole("heading", { name: /^Tagesliste / })).toBeVisible();
  await page.goto(`/admin/tagesliste?date=${date}`);
  const [year, month, day] = date.split("-");
  await expect(page.getByRole("heading", { name: new RegExp(`${day}\\.${month}\\.${year}$`) })).toBeVisible();

  // Per lift, then the inspection place, then the work without a lift and what holds nothing; a free lift shows too.
  const groups = page.locator("tbody");
  await expect(groups.locator("th")).toHaveText([
    "Hebebühne 1",
    "Hebebühne 2",
    "Hebebühne 3",
    "§57a-Prüfplatz",
    "Ohne Hebebühne",
    "Ohne ZuordnungFür diese Termine war keine Hebebühne, kein Prüfplatz oder keine Mechaniker:in frei: bitte verschieben oder stornieren.",
  ]);
  // Every requested and confirmed appointment once, the cancelled one not; in time order within each group.
  const time = "td:first-child > span:first-child";
  const rows = page.getByRole("row").filter({ has: page.locator(time, { hasText: /^\d{2}:\d{2}–\d{2}:\d{2}$/ }) });
  await expect(rows).toHaveCount(names.length - 1);
  await expect(page.getByRole("row").filter({ hasText: "Rita Abgesagt" })).toHaveCount(0);
  for (const index of [0, 1, 2, 3, 4]) {
    const times = await groups.nth(index).locator(time).allTextContents();
    expect(times).toEqual([...times].sort());
  }
  await expect(groups.nth(3).locator("td:nth-child(2) a")).toHaveText(["Stefan Huber", "Sophie Müller", "Elena Hofer", "Christina Eder"]);
  await expect(groups.nth(4).locator("td:nth-child(2) a")).toHaveText(["Sabine Berger", "Michael Fischer", "Paul Winkler"]);
  await expect(groups.nth(5).locator("td:nth-child(2) a")).toHaveText(["Georg Altbestand"]);
  // With status and phone, plate and car, the mechanic it holds and the courtesy car.
  const repair = page.getByRole("row").filter({ hasText: "Katharina Gruber" });
  await expect(repair.locator("td")).toHaveText([
    "08:00–10:00bestätigt",
    "Katharina Gruber0676 5500000",
    "W-4711 KGVW Golf VII, 148.230 km",
    /^ReparaturenMechaniker:in \d$/,
    "Ersatzwagen",
    "Bremsen vorne und hinten, Auspuff prüfen",
  ]);
  await expect(page.getByText("Abwesend: Hebebühne 3 ab 16:30: Service")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotForReview(page, "1280-dark.png", { fullPage: true });

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Admin-Bereich" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Abmelden" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Tag wählen" })).toBeHidden();
  await expect(rows.first()).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(255, 255, 255)");
  await screenshotForReview(page, "print.png", { fullPage: true });
  const pdf = await page.pdf({ format: "A4", printBackground: false });
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);

  // A phone: the page itself never scrolls sideways (the table scrolls in its box).
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshotForReview(page, "390-dark.png", { fullPage: true });
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await page.reload();
  await screenshotForReview(page, "390-light.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshotForReview(page, "1280-light.png", { fullPage: true });
});

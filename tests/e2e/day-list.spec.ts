import { bookAppointments, newTag } from "./board-data";
import { expect, expectNoAxeViolations, loginAsAdmin, test } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

test("the day list shows the day's appointments in time order and prints on one A4 page without the board around it", async ({
  page,
  request,
  baseURL,
}) => {
  const tag = newTag();
  const names = [`${tag} Erste`, `${tag} Zweite`, `${tag} Dritte`];
  const slots = await bookAppointments(request, baseURL!, names, tag);
  const date = slots[0]!.date;
  const sameDay = names.filter((_, index) => slots[index]!.date === date);

  // In the dark theme, so that printing black on white is the print stylesheet's doing.
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await loginAsAdmin(page);
  await page.getByRole("link", { name: "Tagesliste" }).click();
  await expect(page.getByRole("heading", { name: /^Tagesliste / })).toBeVisible();
  await page.goto(`/admin/tagesliste?date=${date}`);
  const [year, month, day] = date.split("-");
  await expect(page.getByRole("heading", { name: new RegExp(`${day}\\.${month}\\.${year}$`) })).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: tag });
  await expect(rows).toHaveCount(sameDay.length);
  // In time order, with the end of each service.
  const times = await rows.locator("td:first-child").allTextContents();
  expect(times).toEqual([...times].sort());
  expect(times[0]).toMatch(/^\d{2}:\d{2}–\d{2}:\d{2}$/);
  await expectNoAxeViolations(page);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Admin-Bereich" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Abmelden" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Tag wählen" })).toBeHidden();
  await expect(rows.first()).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(255, 255, 255)");
  const pdf = await page.pdf({ format: "A4", printBackground: false });
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
});

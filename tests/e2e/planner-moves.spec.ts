import type { Page } from "@playwright/test";
import { dayLabel } from "../../app/components/admin/planner-day-label";
import { newTag } from "./board-data";
import { bookableDays, freeTimes, OWN_DAYS } from "./booking-days";
import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, sessionCookieHeader, test } from "./fixtures";
import { bookWithPersonalLink, mailText, unique } from "./personal-link";

/**
 * Issue 28's journeys on the board and the personal link: a caller's appointment entered on a phone
 * (no e-mail, 'Telefon', placed anyway when the time is full) and its marks in the planner; a block
 * dragged to another time; the move without dragging (keyboard at 1280 px, thumb at 390 px); the
 * customer's own move with the workshop's e-mail. All on a day this spec owns (booking-days.ts).
 */

test.describe.configure({ timeout: 150_000 });

const day = OWN_DAYS.plannerMoves;

/**
 * Enters a confirmed appointment through the board's API (POST /api/v1/admin/appointments, as the page's
 * session), and answers its id and the lift it got.
 */
async function enter(page: Page, fields: Record<string, unknown>): Promise<{ id: string; lift: string }> {
  const { baseURL } = test.info().project.use;
  const entered = await page.request.post("/api/v1/admin/appointments", {
    headers: { Origin: baseURL! },
    data: { phone: "0660 1234567", service: "Ölwechsel", date: day, source: "phone", notifyCustomer: false, ...fields },
  });
  expect(entered.status(), await entered.text()).toBe(201);
  const { id } = (await entered.json()) as { id: string };
  return { id, lift: await liftOf(page, id) };
}

/** The name of the lift the appointment holds now (GET /api/v1/admin/appointments/:id). */
async function liftOf(page: Page, id: string): Promise<string> {
  const details = await page.request.get(`/api/v1/admin/appointments/${id}`);
  const { appointment } = (await details.json()) as { appointment: { time: string; resources: Array<{ kind: string; name: string }> } };
  return appointment.resources.find((resource) => resource.kind === "lift")?.name ?? "";
}

async function timeOf(page: Page, id: string): Promise<string> {
  const details = await page.request.get(`/api/v1/admin/appointments/${id}`);
  return ((await details.json()) as { appointment: { time: string } }).appointment.time;
}

const daySection = (page: Page) => page.locator(`section[data-planner-day="${day}"]`);

/** Clicks the day's first free cell at 1280 px: 'Termin eintragen' opens with its day and time filled in. */
async function enterAtFreeCell(page: Page) {
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/planer?date=${day}`);
  const free = daySection(page)
    .getByRole("button", { name: /^Hebebühne \d: frei \d{2}:\d{2}–\d{2}:\d{2} – Termin eintragen$/ })
    .first();
  const from = /frei (\d{2}:\d{2})/.exec((await free.getAttribute("aria-label"))!)![1]!;
  await free.click();
  await expect(page.getByRole("heading", { level: 2, name: "Termin eintragen" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/admin/termine/neu");
  await expect(page.getByLabel("Datum")).toHaveValue(day);
  await expect(page.getByLabel("Uhrzeit")).toHaveValue(from);
}

test("a free cell of the planner opens 'Termin eintragen' at its day and time", async ({ page }) => {
  await enterAtFreeCell(page);
});

/** A block of the day by its customer's name (its accessible name is its whole summary). */
const blockOf = (page: Page, name: string) =>
  daySection(page).getByRole("link", { name: new RegExp(`^\\S+: \\d{2}:\\d{2}–\\d{2}:\\d{2} ${name},`) });

test("a caller's appointment entered on a phone, placed anyway at a full time, with its marks in the planner", async ({ page }) => {
  const tag = newTag();
  await loginAsAdmin(page);
  // 16:00 full: the three lifts and the three mechanics are taken.
  for (const index of [1, 2, 3]) await enter(page, { name: `${tag} Voll ${index}`, time: "16:00" });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await page.getByRole("link", { name: "Termin eintragen" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Termin eintragen" })).toBeVisible();
  // Opened as a document too (a bookmark): it hydrates without an error (the fixture fails on one; an h1 in an h3 did).
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Termin eintragen" })).toBeVisible();
  const name = `${tag} Anruferin`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Telefon", { exact: true }).fill("0664 9876543");
  await page.getByLabel("Leistung").selectOption("Ölwechsel");
  await page.getByLabel("Datum").fill(day);
  await page.getByLabel("Uhrzeit").selectOption("16:00");
  await expect(page.getByLabel("Herkunft")).toHaveValue("phone");
  await page.getByRole("button", { name: "Termin eintragen" }).click();
  // Refused with the reason; 'Trotzdem eintragen' with a reason places it all the same.
  await expect(page.getByText(/^Zu dieser Zeit ist nicht alles frei/).first()).toBeVisible();
  await page.getByLabel("Begründung für „Trotzdem eintragen“").fill("Stammkundin, wartet");
  await screenshotForReview(page, "entry-override-390.png", { fullPage: true });
  await page.getByRole("button", { name: "Trotzdem eintragen" }).click();
  await expect(page.getByRole("heading", { name: `Termin von ${name}` })).toBeVisible();
  const details = page.locator("dl");
  await expect(details).toContainText("Keine E-Mail-Adresse – der Kunde bekommt keine E-Mails.");
  await expect(details).toContainText("HerkunftTelefon");
  await expect(details).toContainText("Platzierungüberbucht: keine Hebebühne und keine Mechaniker:in");
  await expect(details).toContainText("Trotzdem eingetragenStammkundin, wartet");

  // The planner of that day on the phone: the block with its marks, readable.
  await page.goto(`/admin/planer?date=${day}`);
  const block = blockOf(page, name);
  await expect(block).toBeVisible();
  for (const mark of [
    "Telefon",
    "überbucht: keine Hebebühne und keine Mechaniker:in",
    "Trotzdem eingetragen: Stammkundin, wartet",
    "ohne E-Mail",
  ]) {
    await expect(block).toContainText(mark);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshotForReview(page, "marks-390.png", { fullPage: true });
  await expectNoAxeViolations(page);
  // The week on a desktop: the marks in the block's name and tooltip.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(block).toHaveAttribute(
    "title",
    /Telefon, überbucht: keine Hebebühne und keine Mechaniker:in, Trotzdem eingetragen: Stammkundin, wartet, ohne E-Mail$/,
  );
  await screenshotForReview(page, "marks-1280.png", { fullPage: true });
  // The day list says it too, still on one page.
  await page.goto(`/admin/tagesliste?date=${day}`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(
    "Telefon · überbucht: keine Hebebühne und keine Mechaniker:in · Trotzdem eingetragen: Stammkundin, wartet · ohne E-Mail",
  );
});

test("a block dragged to another free time of its lane stays there after a reload", async ({ page }) => {
  const tag = newTag();
  await loginAsAdmin(page);
  const name = `${tag} Zieh`;
  const { id, lift } = await enter(page, { name, time: "09:00", email: `${tag.toLowerCase()}@example.at`, notifyCustomer: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/planer?date=${day}`);
  const block = blockOf(page, name);
  await expect(block).toBeVisible();
  // The lane's free time after the block; the row of 13:00 by the time column.
  const free = daySection(page).getByRole("button", { name: new RegExp(`^${lift}: frei 09:30–\\d{2}:\\d{2} – Termin eintragen$`) });
  const row = page.locator("div[aria-hidden=true] > div").filter({ hasText: /^13:00$/ });
  // The block at 09:00 and the row of 13:00 both in the 900 pixels' view.
  await page.evaluate(() => window.scrollTo(0, 300));
  const [freeBox, rowBox] = [(await free.boundingBox())!, (await row.boundingBox())!];
  // Taken by its top left corner: the bottom right one is its 'Verschieben' button.
  await block.hover({ position: { x: 4, y: 4 } });
  await page.mouse.down();
  await page.mouse.move(freeBox.x + freeBox.width / 2, rowBox.y + rowBox.height / 2, { steps: 8 });
  // While dragging, the row under the pointer lights up with its time.
  await expect(free.getByText("13:00", { exact: true })).toBeVisible();
  await screenshotForReview(page, "drag-1280.png");
  await page.mouse.up();
  await expect(page.getByText("Der Termin wurde verschoben.", { exact: true })).toBeVisible();
  await expect(page.getByText(`Neu: ${dayLabel(day)}, 13:00, ${lift}.`, { exact: false })).toBeVisible();
  await expect(blockOf(page, name)).toHaveAttribute("title", new RegExp(`^bestätigt: 13:00–13:30 ${name},`));
  await page.reload();
  await expect(blockOf(page, name)).toHaveAttribute("title", new RegExp(`^bestätigt: 13:00–13:30 ${name},`));
  expect(await timeOf(page, id)).toBe("13:00");
  expect(await liftOf(page, id)).toBe(lift);
  // The confirmed appointment's customer hears of it ('Ihr Termin wurde verschoben').
  expect(await mailText("appointment-moved", name)).toContain("13:00");
});

test("the move without dragging: keyboard at 1280 px (staff), thumb at 390 px, Escape leaves it, a taken time is refused", async ({
  page,
}) => {
  const tag = newTag();
  await loginAsAdmin(page, "staff");
  const name = `${tag} Taste`;
  const { id, lift } = await enter(page, { name, time: "11:00" });
  const other = ["Hebebühne 1", "Hebebühne 2", "Hebebühne 3"].find((lane) => lane !== lift)!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/planer?date=${day}`);
  const block = blockOf(page, name);
  // Keyboard only: the block, then its 'Verschieben' button (shown when it has the focus), Enter.
  await block.focus();
  await page.keyboard.press("Tab");
  const moveButton = daySection(page).getByRole("button", { name: `Verschieben: ${name}, 11:00–11:30` });
  await expect(moveButton).toBeFocused();
  await expect(moveButton).toBeVisible();
  await page.keyboard.press("Enter");
  const bar = page.getByRole("region", { name: "Verschieben" });
  await expect(bar).toContainText(`${name} (${dayLabel(day)}, 11:00) verschieben`);
  // Escape leaves the move mode.
  await page.keyboard.press("Escape");
  await expect(bar).toHaveCount(0);
  await expect(page).not.toHaveURL(/verschieben=/);
  await block.focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(bar).toBeVisible();
  const target = page.getByRole("button", { name: `Hierher verschieben: ${dayLabel(day)}, 15:00, ${other}` });
  await expect(target).toBeVisible();
  await screenshotForReview(page, "move-mode-1280.png");
  await expectNoAxeViolations(page);
  await target.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Neu: ${dayLabel(day)}, 15:00, ${other}.`)).toBeVisible();
  await expect(bar).toHaveCount(0);
  expect(await timeOf(page, id)).toBe("15:00");
  expect(await liftOf(page, id)).toBe(other);

  // A thumb on a phone: 'Verschieben' beside the block, then a time of a lane.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/planer?date=${day}`);
  await daySection(page)
    .getByRole("button", { name: `Verschieben: ${name}, 15:00–15:30` })
    .click();
  await expect(bar).toBeVisible();
  const phoneTarget = page.getByRole("button", { name: `Hierher verschieben: ${dayLabel(day)}, 10:30, ${lift}` });
  expect((await phoneTarget.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshotForReview(page, "move-mode-390.png", { fullPage: true });
  await phoneTarget.click();
  await expect(page.getByText(`Neu: ${dayLabel(day)}, 10:30, ${lift}.`)).toBeVisible();
  expect(await timeOf(page, id)).toBe("10:30");

  // A time that has become full meanwhile: the move is refused with the reason, nothing changes.
  await page.goto(`/admin/planer?date=${day}&verschieben=${id}`);
  const full = page.getByRole("button", { name: `Hierher verschieben: ${dayLabel(day)}, 14:00, ${lift}` });
  await expect(full).toBeVisible();
  for (const index of [1, 2, 3]) await enter(page, { name: `${tag} Schneller ${index}`, time: "14:00" });
  await full.click();
  await expect(page.getByText(/Der Termin konnte nicht verschoben werden\. /).first()).toBeVisible();
  expect(await timeOf(page, id)).toBe("10:30");
});

test("the customer moves the appointment on the personal link, the workshop gets 'Termin vom Kunden verschoben'", async ({
  page,
  request,
  baseURL,
}) => {
  const name = `Kundin ${unique()}`;
  const { id, pagePath } = await bookWithPersonalLink(request, baseURL!, name);
  const confirmed = await request.post(`/api/v1/admin/appointments/${id}/confirm`, {
    headers: { Origin: baseURL!, Cookie: sessionCookieHeader() },
  });
  expect(confirmed.status()).toBe(200);
  const details = await request.get(`/api/v1/admin/appointments/${id}`, { headers: { Cookie: sessionCookieHeader() } });
  const before = ((await details.json()) as { appointment: { date: string } }).appointment.date;
  const newDay = (await bookableDays(request, 4, 60, "Ölwechsel")).find((date) => date !== before)!;
  const newTime = (await freeTimes(request, newDay, "Ölwechsel"))[0]!;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pagePath);
  await expect(page.getByRole("heading", { level: 2, name: "Termin verschieben" })).toBeVisible();
  await page.getByLabel("Neuer Tag").fill(newDay);
  await page.getByRole("button", { name: "Freie Zeiten zeigen" }).click();
  await page.getByRole("radio", { name: newTime }).check();
  await page.getByRole("button", { name: "Termin verschieben" }).click();
  await expect(page.getByRole("status")).toHaveText("Ihr Termin wurde verschoben. Sie erhalten eine Bestätigung per E-Mail.");
  // The workshop's e-mail names the customer and the new time.
  const workshop = await mailText("customer-moved-workshop", name);
  expect(workshop).toContain(newTime);
  // The customer's updated invite.
  expect(await mailText("appointment-moved", name)).toContain(newTime);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a free cell opens 'Termin eintragen' at its day and time", async ({ page }) => {
    await enterAtFreeCell(page);
  });

  test("'Verschieben' and 'Hierher verschieben' are plain forms: the block moves, the page says so", async ({ page }) => {
    const tag = newTag();
    await loginAsAdmin(page);
    const name = `${tag} Ohne Skript`;
    const { id, lift } = await enter(page, { name, time: "12:00" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/planer?date=${day}`);
    await daySection(page)
      .getByRole("button", { name: `Verschieben: ${name}, 12:00–12:30` })
      .click();
    await expect(page).toHaveURL(new RegExp(`verschieben=${id}`));
    await page.getByRole("button", { name: `Hierher verschieben: ${dayLabel(day)}, 17:00, ${lift}` }).click();
    await expect(page.getByRole("status")).toContainText(`Der Termin wurde verschoben.Neu: ${dayLabel(day)}, 17:00, ${lift}.`);
    expect(await timeOf(page, id)).toBe("17:00");
  });
});

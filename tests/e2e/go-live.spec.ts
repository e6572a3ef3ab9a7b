// Going live without touching code (issue 29, decision 048): the board's 'Vor dem Start' while the Impressum and
// contact facts are still examples, and the owner's journey: a phone number and a service changed on 'Einstellungen'
// show on /kontakt, in the booking form and in the next e-mail. The server-side checks of both states (noindex, the
// sitemap, a second instance on PostgreSQL) are tests/integration/public-facts.test.ts's.
import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { bookableDays, bookFreeSlot, freeTimes } from "./booking-days";
import { confirmIdentity, expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

const mailDir = path.resolve(process.env.E2E_DATA_DIR ?? ".e2e-data", "mail");

/** The e2e database is new: its facts are app/config/site.ts's examples. */
const EXAMPLE_MOBILE = "0660 123 45 67";
const NEW_MOBILE = "0660 765 43 21";
/** Only this journey books it; the other specs' lists name it, so it keeps its name and place. */
const SERVICE = "Bremsenservice";

for (const width of [390, 1280]) {
  test(`'Vor dem Start' lists the example values, each linked to its section, and the pages say noindex, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page);
    const checklist = page.getByRole("region", { name: "Vor dem Start" });
    await expect(checklist).toBeVisible();
    // On a phone the list opens on demand: the first screen keeps showing appointments.
    if (width < 768) await checklist.getByText("10 Beispielwerte ersetzen").click();
    await expect(checklist.getByRole("link", { name: /UID-Nummer/ })).toHaveAttribute("href", "/admin/einstellungen#imprint");
    await expect(checklist.getByRole("link", { name: /Telefonnummern/ })).toHaveAttribute("href", "/admin/einstellungen#workshop");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page, '[data-testid="before-launch"]');
    await screenshotForReview(page, `${width}-vor-dem-start.png`);
    await page.goto("/kontakt");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
}

/** Sets a field of a section on 'Einstellungen' and saves that section (a plain post, as without JavaScript). */
async function saveSection(page: Page, section: "workshop" | "services", fill: (card: ReturnType<Page["locator"]>) => Promise<void>) {
  await page.goto("/admin/einstellungen");
  const card = page.locator(`#${section}`);
  await fill(card);
  await card.getByRole("button", { name: section === "workshop" ? "Werkstatt speichern" : "Leistungen speichern" }).click();
  await expect(page.locator(`#${section}`).getByText("Die Einstellungen wurden gespeichert.")).toBeVisible();
}

const mobileField = (card: ReturnType<Page["locator"]>) => card.getByLabel("Telefon 2: Nummer");
const durationField = (card: ReturnType<Page["locator"]>) =>
  card.getByRole("group", { name: SERVICE, exact: true }).getByLabel("Dauer (halbe Stunden)");

test("the owner changes a phone number and a service's duration; /kontakt, the booking form and the next e-mail follow", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page);
  // Changing the workshop's facts is a sensitive owner action (issue 31): the password checked again.
  await confirmIdentity(page);
  try {
    await saveSection(page, "workshop", (card) => mobileField(card).fill(NEW_MOBILE));
    await saveSection(page, "services", (card) => durationField(card).fill("2"));

    await page.goto("/kontakt");
    const phone = page.getByRole("link", { name: NEW_MOBILE });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute("href", "tel:+436607654321");
    await expect(page.getByText(EXAMPLE_MOBILE)).toHaveCount(0);
    await screenshotForReview(page, "1280-kontakt.png");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole("link", { name: NEW_MOBILE })).toBeVisible();
    await screenshotForReview(page, "390-kontakt.png", { fullPage: true });

    // The booking form, once its island is hydrated: the service with its new duration.
    await page.goto("/termin-anfragen");
    const booking = page.locator("#booking");
    await booking.getByLabel("Name *").focus();
    await expect(booking.locator(".rdp-root")).toBeVisible({ timeout: 30_000 });
    await page.locator('select[name="booking-service"]').selectOption(SERVICE);
    await expect(booking.getByText("Dauer: etwa 60 Minuten")).toBeVisible();

    // The next e-mail: the booking's receipt names the new number (the footer lists every phone).
    const email = `go-live-${Date.now()}@example.at`;
    await bookFreeSlot(request, baseURL!, { name: "Gerda Live", email, phone: "0664 5551234", service: SERVICE }, async () => {
      const [date] = await bookableDays(request, 10, 60, SERVICE);
      const [time] = await freeTimes(request, date!, SERVICE);
      return { date: date!, time: time! };
    });
    await expect
      .poll(
        async () => {
          const files = (await fs.readdir(mailDir).catch(() => [] as string[])).filter((name) =>
            name.includes("-booking-received-customer-"),
          );
          for (const file of files) {
            const mail = await simpleParser(await fs.readFile(path.join(mailDir, file)));
            if (mail.to && JSON.stringify(mail.to).includes(email)) return mail.text ?? "";
          }
          return "";
        },
        { timeout: 15_000 },
      )
      .toContain(`Mobil: ${NEW_MOBILE}`);
  } finally {
    // The other specs share this server and read the examples: put them back.
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveSection(page, "workshop", (card) => mobileField(card).fill(EXAMPLE_MOBILE));
    await saveSection(page, "services", (card) => durationField(card).fill("1"));
  }
});

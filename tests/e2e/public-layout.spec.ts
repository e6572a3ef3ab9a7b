import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bookWithPersonalLink, unique } from "./personal-link";
import { publicPageContent } from "./public-pages";

// Geometry of the public pages (issue 14, polish found on a phone). Instant scrolling, so a box is measured where it lands.
test.use({ reducedMotion: "reduce" });

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const value = await locator.boundingBox();
  expect(value, "element has a box").not.toBeNull();
  return value!;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const headerOf = (page: Page) => page.getByRole("banner");

/** Clicks the hero's 'Termin vereinbaren' and checks that the booking section starts right at the fixed header's lower edge. */
async function expectBookingRightUnderHeader(page: Page) {
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Termin vereinbaren" }).click();
  await expect(page).toHaveURL(/#booking$/);
  const header = await box(headerOf(page));
  await expect.poll(async () => Math.round((await box(page.locator("#booking"))).y)).toBe(Math.round(header.y + header.height));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });

    test("'Termin vereinbaren' lands the booking section right under the fixed header, its time selector in view at 1280 × 900", async ({
      page,
    }) => {
      await expectBookingRightUnderHeader(page);
      if (javaScriptEnabled) {
        // Scrolling there loads the island: the day picker, whose time selector sits below the calendar.
        await expect(page.getByRole("grid")).toBeVisible();
      }
      const time = await box(page.getByLabel("Uhrzeit *"));
      expect(time.y + time.height).toBeLessThanOrEqual(900);
    });
  });
}

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Termin vereinbaren' lands the booking section right under the fixed header", async ({ page }) => {
    await expectBookingRightUnderHeader(page);
  });

  test("the back-to-top button covers neither the calendar's Sunday column, the message field, the copyright line nor the header's controls", async ({
    page,
  }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Zurück nach oben" });
    const header = headerOf(page);
    const headerControls = [
      header.getByRole("link", { name: "Happy Car – zur Startseite" }),
      header.getByTestId("theme-toggle"),
      header.getByRole("button", { name: "Menü öffnen" }),
    ];

    /** Brings the target to the bottom edge of the screen, where a floating button sits, and compares the boxes. */
    async function expectClearOf(target: Locator) {
      await target.evaluate((element) => element.scrollIntoView({ block: "end" }));
      await expect(button).toBeVisible();
      const buttonBox = await box(button);
      expect(overlaps(buttonBox, await box(target)), "button over the content").toBe(false);
      for (const control of headerControls) expect(overlaps(buttonBox, await box(control)), "button over a header control").toBe(false);
    }

    await page.locator("#booking").scrollIntoViewIfNeeded();
    await page.getByLabel("Name *").first().focus();
    const calendar = page.getByRole("grid");
    await expect(calendar).toBeVisible();
    const sundayCells = calendar.locator("tr > :last-child");
    expect(await sundayCells.count()).toBeGreaterThan(4);
    for (const cell of await sundayCells.all()) await expectClearOf(cell);
    await expectClearOf(page.getByLabel("Nachricht (optional)"));
    await expectClearOf(page.getByText(/© \d{4} Happy Car\. Alle Rechte vorbehalten\./));
  });
});

test("home page: the short contact form's card keeps its natural height beside the taller map column", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/#contact");
  const contact = page.locator("#contact");
  const card = contact.locator("div.rounded-xl", { has: page.getByRole("heading", { name: "Nachricht senden" }) });
  const cardBox = await box(card);
  const submit = await box(contact.getByRole("button", { name: "Nachricht senden" }));
  const map = await box(page.locator("#karte"));
  // The card ends with its content's padding (1.5 rem) below the send button, well above the map column's end.
  expect(cardBox.y + cardBox.height - (submit.y + submit.height)).toBeLessThanOrEqual(24 + 2);
  expect(cardBox.y + cardBox.height).toBeLessThan(map.y + map.height - 100);
});

test.describe("no sideways scrolling on a phone (issue 26)", () => {
  // Two dozen page loads and a booking: slow on a shared two-core machine.
  test.describe.configure({ timeout: 180_000 });

  test("every public page fits 360 and 390 px: German headings wrap or hyphenate, the header's controls stay on the screen", async ({
    page,
    request,
    baseURL,
  }) => {
    const { pagePath: personalLink } = await bookWithPersonalLink(request, baseURL!, `Breite ${unique()}`);
    const pages: Array<{ name: string; open: () => Promise<unknown> }> = [
      ...[
        ...publicPageContent.map((content) => content.path),
        "/termin-anfragen",
        "/nachricht-senden",
        "/karte",
        personalLink,
        `/termin/${"x".repeat(43)}`,
        "/gibt-es-nicht",
      ].map((path) => ({ name: path, open: () => page.goto(path) })),
      {
        name: "the personal link's 'Wirklich absagen?'",
        open: async () => {
          await page.goto(personalLink);
          await page.getByRole("button", { name: "Termin absagen" }).click();
          await expect(page.getByRole("heading", { level: 1, name: "Wirklich absagen?" })).toBeVisible();
        },
      },
    ];
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const { name, open } of pages) {
        await open();
        const where = `${name} at ${width} px`;
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${where}: page wider than the screen`)
          .toBeLessThanOrEqual(width);
        const heading = page.getByRole("heading", { level: 1 });
        const headingBox = await box(heading);
        expect.soft(headingBox.x + headingBox.width, `${where}: heading wider than the screen`).toBeLessThanOrEqual(width);
        expect.soft(await heading.evaluate((element) => getComputedStyle(element).hyphens), `${where}: heading hyphenates`).toBe("auto");
        for (const control of [headerOf(page).getByTestId("theme-toggle"), headerOf(page).getByRole("button", { name: "Menü öffnen" })]) {
          const controlBox = await box(control);
          expect.soft(controlBox.x + controlBox.width, `${where}: header control off the screen`).toBeLessThanOrEqual(width);
        }
      }
    }
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});

import crypto from "node:crypto";
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 12: the public pages' first load is the HTML (with its stylesheet
 * inline) and the small site script. React and the forms' code load on the
 * visitor's first touch of a form in view (/kontakt), or when they scroll to one.
 */

/** The chunks that make up the form islands: the island loader's module, the registry, React DOM. */
const ISLAND_CHUNK = /\/assets\/(islands|island|client|react-dom)-[\w-]+\.js$/;

function islandRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (ISLAND_CHUNK.test(new URL(request.url()).pathname)) requests.push(request);
  });
  return requests;
}

const contactForm = (page: Page) => page.getByRole("form", { name: "Kontaktformular" });

for (const pagePath of ["/", "/kontakt", "/ueber-uns"]) {
  test(`${pagePath} shows its text before it asks for any script (decision 021)`, async ({ page }) => {
    await page.goto(pagePath, { waitUntil: "networkidle" });
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script" || entry.name.endsWith(".js"))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }));
    expect(timing.firstContentfulPaint, "first contentful paint").toBeGreaterThan(0);
    expect(
      timing.scripts.some((script) => /\/assets\/public-[\w-]+\.js$/.test(script.url)),
      "the site script loads",
    ).toBe(true);
    for (const script of timing.scripts) expect(script.startTime, script.url).toBeGreaterThan(timing.firstContentfulPaint!);
  });
}

test("a browser that lists paints but reports none still gets the site script, a few seconds later", async ({ page }) => {
  await page.addInitScript(() => {
    // Accepts the paint observer and never calls it back.
    window.PerformanceObserver = class {
      static supportedEntryTypes = ["paint"];
      observe() {}
      disconnect() {}
    } as unknown as typeof PerformanceObserver;
  });
  await page.goto("/kontakt", { waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "", { timeout: 10_000 });
});

test("/kontakt loads no React on first load; its form hydrates on focus", async ({ page }) => {
  const requests = islandRequests(page);
  await page.goto("/kontakt", { waitUntil: "networkidle" });
  const form = contactForm(page);
  await expect(form).toBeInViewport();
  await page.waitForTimeout(300);
  expect(requests.map((request) => request.url())).toEqual([]);
  await expect(form).not.toHaveAttribute("novalidate");

  await form.getByLabel("Vorname").focus();
  await expect(form).toHaveAttribute("novalidate", "");
  expect(requests.length).toBeGreaterThan(0);
});

test("what is typed into /kontakt before hydration stays, and the message is sent", async ({ page }) => {
  // Hold the islands module until the visitor has typed: a slow phone link.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/islands-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/kontakt");
  const form = contactForm(page);
  const message = `Vor dem Laden getippt ${Date.now()}`;
  await form.getByLabel("Vorname").pressSequentially("Eri");
  await form.getByLabel("Nachname").fill("Musterfrau");
  await form.getByLabel("E-Mail").fill("erika@example.com");
  await form.getByLabel("Nachricht").pressSequentially(message);
  await expect(form).not.toHaveAttribute("novalidate");

  release();
  await expect(form).toHaveAttribute("novalidate", "");
  await expect(form.getByLabel("Vorname")).toHaveValue("Eri");
  await expect(form.getByLabel("Nachricht")).toHaveValue(message);
  // Typing goes on in the hydrated form, after a blur.
  await form.getByLabel("Vorname").focus();
  await form.getByLabel("Vorname").press("End");
  await form.getByLabel("Vorname").pressSequentially("ka");
  await expect(form.getByLabel("Vorname")).toHaveValue("Erika");
  await expect(form.getByLabel("Nachname")).toHaveValue("Musterfrau");

  // Sent by the island (JSON API and a toast), not as a plain post.
  const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/contact");
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Nachricht gesendet" })).toBeVisible();
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(form.getByLabel("Nachricht")).toHaveValue("");
});

test("the home page's booking form loads when the visitor scrolls to it", async ({ page }) => {
  const requests = islandRequests(page);
  await page.goto("/", { waitUntil: "networkidle" });
  expect(requests).toEqual([]);
  await page.locator("#booking").scrollIntoViewIfNeeded();
  await expect(page.locator("#booking .rdp-root")).toBeVisible();
});

for (const path of ["/", "/kontakt", "/ueber-uns"]) {
  test(`${path} carries its stylesheet inline, allowed by its hash in the CSP`, async ({ page }) => {
    const response = await page.goto(path);
    const csp = (await response?.headerValue("content-security-policy")) ?? "";
    const styles = await page.locator("head style").allTextContents();
    expect(styles.length).toBeGreaterThan(0);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    const styleSrc = csp.split(";").find((directive) => directive.trim().startsWith("style-src "));
    for (const css of styles) {
      expect(styleSrc).toContain(`'sha256-${crypto.createHash("sha256").update(css).digest("base64")}'`);
    }
    // Applied: Tailwind's classes take effect (the fixtures fail the test on a CSP violation).
    const header = page.locator("header").first();
    await expect(header).toHaveCSS("position", /sticky|fixed/);
  });
}

test("a page opened at #booking hydrates the booking form without a further scroll, also when that scroll came before the site script", async ({
  page,
  baseURL,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  // Hold the site script until the browser has jumped to the fragment.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/public-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The frame's own goto: the fixture's page.goto waits for the site script.
  await page.mainFrame().goto(`${baseURL}/#booking`, { waitUntil: "domcontentloaded" });
  await expect(page.locator("#booking")).toBeInViewport();
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  release();
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await expect(page.locator("#booking .rdp-root")).toBeVisible({ timeout: 30_000 });
});

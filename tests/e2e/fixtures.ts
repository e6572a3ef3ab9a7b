import { test as base, expect, type Page } from "@playwright/test";
import { ENHANCED_ATTRIBUTE } from "../../app/browser/enhanced";

/**
 * Every browser test fails on a console error or a CSP violation, so a
 * broken script or a blocked inline snippet cannot go unnoticed.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) awaitEnhancementOnNavigation(page);
    await use(page);
  },
  /** Console errors a spec provokes on purpose (e.g. requests refused while offline): `test.use({ expectedConsoleErrors })`. */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter(
        // A 4xx/5xx document the test itself asked for is logged by Chromium as a resource error.
        (text) =>
          !/Failed to load resource: the server responded with a status of (404|409|429)/.test(text) &&
          !expectedConsoleErrors.some((expected) => expected.test(text)),
      );
      expect(unexpected, "console errors or CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The public pages attach their behaviour (menu, theme toggle, back-to-top, form islands) a frame
 * after the first paint (decision 021), which may be after the load event `goto` and `reload`
 * wait for. Both also wait for it here, so a test's first click finds the page enhanced.
 */
function awaitEnhancementOnNavigation(page: Page) {
  for (const method of ["goto", "reload"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page.waitForFunction(
        (attribute) => !document.querySelector("[data-menu-toggle]") || document.documentElement.hasAttribute(attribute),
        ENHANCED_ATTRIBUTE,
      );
      return response;
    }) as Page[typeof method];
  }
}

/** The e2e server starts with this account (playwright.config.ts: ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "admin@happycar.example", password: "E2e-Testpasswort-2026!" };

/** Logs in through the admin login form and waits for the board. */
export async function loginAsAdmin(page: Page) {
  await page.goto("/admin-login");
  await page.getByLabel("E-Mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Passwort").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  // scrypt (128 MiB, deliberately slow) on a busy test machine can take a few seconds.
  await expect(page).toHaveURL("/admin", { timeout: 15_000 });
}

import { test as base, expect } from "@playwright/test";

/**
 * Every browser test fails on a console error or a CSP violation, so a
 * broken script or a blocked inline snippet cannot go unnoticed.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter(
        // A 4xx/5xx document the test itself asked for is logged by Chromium as a resource error.
        (text) => !/Failed to load resource: the server responded with a status of (404|409|429)/.test(text),
      );
      expect(unexpected, "console errors or CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

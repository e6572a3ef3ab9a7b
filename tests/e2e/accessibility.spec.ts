import { expect, expectNoAxeViolations, test } from "./fixtures";
import { publicPageContent } from "./public-pages";

// 'Passwort vergessen?' is reachable without a login; its link's page and 'Passwort ändern' are checked in password.spec.ts.
const paths = [...publicPageContent.map((content) => content.path), "/gibt-es-nicht", "/admin-passwort-vergessen"];

for (const theme of ["dark", "light"] as const) {
  test.describe(`axe-core in the ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    });

    // One page for all paths, a step each: a new browser context costs a second of CPU (decision 030).
    test("every public page, the not-found page and 'Passwort vergessen?' have no violations", async ({ page }) => {
      for (const path of paths) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /\blight\b/);
          await expectNoAxeViolations(page);
        });
      }
    });

    test("the open mobile menu has no violations", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await expect(page.getByRole("navigation", { name: "Mobile Navigation" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

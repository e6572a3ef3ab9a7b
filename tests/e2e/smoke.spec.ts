import { expect, test } from "./fixtures";

test("unknown path shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

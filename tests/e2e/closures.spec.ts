// The owner's 'Schließtage' (issue 15): enter a closure, see the appointments it covers, cancel them in one step,
// delete it again; on a phone and a desktop (axe clean, screenshots of both), and on a phone without JavaScript
// (axe-core needs JavaScript in the page, so that run checks the flow only).
import { bookAppointments, expectNoAxeViolations, newTag } from "./board-data";
import { expect, loginAsAdmin, test } from "./fixtures";

const runs = [
  { width: 390, height: 844, javaScriptEnabled: true },
  { width: 1280, height: 800, javaScriptEnabled: true },
  { width: 390, height: 844, javaScriptEnabled: false },
];

for (const run of runs) {
  test.describe(`Schließtage at ${run.width} px, JavaScript ${run.javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: run.width, height: run.height }, javaScriptEnabled: run.javaScriptEnabled });

    test("enter a closure, cancel the appointment it covers, delete it", async ({ page, request, baseURL }, testInfo) => {
      test.setTimeout(90_000);
      const tag = newTag();
      const customer = `Kundin ${tag}`;
      const [slot] = await bookAppointments(request, baseURL!, [customer], tag);
      const closureName = `Wasserrohrbruch ${tag}`;

      await loginAsAdmin(page);
      await page.getByRole("navigation", { name: "Admin-Bereich" }).getByRole("link", { name: "Schließtage" }).click();
      await expect(page).toHaveURL("/admin/schliesstage");
      await expect(page.getByRole("heading", { name: "Schließtage", level: 2 })).toBeVisible();
      // The configured defaults were entered at the first start.
      await expect(page.getByRole("list", { name: "Eingetragene Schließtage" }).getByText("Heiliger Abend").first()).toBeVisible();

      await page.getByLabel("Bezeichnung").fill(closureName);
      await page.getByLabel("Von").fill(slot!.date);
      await page.getByRole("button", { name: "Eintragen" }).click();
      await expect(page.getByRole("status")).toHaveText("Der Schließtag wurde eingetragen.");
      const affected = page.getByRole("list", { name: "Betroffene Termine" });
      await expect(affected.getByText(customer)).toBeVisible();
      await expect(page.getByLabel("Stornierungsgrund (steht in der Absage-E-Mail)")).toHaveValue(closureName);

      // The closed day is closed for customers at once.
      const slots = (await (await request.get(`/api/v1/slots?date=${slot!.date}`)).json()) as { open: boolean; reason?: string };
      expect(slots).toMatchObject({ open: false, reason: closureName });

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, "page wider than the screen").toBeLessThanOrEqual(innerWidth);
      if (run.javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await page.screenshot({ path: testInfo.outputPath(`closures-affected-${run.width}.png`), fullPage: true });
      }

      await page.getByRole("button", { name: "Alle stornieren" }).click();
      await expect(page.getByRole("status")).toContainText("storniert; die Kundinnen und Kunden bekommen die Absage per E-Mail.");
      await expect(page.getByRole("list", { name: "Betroffene Termine" })).toHaveCount(0);

      const entry = page.getByRole("listitem").filter({ hasText: closureName });
      await expect(entry).toBeVisible();
      await entry.getByRole("button", { name: /löschen$/ }).click();
      await expect(page.getByRole("status")).toHaveText("Der Schließtag wurde gelöscht.");
      await expect(page.getByRole("listitem").filter({ hasText: closureName })).toHaveCount(0);
      if (run.javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await page.screenshot({ path: testInfo.outputPath(`closures-list-${run.width}.png`), fullPage: true });
      }

      const reopened = (await (await request.get(`/api/v1/slots?date=${slot!.date}`)).json()) as { open: boolean };
      expect(reopened.open).toBe(true);
    });
  });
}

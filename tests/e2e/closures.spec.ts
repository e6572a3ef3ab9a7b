// The owner's 'Schließtage' (issue 15): enter a closure, see the appointments it covers, cancel them in one step
// after a second question (issue 26), delete it again after a second question; on a phone and a desktop (axe clean, screenshots of both), and on a phone without JavaScript
// (axe-core needs JavaScript in the page, so that run checks the flow only).
import { adminNavigation, newTag } from "./board-data";
import { bookFreeSlot, freeTimes, OWN_DAYS } from "./booking-days";
import { confirmIdentity, expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

const runs = [
  { width: 390, height: 844, javaScriptEnabled: true },
  { width: 1280, height: 800, javaScriptEnabled: true },
  { width: 390, height: 844, javaScriptEnabled: false },
];

for (const run of runs) {
  test.describe(`Schließtage at ${run.width} px, JavaScript ${run.javaScriptEnabled ? "on" : "off"}`, () => {
    // The refused 'Eintragen' (issue 26's corrected field) answers 400 on purpose.
    test.use({
      viewport: { width: run.width, height: run.height },
      javaScriptEnabled: run.javaScriptEnabled,
      expectedConsoleErrors: [/the server responded with a status of 400/],
    });

    test("enter a closure, cancel the appointment it covers, delete it", async ({ page, request, baseURL }) => {
      test.setTimeout(180_000);
      const tag = newTag();
      const customer = `Kundin ${tag}`;
      // On the spec's own day: closing it cancels every appointment it covers, and no other spec's are there.
      const slot = await bookFreeSlot(
        request,
        baseURL!,
        { name: customer, email: `${tag.toLowerCase()}@example.at`, phone: "0664 1234567", service: "Wartung" },
        async () => ({ date: OWN_DAYS.closure, time: (await freeTimes(request, OWN_DAYS.closure))[0]! }),
      );
      const closureName = `Wasserrohrbruch ${tag}`;

      await loginAsAdmin(page);
      await (await adminNavigation(page)).getByRole("link", { name: "Schließtage" }).click();
      await expect(page).toHaveURL("/admin/schliesstage");
      await expect(page.getByRole("heading", { name: "Schließtage", level: 2 })).toBeVisible();
      // The configured defaults were entered at the first start.
      await expect(page.getByRole("list", { name: "Eingetragene Schließtage" }).getByText("Heiliger Abend").first()).toBeVisible();

      await page.getByLabel("Bezeichnung").fill(closureName);
      await page.getByLabel("Von").fill(slot.date);
      if (run.javaScriptEnabled) {
        // A field corrected after a refusal loses its red state at once (issue 26), before the next submit.
        const to = page.getByLabel("Bis (leer: nur dieser Tag)");
        await to.fill("2020-01-01");
        await page.getByRole("button", { name: "Eintragen" }).click();
        await expect(page.getByText("Das letzte Datum darf nicht vor dem ersten liegen.")).toBeVisible();
        await expect(to).toHaveAttribute("aria-invalid", "true");
        await to.fill(slot.date);
        await expect(to).not.toHaveAttribute("aria-invalid");
        await expect(page.getByText("Das letzte Datum darf nicht vor dem ersten liegen.")).toHaveCount(0);
      }
      await page.getByRole("button", { name: "Eintragen" }).click();
      await expect(page.getByRole("status")).toHaveText("Der Schließtag wurde eingetragen.");
      const affected = page.getByRole("list", { name: "Betroffene Termine" });
      await expect(affected.getByText(customer)).toBeVisible();
      await expect(page.getByLabel("Stornierungsgrund (steht in der Absage-E-Mail)")).toHaveValue(closureName);

      // The closed day is closed for customers at once.
      const slots = (await (await request.get(`/api/v1/slots?date=${slot.date}`)).json()) as { open: boolean; reason?: string };
      expect(slots).toMatchObject({ open: false, reason: closureName });

      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, "page wider than the screen").toBeLessThanOrEqual(innerWidth);
      if (run.javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await screenshotForReview(page, `closures-affected-${run.width}.png`, { fullPage: true });
      }

      // 'Alle stornieren' e-mails every customer: it asks once more, with the reason, and 'Zurück' cancels nothing.
      await page.getByLabel("Stornierungsgrund (steht in der Absage-E-Mail)").fill(`${closureName}: Wasser im Keller`);
      await page.getByRole("button", { name: "Alle stornieren" }).click();
      const question = page.getByRole("group", { name: /^Wirklich diesen Termin stornieren\?/ });
      await expect(question).toContainText("Die Kundin oder der Kunde bekommt sofort eine Absage-E-Mail mit diesem Grund:");
      await expect(question).toContainText(`${closureName}: Wasser im Keller`);
      if (run.javaScriptEnabled) await expect(question.getByText(/^Wirklich/)).toBeFocused();
      await expect(affected.getByText(customer)).toBeVisible();
      if (run.javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await screenshotForReview(page, `closures-cancel-question-${run.width}.png`, { fullPage: true });
      }
      await question.getByRole("button", { name: "Zurück" }).click();
      await expect(page.getByLabel("Stornierungsgrund (steht in der Absage-E-Mail)")).toHaveValue(`${closureName}: Wasser im Keller`);
      await expect(affected.getByText(customer)).toBeVisible();
      await page.getByRole("button", { name: "Alle stornieren" }).click();
      await confirmIdentity(page);
      await question.getByRole("button", { name: "Ja, Termin stornieren" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "Ein Termin wurde storniert; die Kundin oder der Kunde bekommt die Absage per E-Mail.",
      );
      await expect(page.getByRole("list", { name: "Betroffene Termine" })).toHaveCount(0);

      // A closure's 'Löschen' asks once more too; 'Abbrechen' keeps it.
      const entry = page.getByRole("listitem").filter({ hasText: closureName });
      await expect(entry).toBeVisible();
      await entry.getByRole("link", { name: /löschen$/ }).click();
      const deleteQuestion = entry.getByRole("group", { name: new RegExp(`^Schließtag „${closureName}“ .* wirklich löschen\\?`) });
      await expect(deleteQuestion).toContainText("Termine in diesem Zeitraum können dann sofort wieder gebucht werden.");
      if (run.javaScriptEnabled) {
        await expect(deleteQuestion.getByText(/wirklich löschen/)).toBeFocused();
        await expectNoAxeViolations(page);
        await screenshotForReview(page, `closures-delete-question-${run.width}.png`, { fullPage: true });
      }
      await deleteQuestion.getByRole("link", { name: "Abbrechen" }).click();
      await expect(deleteQuestion).toHaveCount(0);
      await expect(entry).toBeVisible();
      await entry.getByRole("link", { name: /löschen$/ }).click();
      await deleteQuestion.getByRole("button", { name: "Ja, löschen" }).click();
      await expect(page.getByRole("status")).toHaveText("Der Schließtag wurde gelöscht.");
      await expect(page.getByRole("listitem").filter({ hasText: closureName })).toHaveCount(0);
      if (run.javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await screenshotForReview(page, `closures-list-${run.width}.png`, { fullPage: true });
      }

      const reopened = (await (await request.get(`/api/v1/slots?date=${slot.date}`)).json()) as { open: boolean };
      expect(reopened.open).toBe(true);
    });
  });
}

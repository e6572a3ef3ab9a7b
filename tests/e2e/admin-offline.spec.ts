import type { Page } from "@playwright/test";
import { bookAppointments } from "./board-data";
import { expect, loginAsAdmin, test } from "./fixtures";

/**
 * Issue 12: the admin board survives a dropped connection. Chromium logs each
 * request that the dropped connection refuses; exactly those are allowed here.
 */
test.use({ expectedConsoleErrors: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] });

async function openBoardWith(page: Page, tag: string) {
  await loginAsAdmin(page);
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/q=E2E/);
  // The admin pages' scripts are fetched in advance (PrefetchPageLinks); the drop comes after that.
  await page.waitForLoadState("networkidle");
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("offline: a failed load shows a German message inside the board and 'Erneut versuchen' brings the list back", async ({
  page,
  request,
  baseURL,
}) => {
  const tag = `E2E${Date.now()}`;
  const name = `${tag} Dora`;
  await bookAppointments(request, baseURL!, [name], tag);
  await openBoardWith(page, tag);
  await expect(row(page, name)).toBeVisible();

  // Switching tabs while the connection is down.
  await page.context().setOffline(true);
  await page.getByRole("tab", { name: "Beantragte Termine (1)" }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Termine konnten nicht geladen werden." });
  await expect(failure).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin-Board", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin-Bereich" })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);

  // Still down: retrying says so again.
  await failure.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(failure).toBeVisible();

  // Back online: the tab that was asked for loads.
  await page.context().setOffline(false);
  await failure.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Beantragte Termine (1)" })).toHaveAttribute("aria-selected", "true");
  await expect(row(page, name)).toBeVisible();

  // Searching and the details page while offline, too.
  await page.context().setOffline(true);
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(`${tag} Dora`);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(failure).toBeVisible();
  await page.context().setOffline(false);
  await failure.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(row(page, name)).toBeVisible();

  await page.context().setOffline(true);
  await row(page, name).getByRole("link", { name }).click();
  const detailsFailure = page.getByRole("alert").filter({ hasText: "Termin konnte nicht geladen werden." });
  await expect(detailsFailure).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin-Board", level: 1 })).toBeVisible();
  await page.context().setOffline(false);
  await detailsFailure.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(page.getByRole("heading", { name: `Termin von ${name}` })).toBeVisible();

  await page.context().setOffline(true);
  await page.getByRole("navigation", { name: "Admin-Bereich" }).getByRole("link", { name: "E-Mails" }).click();
  const emailsFailure = page.getByRole("alert").filter({ hasText: "E-Mails konnten nicht geladen werden." });
  await expect(emailsFailure).toBeVisible();
  await page.context().setOffline(false);
  await emailsFailure.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(page.getByRole("heading", { name: "Nicht zugestellte E-Mails" })).toBeVisible();
});

test("offline: confirm, cancel and delete answer with a 'Fehler' toast and leave the board usable", async ({ page, request, baseURL }) => {
  const tag = `E2E${Date.now()}`;
  const [confirmName, cancelName, deleteName] = [`${tag} Emil`, `${tag} Frieda`, `${tag} Gustav`];
  await bookAppointments(request, baseURL!, [confirmName, cancelName, deleteName], tag);
  await openBoardWith(page, tag);
  await expect(page.getByRole("row")).toHaveCount(4);

  await page.context().setOffline(true);

  await row(page, confirmName).getByRole("button", { name: "Bestätigen" }).click();
  await expect(toast(page, "Termin konnte nicht bestätigt werden.")).toBeVisible();
  await expect(toast(page, "Fehler").first()).toBeVisible();
  await expect(row(page, confirmName).getByText("beantragt", { exact: true })).toBeVisible();

  await row(page, cancelName).getByRole("button", { name: "Stornieren" }).click();
  const cancelDialog = page.getByRole("dialog", { name: "Termin stornieren" });
  await cancelDialog.getByLabel("Stornierungsgrund").fill("Werkstatt geschlossen");
  await cancelDialog.getByRole("button", { name: "Termin stornieren" }).click();
  await expect(toast(page, "Termin konnte nicht storniert werden.")).toBeVisible();

  await row(page, deleteName).getByRole("button", { name: "Löschen" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Termin löschen" });
  await deleteDialog.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Termin konnte nicht gelöscht werden.")).toBeVisible();
  await expect(deleteDialog).toBeHidden();

  // Nothing changed, the board stays; back online the same button works.
  await expect(page.getByText("Termine konnten nicht geladen werden.")).toHaveCount(0);
  await expect(page.getByRole("row")).toHaveCount(4);
  await page.context().setOffline(false);
  await row(page, confirmName).getByRole("button", { name: "Bestätigen" }).click();
  await expect(toast(page, "Termin bestätigt")).toBeVisible();
  await expect(row(page, confirmName).getByText("bestätigt", { exact: true })).toBeVisible();
});

test.describe("server failure", () => {
  // Chromium logs the refused answers the test itself serves.
  test.use({ expectedConsoleErrors: [/the server responded with a status of 50[03]/] });

  test("a 503 or 500 answer to confirm is the 'Fehler' toast, the list stays", async ({ page, request, baseURL }) => {
    const tag = `E2E${Date.now()}`;
    const name = `${tag} Hanna`;
    await bookAppointments(request, baseURL!, [name], tag);
    await openBoardWith(page, tag);

    // The server answers the action's data request as the error policy does in an outage, then with a plain 500.
    for (const status of [503, 500]) {
      await page.route(/\/admin\.data/, (route) =>
        route.request().method() === "POST"
          ? route.fulfill({ status, headers: { "Retry-After": "30", "Cache-Control": "no-store" }, body: "" })
          : route.continue(),
      );
      await row(page, name).getByRole("button", { name: "Bestätigen" }).click();
      await expect(toast(page, "Termin konnte nicht bestätigt werden.")).toBeVisible();
      await expect(page.getByText("Termine konnten nicht geladen werden.")).toHaveCount(0);
      await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
      await expect(row(page, name).getByText("beantragt", { exact: true })).toBeVisible();
      await page.unrouteAll();
      await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    }

    await row(page, name).getByRole("button", { name: "Bestätigen" }).click();
    await expect(toast(page, "Termin bestätigt")).toBeVisible();
  });
});

test("offline: the details page keeps a typed note and says it was not saved", async ({ page, request, baseURL }) => {
  const tag = `E2E${Date.now()}`;
  const name = `${tag} Ida`;
  await bookAppointments(request, baseURL!, [name], tag);
  await openBoardWith(page, tag);
  await row(page, name).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: `Termin von ${name}` })).toBeVisible();
  await page.waitForLoadState("networkidle");

  await page.context().setOffline(true);
  const note = page.getByLabel("Interne Notiz");
  await note.fill("Bremsen vorne prüfen");
  await page.getByRole("button", { name: "Notiz speichern" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Die Notiz konnte nicht gespeichert werden." })).toBeVisible();
  await expect(note).toHaveValue("Bremsen vorne prüfen");
  await expect(page.getByText("Termin konnte nicht geladen werden.")).toHaveCount(0);

  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Notiz speichern" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Die interne Notiz wurde gespeichert." })).toBeVisible();
});

import type { Page } from "@playwright/test";
import { E2E_ACCOUNTS } from "./accounts";
import { bookAppointments, newTag, phoneDigits } from "./board-data";
import {
  afterScrypt,
  confirmIdentity,
  E2E_ADMIN,
  expect,
  expectNoAxeViolations,
  loginAsAdmin,
  sessionCookieHeader,
  test,
} from "./fixtures";

const ADMIN = E2E_ADMIN;
/** The form logins' own account (accounts.ts). */
const FORM_LOGIN = E2E_ACCOUNTS.formLogin;

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("login: 'Falsches Passwort' clears the field; the right password welcomes and opens the board", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin-login?redirectTo=%2Fadmin");
  await expectNoAxeViolations(page);
  await page.getByLabel("E-Mail").fill(FORM_LOGIN.email);
  await page.getByLabel("Passwort").fill("ganz-falsches-passwort");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await afterScrypt(toast(page, "Falsches Passwort")).toBeVisible();
  await expect(page.getByLabel("Passwort")).toHaveValue("");

  // An unknown e-mail gets exactly the same answer.
  await page.getByRole("button", { name: "Schließen" }).click();
  await expect(toast(page, "Falsches Passwort")).toHaveCount(0);
  await page.getByLabel("E-Mail").fill("niemand@happycar.example");
  await page.getByLabel("Passwort").fill("ganz-falsches-passwort");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await afterScrypt(toast(page, "Falsches Passwort")).toBeVisible();
  await expect(page.getByLabel("Passwort")).toHaveValue("");

  await page.getByLabel("E-Mail").fill(FORM_LOGIN.email);
  await page.getByLabel("Passwort").fill(FORM_LOGIN.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await afterScrypt(page).toHaveURL("/admin");
  await expect(toast(page, "Erfolgreich angemeldet")).toBeVisible();
  await expect(toast(page, "Willkommen im Admin-Bereich")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin-Board", level: 1 })).toBeVisible();

  // Logged in, the login page leads to the board; 'Abmelden' ends the session.
  await page.goto("/admin-login");
  await expect(page).toHaveURL("/admin");
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL("/admin-login");
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin-login?redirectTo=%2Fadmin");
});

test("board: search, tab counts, confirm, cancel with and without a reason, delete, details", async ({ page, request, baseURL }) => {
  // Some forty steps and three axe runs: over a minute when the other worker shares the cores.
  test.slow();
  const tag = newTag();
  const [confirmName, cancelName, deleteName] = [`${tag} Anna`, `${tag} Bernd`, `${tag} Clara`];
  await bookAppointments(request, baseURL!, [confirmName, cancelName, deleteName], tag);

  await loginAsAdmin(page);
  await expect(page.getByRole("heading", { name: "Terminverwaltung" })).toBeVisible();
  await expect(page.getByLabel("E-Mail-Zustellung")).toBeVisible();
  for (const column of ["Name", "Email", "Telefon", "Datum", "Uhrzeit", "Leistung", "Kennzeichen", "Status", "Aktionen"]) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }

  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByRole("tab", { name: "Alle Termine (3)" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Beantragte Termine (3)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Bestätigte Termine (0)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Stornierte Termine (0)" })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(4);
  await expect(row(page, confirmName).getByText("beantragt", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Confirm.
  await row(page, confirmName).getByRole("button", { name: "Bestätigen" }).click();
  await expect(toast(page, "Termin bestätigt")).toBeVisible();
  await expect(toast(page, "Der Termin wurde bestätigt und eine Bestätigungs-Email wurde versendet.")).toBeVisible();
  await expect(row(page, confirmName).getByText("bestätigt", { exact: true })).toBeVisible();
  await expect(row(page, confirmName).getByRole("button", { name: "Bestätigen" })).toHaveCount(0);
  await expect(row(page, confirmName).getByText("E-Mail ausstehend").or(row(page, confirmName).getByText("E-Mail gesendet"))).toBeVisible();

  // Cancel: a blank reason is refused, then a reason cancels.
  await row(page, cancelName).getByRole("button", { name: "Stornieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Termin stornieren" });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel("Stornierungsgrund");
  await expect(reason).toHaveAttribute("rows", "4");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Termin stornieren" }).click();
  await expect(dialog.getByText("Bitte geben Sie einen Stornierungsgrund an.")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();
  await reason.fill("Werkstatt an diesem Tag geschlossen");
  await dialog.getByRole("button", { name: "Termin stornieren" }).click();
  await expect(toast(page, "Termin storniert")).toBeVisible();
  await expect(toast(page, "Der Termin wurde storniert und eine Absage-Email wurde versendet.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, cancelName).getByText("storniert", { exact: true })).toBeVisible();
  // The reason was cleared; 'Abbrechen' closes without a change.
  await row(page, deleteName).getByRole("button", { name: "Stornieren" }).click();
  await expect(dialog.getByLabel("Stornierungsgrund")).toHaveValue("");
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("tab", { name: "Alle Termine (3)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Beantragte Termine (1)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Bestätigte Termine (1)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Stornierte Termine (1)" })).toBeVisible();
  // While the next tab loads on the client: 'Lade Termine...' (the data request is held back here).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("tab", { name: "Bestätigte Termine (1)" }).click();
  await expect(page.getByText("Lade Termine...")).toBeVisible();
  release();
  await expect(page).toHaveURL(/status=best%C3%A4tigt/);
  await page.unrouteAll({ behavior: "wait" });
  await expect(page.getByRole("tab", { name: "Bestätigte Termine (1)" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row(page, confirmName)).toBeVisible();
  await page.getByRole("tab", { name: "Alle Termine (3)" }).click();
  await expect(page.getByRole("row")).toHaveCount(4);

  // Delete after the confirmation question.
  await confirmIdentity(page);
  await row(page, deleteName).getByRole("button", { name: "Löschen" }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Termin löschen" });
  await expect(confirmDelete.getByText("Möchten Sie diesen Termin wirklich löschen?")).toBeVisible();
  await confirmDelete.getByRole("button", { name: "Löschen" }).click();
  await expect(toast(page, "Termin gelöscht")).toBeVisible();
  await expect(toast(page, "Der Termin wurde erfolgreich gelöscht.")).toBeVisible();
  await expect(row(page, deleteName)).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Alle Termine (2)" })).toBeVisible();

  // Search by e-mail and by phone.
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(`${tag.toLowerCase()}-1@example.at`);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row(page, cancelName)).toBeVisible();
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(`0664${phoneDigits(tag)}0`);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row(page, confirmName)).toBeVisible();
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(`${tag} niemand`);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page.getByText("Keine Termine vorhanden")).toBeVisible();

  // The details view shows the audit trail.
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
  await page.getByRole("button", { name: "Suchen" }).click();
  await page.getByRole("link", { name: cancelName }).click();
  await expect(page.getByRole("heading", { name: "Verlauf" })).toBeVisible();
  const trail = page.getByRole("row").filter({ hasText: ADMIN.email });
  await expect(trail).toHaveCount(1);
  await expect(trail.getByText("Werkstatt an diesem Tag geschlossen")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("another admin was faster: confirming says so (409) and reloads the row", async ({ page, request, baseURL }) => {
  const tag = newTag();
  const name = `${tag} Dora`;
  await bookAppointments(request, baseURL!, [name], tag);
  await loginAsAdmin(page);
  await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(row(page, name).getByRole("button", { name: "Bestätigen" })).toBeVisible();

  // The second admin (the API, with a session of its own) cancels first.
  const secondAdmin = { Cookie: sessionCookieHeader() };
  const list = await request.get(`/api/v1/admin/appointments?q=${encodeURIComponent(tag)}`, { headers: secondAdmin });
  const { items } = (await list.json()) as { items: { id: string }[] };
  const cancelled = await request.post(`/api/v1/admin/appointments/${items[0]!.id}/cancel`, {
    headers: { ...secondAdmin, Origin: baseURL! },
    data: { reason: "Kunde hat angerufen" },
  });
  expect(cancelled.status()).toBe(200);

  await row(page, name).getByRole("button", { name: "Bestätigen" }).click();
  await expect(toast(page, "Fehler")).toBeVisible();
  await expect(
    toast(page, "Termin konnte nicht bestätigt werden. Der Termin wurde inzwischen bereits von jemand anderem bearbeitet."),
  ).toBeVisible();
  await expect(row(page, name).getByText("storniert", { exact: true })).toBeVisible();
  await expect(row(page, name).getByRole("button", { name: "Bestätigen" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login, confirm, cancel (reason required) and delete work as plain forms", async ({ page, request, baseURL }) => {
    const tag = newTag();
    const [confirmName, cancelName, deleteName] = [`${tag} Emil`, `${tag} Frida`, `${tag} Gustav`];
    const [confirmSlot] = await bookAppointments(request, baseURL!, [confirmName, cancelName, deleteName], tag);

    await page.goto("/admin-login");
    await page.getByLabel("E-Mail").fill(FORM_LOGIN.email);
    await page.getByLabel("Passwort").fill("ganz-falsches-passwort");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await afterScrypt(page.getByRole("alert")).toHaveText("Falsches Passwort");
    await expect(page.getByLabel("Passwort")).toHaveValue("");
    await page.getByLabel("Passwort").fill(FORM_LOGIN.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await afterScrypt(page).toHaveURL("/admin");
    await expect(page.getByRole("status").filter({ hasText: "Erfolgreich angemeldet" })).toContainText("Willkommen im Admin-Bereich");

    await page.getByLabel("Suche nach Name, E-Mail, Telefon oder Kennzeichen").fill(tag);
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByRole("tab", { name: "Alle Termine (3)" })).toBeVisible();

    await row(page, confirmName).getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Termin bestätigt" })).toContainText(
      "Der Termin wurde bestätigt und eine Bestätigungs-Email wurde versendet.",
    );
    await expect(row(page, confirmName).getByText("bestätigt", { exact: true })).toBeVisible();

    await row(page, cancelName).getByRole("link", { name: "Stornieren" }).click();
    await page.getByRole("button", { name: "Termin stornieren" }).click();
    await expect(page.getByText("Bitte geben Sie einen Stornierungsgrund an.")).toBeVisible();
    await page.getByLabel("Stornierungsgrund").fill("Ersatzteil fehlt");
    await page.getByRole("button", { name: "Termin stornieren" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Termin storniert" })).toContainText(
      "Der Termin wurde storniert und eine Absage-Email wurde versendet.",
    );
    await expect(row(page, cancelName).getByText("storniert", { exact: true })).toBeVisible();

    await confirmIdentity(page);
    await row(page, deleteName).getByRole("link", { name: "Löschen" }).click();
    await expect(page.getByText("Möchten Sie diesen Termin wirklich löschen?")).toBeVisible();
    await page.getByRole("button", { name: "Löschen", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Termin gelöscht" })).toContainText("Der Termin wurde erfolgreich gelöscht.");
    await expect(row(page, deleteName)).toHaveCount(0);

    // Where the car is (issue 16): the details page's buttons are plain forms too.
    await row(page, confirmName).getByRole("link", { name: confirmName }).click();
    // 'Abholbereit' e-mails the customer at once: not before the appointment's day (it lies weeks ahead).
    await page.getByRole("button", { name: "Abholbereit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Fortschritt" })).toHaveText(
      "Der Fortschritt konnte nicht gespeichert werden. „Abholbereit“ kann erst ab dem Tag des Termins gesetzt werden.",
    );
    await expect(page.getByTestId("progress-current")).toHaveText("Noch kein Fortschritt gesetzt.");
    await page.getByRole("button", { name: "In Arbeit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fortschritt" })).toHaveText("Der Fortschritt wurde gespeichert.");
    await expect(page.getByTestId("progress-current")).toContainText(`In Arbeit seit`);
    await expect(page.getByRole("button", { name: "In Arbeit" })).toHaveAttribute("aria-pressed", "true");
    // The week planner shows it on the appointment's block too.
    await page.goto(`/admin/planer?date=${confirmSlot!.date}`);
    // The block's link ("… 08:00–08:30 <name>, …"), not its 'Verschieben' button beside it ("Verschieben: <name>, …").
    await expect(page.getByRole("link", { name: new RegExp(`\\d ${confirmName}`) })).toContainText("In Arbeit");

    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL("/admin-login");
  });
});

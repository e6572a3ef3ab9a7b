import * as OTPAuth from "otpauth";
import { E2E_ACCOUNTS } from "./accounts";
import { afterScrypt, expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

/** An account of its own: the others keep logging in with the password alone while this one has the second factor on. */
const ACCOUNT = E2E_ACCOUNTS.secondFactor;

function codeAt(secret: string, timestamp: number): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });
}

test.describe.configure({ timeout: 180_000 });

test("second factor: set up under 'Sicherheit', then the login asks for the code, with and without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAsAdmin(page, "secondFactor");
  await page.getByRole("link", { name: "Sicherheit" }).click();
  await expect(page.getByRole("heading", { name: "Sicherheit" })).toBeVisible();
  await page.getByRole("button", { name: "Zwei-Faktor-Anmeldung einrichten" }).click();
  await expect(page.getByRole("img", { name: "QR-Code für die Authenticator-App" })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.locator("code").first().textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByText("Geben Sie Ihr Passwort und den 6-stelligen Code ein, den die App dann zeigt.")).toBeVisible();
  await page.getByLabel("Passwort", { exact: true }).fill(ACCOUNT.password);
  await page.getByLabel("Code aus der App").fill(codeAt(secret, Date.now()));
  await page.getByRole("button", { name: "Einschalten" }).click();
  const codes = page.getByRole("list", { name: "Wiederherstellungscodes" }).getByRole("listitem");
  await afterScrypt(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await expect(page.getByText("Die Zwei-Faktor-Anmeldung ist eingeschaltet.")).toBeVisible();

  // The codes are copied (one a line) or printed (issue 26); printed, the page shows the codes alone.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.getByRole("button", { name: "Kopieren" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Die Codes wurden kopiert." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join("\n"));
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => void counted.printed++;
  });
  await page.getByRole("button", { name: "Drucken" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("list", { name: "Wiederherstellungscodes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin-Board" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Sicherheit", level: 2 })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Admin-Bereich" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Kopieren" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Ausschalten" })).toBeHidden();
  await screenshotForReview(page, "recovery-codes-print.png", { fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("heading", { name: "Sicherheit", level: 2 })).toBeVisible();
  await page.waitForTimeout(600);
  await expectNoAxeViolations(page);
  await screenshotForReview(page, "recovery-codes-1280.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotForReview(page, "recovery-codes-390.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  try {
    // With JavaScript: password, then a recovery code.
    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL("/admin-login");
    await page.getByLabel("E-Mail").fill(ACCOUNT.email);
    await page.getByLabel("Passwort").fill(ACCOUNT.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    // The app's code: focused at once, the number pad and the one-time-code suggestion on a phone.
    const code = page.getByLabel("Code", { exact: true });
    await afterScrypt(code).toBeVisible();
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    // The toaster outlives navigations: axe measures contrast mid-fade, so check once the toasts are gone.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    await expectNoAxeViolations(page);
    await code.fill("000000");
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByText("Der Code ist ungültig oder wurde bereits verwendet.").first()).toBeVisible();
    // A recovery code has letters: its own field, behind 'Wiederherstellungscode verwenden'.
    await page.getByText("Wiederherstellungscode verwenden").click();
    await page.getByLabel("Wiederherstellungscode", { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Mit Wiederherstellungscode anmelden" }).click();
    await expect(page).toHaveURL("/admin");

    // Without JavaScript: the same two steps as plain forms, with the app's code of the next step.
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const plainPage = await plain.newPage();
    await plainPage.goto("/admin-login");
    await plainPage.getByLabel("E-Mail").fill(ACCOUNT.email);
    await plainPage.getByLabel("Passwort").fill(ACCOUNT.password);
    await plainPage.getByRole("button", { name: "Anmelden", exact: true }).click();
    await afterScrypt(plainPage).toHaveURL("/admin-login?redirectTo=%2Fadmin");
    await plainPage.getByLabel("Code", { exact: true }).fill(codeAt(secret, Date.now() + 30_000));
    await plainPage.getByRole("button", { name: "Bestätigen" }).click();
    await expect(plainPage).toHaveURL("/admin");
    await expect(plainPage.getByRole("heading", { name: "Admin-Board" })).toBeVisible();
    await plain.close();
  } finally {
    // Back to the password alone, so a retry starts where this run did: switch it off on the page.
    await page.goto("/admin/sicherheit");
    await page.getByLabel("Passwort", { exact: true }).fill(ACCOUNT.password);
    await page.getByLabel("Aktueller Code").fill(recoveryCodes[9]!);
    await page.getByRole("button", { name: "Ausschalten" }).click();
    await afterScrypt(page.getByText("Die Zwei-Faktor-Anmeldung ist ausgeschaltet.")).toBeVisible();
  }
});

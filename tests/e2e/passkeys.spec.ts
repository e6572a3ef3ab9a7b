import { passkeyMessages } from "../../app/messages";
import { E2E_ACCOUNTS } from "./accounts";
import { afterScrypt, claimSession, expect, expectNoAxeViolations, screenshotForReview, test } from "./fixtures";

/** An account of its own: once it has a passkey, its password alone no longer logs in (decision 034). */
const ACCOUNT = E2E_ACCOUNTS.passkey;

test("passkey: added under 'Sicherheit' with a virtual authenticator, then 'Mit Passkey anmelden' logs in without the address", async ({
  page,
  baseURL,
}) => {
  // WebAuthn needs a domain as the relying party, never an IP address: the same server, addressed as localhost.
  const site = new URL(baseURL!);
  site.hostname = "localhost";
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  const { name, value } = claimSession("passkey");
  await page.context().addCookies([{ name, value, domain: "localhost", path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(new URL("/admin/sicherheit", site).href);
  await expect(page.getByRole("heading", { name: "Sicherheit" })).toBeVisible();
  await expect(page.getByText("Noch kein Passkey eingerichtet.")).toBeVisible();
  await page.getByLabel("Name des Passkeys").fill("Laptop Werkstatt");
  await page.getByLabel("Ihr Passwort").fill(ACCOUNT.password);
  await page.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await afterScrypt(page.getByText(passkeyMessages.added)).toBeVisible();
  const passkeys = page.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText("Laptop Werkstatt");
  await expect(passkeys.first()).toContainText("noch nie verwendet");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await expectNoAxeViolations(page, "main");
  await screenshotForReview(page, "security-1280.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotForReview(page, "security-390.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await screenshotForReview(page, "login-1280.png", { fullPage: true });
  await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
  await expect(page).toHaveURL(new URL("/admin", site).href);
  await page.getByRole("link", { name: "Sicherheit" }).click();
  await expect(passkeys.first()).toContainText("zuletzt verwendet");
});

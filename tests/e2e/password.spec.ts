import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import {
  afterScrypt,
  confirmIdentity,
  expect,
  expectNoAxeViolations,
  loginAsAdmin,
  loginThroughForm,
  screenshotForReview,
  test,
} from "./fixtures";

const mailDir = path.resolve(process.env.E2E_DATA_DIR ?? ".e2e-data", "mail");

/** The text of the newest e-mail of `template` to `recipient` (EMAIL_TRANSPORT=file writes .eml files). */
async function mailTo(recipient: string, template: string, after: number): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(mailDir).catch(() => [] as string[])).filter((name) => name.includes(`-${template}-`)).sort();
        for (const file of files.reverse()) {
          const stat = await fs.stat(path.join(mailDir, file));
          if (stat.mtimeMs < after) continue;
          const mail = await simpleParser(await fs.readFile(path.join(mailDir, file)));
          const to = Array.isArray(mail.to) ? mail.to : [mail.to];
          if (to.some((address) => address?.text.includes(recipient))) {
            text = mail.text ?? "";
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return text;
}

/** Both themes, phone and desktop: axe on each, and screenshots when E2E_SCREENSHOT_DIR is set. */
async function checkPage(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => {
      localStorage.setItem("theme", value);
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(value);
    }, theme);
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways, `${name} scrolls sideways at ${width} px`).toBe(false);
      await screenshotForReview(page, `${name}-${theme}-${width}.png`, { fullPage: true });
    }
  }
}

async function newPage(browser: Browser, baseURL: string | undefined, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return context.newPage();
}

// Several scrypt runs, e-mails through the worker and axe in both themes on five pages.
test.describe.configure({ timeout: 360_000 });

test("'Passwort ändern' on 'Sicherheit', then 'Passwort vergessen?' from the login page with the e-mailed link", async ({
  page,
  browser,
  baseURL,
}) => {
  // An account of its own, so the other specs keep the e2e admin's password.
  const email = `werkstatt-${Date.now()}@happycar.example`;
  const first = "Erstes-Passwort-Werkstatt-1";
  const second = "Zweites-Passwort-Werkstatt-2";
  const third = "Drittes-Passwort-Werkstatt-3";
  await loginAsAdmin(page);
  await confirmIdentity(page);
  const created = await page.request.post("/api/v1/admin/users", {
    headers: { Origin: baseURL! },
    data: { email, name: "Lena Werkstatt", role: "staff", password: first },
  });
  expect(created.status()).toBe(201);

  // Two browsers of the same account: the change keeps the one it was made in and ends the other.
  const laptop = await newPage(browser, baseURL);
  await loginThroughForm(laptop, { email, password: first });
  const user = await newPage(browser, baseURL);
  await loginThroughForm(user, { email, password: first });
  const started = Date.now();
  await user.goto("/admin/sicherheit");
  await expect(user.getByRole("heading", { name: "Passwort ändern" })).toBeVisible();
  await checkPage(user, "sicherheit");
  await user.getByLabel("Aktuelles Passwort").fill("ganz-falsch-geraten");
  await user.getByLabel("Neues Passwort (mindestens 12 Zeichen)").fill(second);
  await user.getByLabel("Neues Passwort wiederholen").fill(second);
  await user.getByRole("button", { name: "Passwort ändern" }).click();
  await afterScrypt(user.getByText("Das aktuelle Passwort ist falsch.").first()).toBeVisible();
  await expect(user.getByLabel("Aktuelles Passwort")).toHaveValue("");
  await user.getByLabel("Aktuelles Passwort").fill(first);
  await user.getByLabel("Neues Passwort (mindestens 12 Zeichen)").fill(second);
  await user.getByLabel("Neues Passwort wiederholen").fill(second);
  await user.getByRole("button", { name: "Passwort ändern" }).click();
  await afterScrypt(user.getByText("Ihr Passwort wurde geändert. Alle anderen Sitzungen wurden beendet.").first()).toBeVisible();
  await user.reload();
  await expect(user.getByRole("heading", { name: "Sicherheit" })).toBeVisible();
  await laptop.goto("/admin");
  await expect(laptop).toHaveURL(/\/admin-login\?redirectTo=%2Fadmin$/);
  const notice = await mailTo(email, "password-changed", started);
  expect(notice).toContain("auf der Seite „Sicherheit“ geändert");
  expect(notice).toMatch(/\/admin\/sicherheit/);

  // Forgotten: from the login page, as someone who is not logged in.
  await user.getByRole("button", { name: "Abmelden" }).click();
  await expect(user).toHaveURL("/admin-login");
  await user.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(user).toHaveURL("/admin-passwort-vergessen");
  await expect(user.getByRole("heading", { name: "Passwort vergessen" })).toBeVisible();
  await checkPage(user, "passwort-vergessen");
  const requested = Date.now();
  await user.getByLabel("E-Mail").fill(email);
  await user.getByRole("button", { name: "Link anfordern" }).click();
  const answer = "Wenn es zu dieser Adresse ein aktives Konto gibt, haben wir eine E-Mail mit einem Link geschickt.";
  await expect(user.getByRole("status").filter({ hasText: answer })).toBeVisible();
  await checkPage(user, "passwort-vergessen-gesendet");
  const resetMail = await mailTo(email, "password-reset", requested);
  const link = resetMail.match(/\/admin-passwort-neu\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, "the e-mail carries the one-time link").toBeTruthy();

  await user.goto(link!);
  await expect(user.getByRole("heading", { name: "Neues Passwort wählen" })).toBeVisible();
  await expect(user.getByText(`Konto: ${email}`)).toBeVisible();
  await checkPage(user, "passwort-neu");
  await user.getByLabel("Passwort (mindestens 12 Zeichen)").fill(third);
  await user.getByLabel("Passwort wiederholen").fill(third);
  await user.getByRole("button", { name: "Passwort speichern" }).click();
  await afterScrypt(user.getByText("Ihr neues Passwort ist gespeichert und alle Sitzungen Ihres Kontos wurden beendet.")).toBeVisible();
  await checkPage(user, "passwort-neu-gespeichert");

  // Used once: the link now says so and offers a new one.
  await user.goto(link!);
  await expect(
    user.getByText("Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an."),
  ).toBeVisible();
  await expect(user.getByRole("link", { name: "Neuen Link anfordern" })).toBeVisible();
  await loginThroughForm(user, { email, password: third });
  await user.context().close();
  await laptop.context().close();
});

test("'Passwort vergessen?' works without JavaScript and answers an unknown address like a known one", async ({ browser, baseURL }) => {
  const plain = await newPage(browser, baseURL, false);
  await plain.goto("/admin-passwort-vergessen");
  await plain.getByLabel("E-Mail").fill("niemand@happycar.example");
  await plain.getByRole("button", { name: "Link anfordern" }).click();
  await expect(plain.getByRole("status")).toHaveText(
    "Wenn es zu dieser Adresse ein aktives Konto gibt, haben wir eine E-Mail mit einem Link geschickt. Er gilt 1 Stunde und nur einmal. Bitte sehen Sie auch im Spam-Ordner nach.",
  );
  await plain.context().close();
});

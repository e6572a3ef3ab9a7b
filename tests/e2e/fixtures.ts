import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test as base } from "@playwright/test";
import { ENHANCED_ATTRIBUTE } from "../../app/browser/enhanced";
import { E2E_ACCOUNTS, type E2eAccount, e2eDataDir, type SessionPool, sessionPoolDir } from "./accounts";

/**
 * Every browser test fails on a console error or a CSP violation, so a
 * broken script or a blocked inline snippet cannot go unnoticed.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) awaitEnhancementOnNavigation(page);
    await use(page);
  },
  /** Console errors a spec provokes on purpose (e.g. requests refused while offline): `test.use({ expectedConsoleErrors })`. */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter(
        // A 4xx/5xx document the test itself asked for is logged by Chromium as a resource error.
        (text) =>
          !/Failed to load resource: the server responded with a status of (404|409|429)/.test(text) &&
          !expectedConsoleErrors.some((expected) => expected.test(text)),
      );
      expect(unexpected, "console errors or CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The public pages attach their behaviour (menu, theme toggle, back-to-top, form islands) a frame
 * after the first paint (decision 021), which may be after the load event `goto` and `reload`
 * wait for. Both also wait for it here, so a test's first click finds the page enhanced.
 */
function awaitEnhancementOnNavigation(page: Page) {
  for (const method of ["goto", "reload"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page.waitForFunction(
        (attribute) => !document.querySelector("[data-menu-toggle]") || document.documentElement.hasAttribute(attribute),
        ENHANCED_ATTRIBUTE,
      );
      return response;
    }) as Page[typeof method];
  }
}

/** The owner most specs work as (seeded by seed.ts). */
export const E2E_ADMIN = { email: E2E_ACCOUNTS.admin.email, password: E2E_ACCOUNTS.admin.password };

let pool: SessionPool | undefined;

/**
 * A seeded session of `account` that no test has used: each test gets its own, so one that logs out or
 * ends its sessions leaves the others logged in. The claim is a file created exclusively, which holds
 * across the workers' processes.
 */
export function claimSession(account: E2eAccount = "admin"): { name: string; value: string } {
  const folder = sessionPoolDir(e2eDataDir);
  pool ??= JSON.parse(fs.readFileSync(path.join(folder, "pool.json"), "utf8")) as SessionPool;
  for (const [index, value] of pool.sessions[account].entries()) {
    try {
      fs.writeFileSync(path.join(folder, `${account}-${index}.claimed`), "", { flag: "wx" });
      return { name: pool.cookieName, value };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`All ${pool.sessions[account].length} seeded sessions of ${account} are used: raise its number in accounts.ts.`);
}

/** The Cookie header of a session of its own, for API requests outside the page. */
export function sessionCookieHeader(account: E2eAccount = "admin"): string {
  const { name, value } = claimSession(account);
  return `${name}=${value}`;
}

/** Opens the board logged in as `account`, with a seeded session (no login form, no scrypt). */
export async function loginAsAdmin(page: Page, account: E2eAccount = "admin") {
  const { name, value } = claimSession(account);
  // As the production server sets it: __Host-…, so Secure, Path=/ and no domain but the host. A `url` would make
  // Playwright drop Secure on http://127.0.0.1, where Chromium keeps Secure cookies all the same.
  const { hostname } = new URL(test.info().project.use.baseURL!);
  await page.context().addCookies([{ name, value, domain: hostname, path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin");
}

/**
 * Before a sensitive owner action (deleting, the team, 'Alle stornieren', decision 037): the password
 * checked again through the API, as the confirmation page does, so the action works however long ago
 * the seeded session was made. The renewed session's cookie replaces the old one in the browser.
 */
export async function confirmIdentity(page: Page, account: E2eAccount = "admin") {
  const { baseURL } = test.info().project.use;
  const stepUp = () =>
    page.request.post("/api/v1/admin/step-up", { headers: { Origin: baseURL! }, data: { password: E2E_ACCOUNTS[account].password } });
  let response = await stepUp();
  // The login's gate lets one check per address run at a time: a test in the other worker may be checking the same account.
  for (let attempt = 0; response.status() === 429 && attempt < 10; attempt++) {
    await page.waitForTimeout(1000 * Number(response.headers()["retry-after"] ?? 1));
    response = await stepUp();
  }
  expect(response.status()).toBe(204);
  const [pair] = (response.headers()["set-cookie"] ?? "").split(";");
  const [name, value] = pair!.split("=");
  const { hostname } = new URL(baseURL!);
  await page
    .context()
    .addCookies([{ name: name!, value: value!, domain: hostname, path: "/", secure: true, httpOnly: true, sameSite: "Lax" }]);
}

/** For answers after a password was checked or hashed (scrypt, 128 MiB): seconds on a busy test machine. */
export const afterScrypt = expect.configure({ timeout: 30_000 });

/** Logs in through the admin login form and waits for the board: for the tests about the login itself. */
export async function loginThroughForm(page: Page, { email, password }: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/admin-login");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await afterScrypt(page).toHaveURL("/admin");
}

/** Waits until the page's finite animations and transitions (a toast sliding in, a dialog opening) have ended. */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core over the page as it is now (open dialogs and toasts included), or over the part `include` selects,
 * once its finite animations and transitions have ended: a toast sliding in has, for a few frames, the
 * contrast of its half opacity, and a fast machine would catch it there.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  await settleAnimations(page);
  const axe = new AxeBuilder({ page });
  const results = await (include ? axe.include(include) : axe).analyze();
  expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

/**
 * A screenshot of a page (or one element of it) for a person to look at, written to E2E_SCREENSHOT_DIR
 * as `<spec>-<name>` when that is set, else not taken: encoding full pages costs CPU on every run, and
 * no test compares them.
 */
export async function screenshotForReview(target: Page | Locator, name: string, { fullPage = false } = {}) {
  const folder = process.env.E2E_SCREENSHOT_DIR;
  if (!folder) return;
  const file = path.join(folder, `${path.basename(test.info().file, ".spec.ts")}-${name}`);
  await ("goto" in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

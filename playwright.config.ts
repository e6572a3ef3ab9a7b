import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Debian's Chromium where it is installed (our machines and CI); otherwise
 * Playwright's own browser, if one was installed. See docs/decisions/003.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

const PORT = Number(process.env.E2E_PORT ?? 4173);
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";

export default defineConfig({
  testDir: "tests/e2e",
  // Two spec files at a time on the one server: each test logs in with a session of its own, and the specs that
  // close a day or book one full own that day (booking-days.ts).
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Two workers share the two cores (and a busy machine): a test takes longer than alone.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "de-AT",
    timezoneId: "Europe/Vienna",
    // Recording a trace (a screenshot and a DOM snapshot at every step) costs a third of the run's CPU: only
    // for a failed test's retry in CI (decision 030). Locally: `npx playwright test --trace on`.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The seed creates the accounts and their sessions (tests/e2e/seed.ts) before the server holds the database.
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx tests/e2e/seed.ts && node server.js`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "warn",
      BOOKING_RATE_LIMIT: "0",
      BOOKING_DAILY_LIMIT: "0",
      CONTACT_RATE_LIMIT: "0",
      EMAIL_TRANSPORT: "file",
      // The seeded sessions wait unused until a test takes one, on a busy machine for longer than the 60 minutes' default.
      SESSION_IDLE_MINUTES: "720",
    },
  },
});

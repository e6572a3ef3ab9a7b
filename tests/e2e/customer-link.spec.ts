import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { simpleParser } from "mailparser";
import type { APIRequestContext } from "@playwright/test";
import { E2E_ADMIN, expect, test } from "./fixtures";

/**
 * Issue 16, the customer's journey after booking: the personal link of the
 * receipt e-mail (written as a file by the server's worker) opens the page
 * with the request; once the workshop confirms, the page offers the calendar
 * file; 'Termin absagen' cancels it in the browser (its form post carries
 * Origin: null on this no-referrer page) and the customer gets the e-mail.
 */
const mailDir = path.resolve(process.env.E2E_DATA_DIR ?? ".e2e-data", "mail");

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function viennaToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vienna" }).format(new Date());
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** A free slot at least three days ahead, so it can still be cancelled online. */
async function freeSlot(request: APIRequestContext): Promise<{ date: string; time: string }> {
  const today = viennaToday();
  const response = await request.get(`/api/v1/availability?from=${addDays(today, 3)}&to=${addDays(today, 60)}`);
  const { days } = (await response.json()) as { days: Array<{ date: string; available: boolean }> };
  for (const day of days.filter((d) => d.available)) {
    const { slots } = (await (await request.get(`/api/v1/slots?date=${day.date}`)).json()) as {
      slots: Array<{ time: string; available: boolean }>;
    };
    const free = slots.filter((slot) => slot.available).at(-1);
    if (free) return { date: day.date, time: free.time };
  }
  throw new Error("no free slot in the next 60 days");
}

/** The text of the `template` e-mail file whose text contains `needle`, once the worker wrote it. */
async function mailText(template: string, needle: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(mailDir).catch(() => [] as string[]);
        for (const file of files.filter((name) => name.includes(`-${template}-`))) {
          const text = (await simpleParser(await fs.readFile(path.join(mailDir, file)))).text ?? "";
          if (text.includes(needle)) found = text;
        }
        return found !== "";
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

test("from the receipt's link to a cancellation", async ({ page, request, baseURL }) => {
  const name = `Kundin ${unique()}`;
  const slot = await freeSlot(request);
  const booked = await request.post("/api/v1/appointments", {
    headers: { Origin: baseURL! },
    data: { name, email: "kundin@example.at", phone: "0660 1112233", service: "Ölwechsel", licensePlate: "W 4711 K", ...slot },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };

  const receipt = await mailText("booking-received-customer", name);
  const link = /https?:\/\/\S+\/termin\/[A-Za-z0-9_-]{43}/.exec(receipt)?.[0];
  expect(link, receipt).toBeTruthy();
  const pagePath = new URL(link!).pathname;

  await page.goto(pagePath);
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Termin" })).toBeVisible();
  await expect(page.getByText("Angefragt – noch nicht bestätigt")).toBeVisible();
  await expect(page.getByText("W 4711 K")).toBeVisible();
  await expect(page.getByRole("link", { name: "In den Kalender eintragen" })).toHaveCount(0);

  // The workshop confirms (admin API); the page then offers the calendar entry of the confirmation.
  const login = await request.post("/api/v1/admin/login", { headers: { Origin: baseURL! }, data: E2E_ADMIN });
  expect(login.status()).toBe(204);
  const confirmed = await request.post(`/api/v1/admin/appointments/${id}/confirm`, { headers: { Origin: baseURL! } });
  expect(confirmed.status()).toBe(200);
  await request.post("/api/v1/admin/logout", { headers: { Origin: baseURL! } });
  await page.reload();
  await expect(page.getByText("Bestätigt", { exact: true })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "In den Kalender eintragen" }).click();
  const ics = await fs.readFile(await (await download).path(), "utf8");
  expect(ics).toContain(`UID:${id}@happycar.termine`);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`customer-page-${width}.png`), fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
  }
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByLabel("Grund (optional)").fill("Auto ist schon repariert");
  const posted = page.waitForRequest((sent) => sent.method() === "POST");
  await page.getByRole("button", { name: "Termin absagen" }).click();
  // Why the server lets "null" through when Sec-Fetch-Site says same-origin (server/origin-check.ts).
  expect((await (await posted).allHeaders()).origin).toBe("null");
  await expect(page.getByRole("status")).toHaveText("Ihr Termin wurde abgesagt. Sie erhalten eine Bestätigung per E-Mail.");
  await expect(page.getByText("Storniert", { exact: true })).toBeVisible();
  await expect(page.getByText("Sie haben diesen Termin abgesagt.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Termin absagen" })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const cancellation = await mailText("appointment-cancelled", name);
  expect(cancellation).toContain("Sie haben Ihren Termin bei Happy Car abgesagt:");
  expect(cancellation).toContain("Grund: Auto ist schon repariert");
});

test("an unknown link is the not-found page", async ({ page }) => {
  const response = await page.goto(`/termin/${"x".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
});

import sharp from "sharp";
import { expect, loginAsAdmin, screenshotForReview, sessionCookieHeader, test } from "./fixtures";
import { bookWithPersonalLink, mailText, unique } from "./personal-link";

/**
 * Issue 30, the journey: on a 390 px phone the board adds a finding with a photo taken by the camera
 * (a file input), sends it; the customer opens the personal link of 'Ihre Freigabe wird benötigt',
 * sees the photo, approves, and the workshop gets 'Freigabe erhalten: 1 freigegeben, 0 abgelehnt'.
 * Its appointment is its own: booked through the API on a free slot (personal-link.ts).
 */
test.describe.configure({ timeout: 120_000 });

const LONG_TITLE = "Kraftstoffhochdruckpumpendichtungssatzerneuerung";

test("a finding with a photo from the board to the customer's approval and the workshop's e-mail", async ({ page, request, baseURL }) => {
  const name = `Befund ${unique()}`;
  const { id } = await bookWithPersonalLink(request, baseURL!, name);
  const confirmed = await request.post(`/api/v1/admin/appointments/${id}/confirm`, {
    headers: { Origin: baseURL!, Cookie: sessionCookieHeader() },
  });
  expect(confirmed.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.goto(`/admin/termine/${id}`);
  await expect(page.getByRole("heading", { name: "Befunde" })).toBeVisible();

  await page.getByLabel("Kostenvoranschlag (€, brutto)").fill("450,00");
  await page.getByRole("button", { name: "Kostenvoranschlag speichern" }).click();
  await expect(page.getByText("Der Kostenvoranschlag wurde gespeichert.")).toBeVisible();

  const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#8a4" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Titel").fill("Bremsbeläge vorne");
  await page.getByLabel("Beschreibung (optional)").fill("Nur noch 2 mm Belag.");
  await page.getByLabel("Preis (€, brutto)").fill("180,00");
  await page.getByRole("radio", { name: "sofort nötig" }).check();
  await page.getByLabel(/^Fotos/).setInputFiles({ name: "bremse.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Befund speichern" }).click();
  await expect(page.getByText("Der Befund wurde gespeichert.")).toBeVisible();
  const boardPhoto = page.getByRole("img", { name: "Foto 1 zu „Bremsbeläge vorne“" });
  await expect(boardPhoto).toHaveAttribute("width", "1600");
  await expect(boardPhoto).toHaveAttribute("height", "1200");
  // A German compound longer than the phone is wide wraps on both pages (no sideways scrolling).
  await page.getByLabel("Titel").fill(LONG_TITLE);
  await page.getByLabel("Preis (€, brutto)").fill("480,00");
  await page.getByRole("radio", { name: "bald" }).check();
  await page.getByRole("button", { name: "Befund speichern" }).click();
  await expect(page.getByText(LONG_TITLE, { exact: true })).toBeVisible();
  await screenshotForReview(page, "findings-board-390.png", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: /^Zur Freigabe senden/ }).click();
  await expect(page.getByText("2 Befunde wurden zur Freigabe gesendet; die Kundin oder der Kunde bekommt eine E-Mail.")).toBeVisible();

  const request_ = await mailText("findings-approval-request", name);
  expect(request_).toContain("Ihre Freigabe wird benötigt");
  const link = /https?:\/\/\S+\/termin\/[A-Za-z0-9_-]{43}/.exec(request_)?.[0];
  expect(link, request_).toBeTruthy();
  const pagePath = new URL(link!).pathname;

  await page.goto(pagePath);
  await expect(page.getByText("Bremsbeläge vorne")).toBeVisible();
  await expect(page.getByText("sofort nötig")).toBeVisible();
  await expect(page.getByText("€ 180,00")).toBeVisible();
  await expect(page.getByText("Kostenvoranschlag: € 450,00")).toBeVisible();
  const customerPhoto = page.getByRole("img", { name: "Foto 1 zu „Bremsbeläge vorne“" });
  await expect(customerPhoto).toHaveAttribute("loading", "lazy");
  const photoResponse = await request.get(await customerPhoto.getAttribute("src").then((src) => src!));
  expect(photoResponse.status()).toBe(200);
  expect(photoResponse.headers()["content-type"]).toBe("image/jpeg");
  expect(photoResponse.headers()["cache-control"]).toBe("no-store");
  expect(photoResponse.headers()["referrer-policy"]).toContain("no-referrer");
  expect(photoResponse.headers()["x-content-type-options"]).toBe("nosniff");

  await expect(page.getByRole("group", { name: LONG_TITLE })).toBeVisible();
  await page.getByRole("group", { name: "Bremsbeläge vorne" }).getByRole("radio", { name: "Freigeben" }).check();
  await page.getByRole("button", { name: "Entscheidung senden" }).click();
  await expect(page.getByText("Danke, Ihre Entscheidung ist bei uns angekommen.")).toBeVisible();
  await expect(page.getByText("Freigegeben: € 180,00")).toBeVisible();
  await screenshotForReview(page, "findings-customer-390.png", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const workshop = await mailText("findings-decided-workshop", name);
  expect(workshop).toContain("Freigabe erhalten: 1 freigegeben, 0 abgelehnt");
  expect(workshop).toMatch(/Bremsbeläge vorne \(€\s180,00\): freigegeben/);

  // The board shows the decision as it came in.
  await page.goto(`/admin/termine/${id}`);
  await expect(page.getByRole("listitem").filter({ hasText: "Bremsbeläge vorne" }).getByTestId("finding-decision")).toContainText(
    "freigegeben vom Kunden über den Link",
  );
});

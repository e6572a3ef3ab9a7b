import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { addDays } from "~/domain/calendar-date";
import { bookingWindow } from "~/domain/slots";
import { ORIGIN_REFUSED_MESSAGE } from "../../server/origin-check";
import { useServer } from "../support/fixtures";
import { bookableSlots, post } from "../support/http";
import { siteSlotRules } from "../support/slot-rules";

/**
 * Issue 16 over HTTP against the real server (`node server.js`, the shared
 * production build, e-mails as files): the receipt's personal link opens a
 * private page (no-store, no referrer, noindex, nothing from elsewhere), an
 * unknown token is a 404 saying the appointment is gone, a cross-site post
 * cancels nothing, the browser's own form post (Origin: null on a no-referrer
 * page) first asks once more, and cancels with the confirmation.
 */
describe("the customer's page over HTTP", () => {
  const server = useServer({ EMAIL_TRANSPORT: "file", BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0" });

  /** The text of the first e-mail file of `template` whose text contains `needle`, once the worker wrote it. */
  async function mailText(template: string, needle: string): Promise<string> {
    const folder = path.join(server.dataDir, "mail");
    for (let attempt = 0; attempt < 100; attempt++) {
      for (const file of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
        if (!file.includes(`-${template}-`)) continue;
        const text = (await simpleParser(fs.readFileSync(path.join(folder, file)))).text ?? "";
        if (text.includes(needle)) return text;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no ${template} e-mail containing ${needle}`);
  }

  it("the receipt's link opens a private page; a scanner's GET changes nothing; only a same-origin post cancels", async () => {
    // Far enough ahead to be cancelled online (24 hours before the start).
    const twoDaysAhead = addDays(bookingWindow(new Date(), siteSlotRules).today, 2);
    const slot = (await bookableSlots(server.origin, 80)).find((candidate) => candidate.date > twoDaysAhead);
    const booked = await post(
      server.origin,
      "/api/v1/appointments",
      JSON.stringify({
        name: "Paula Privat",
        email: "paula@example.at",
        phone: "0660 7654321",
        service: "Ölwechsel",
        ...slot,
        licensePlate: "W 777 PP",
      }),
    );
    expect(booked.status).toBe(201);
    const receipt = await mailText("booking-received-customer", "Paula Privat");
    const link = /\/termin\/([A-Za-z0-9_-]{43})/.exec(receipt);
    expect(link, receipt).not.toBeNull();
    const pagePath = `/termin/${link![1]}`;

    for (let n = 0; n < 2; n++) {
      const page = await fetch(`${server.origin}${pagePath}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      // Appended to the site's default; of a list the last policy counts.
      expect(page.headers.get("referrer-policy")).toMatch(/(^|,\s*)no-referrer$/);
      expect(page.headers.get("x-robots-tag")).toContain("noindex");
      const html = await page.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html).toContain("Angefragt – noch nicht bestätigt");
      expect(html).toContain("W 777 PP");
      expect(html).toContain("Termin absagen");
      // Nothing loaded from another origin: every src and stylesheet/preload href is the site's own.
      const resources = [...html.matchAll(/<(?:script|img|iframe|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(resources.filter((url) => !url.startsWith("/") && !url.startsWith(server.origin))).toEqual([]);
    }
    expect((await fetch(`${server.origin}${pagePath}/kalender.ics`)).status).toBe(404);

    // A form on another site posting here: refused, nothing cancelled.
    const form = new URLSearchParams({ intent: "cancel", confirm: "ja", reason: "" }).toString();
    const formHeaders = { "Content-Type": "application/x-www-form-urlencoded" };
    const forged = await fetch(`${server.origin}${pagePath}`, {
      method: "POST",
      headers: { ...formHeaders, Origin: "https://evil.example" },
      body: form,
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(ORIGIN_REFUSED_MESSAGE);
    expect(await (await fetch(`${server.origin}${pagePath}`)).text()).toContain("Angefragt – noch nicht bestätigt");

    // The browser's own post from this no-referrer page: Origin null, Sec-Fetch-Site same-origin.
    const browserPost = (fields: Record<string, string>) =>
      fetch(`${server.origin}${pagePath}`, {
        method: "POST",
        headers: { ...formHeaders, Origin: "null", "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });

    // 'Termin absagen' alone only asks once more (issue 26): the reason goes along, nothing is cancelled.
    const asked = await browserPost({ intent: "cancel", reason: "Termin doch nicht nötig" });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("cache-control")).toBe("no-store");
    const question = await asked.text();
    expect(question).toContain("Wirklich absagen?");
    expect(question).toContain("Nein, Termin behalten");
    expect(question).toContain(`href="${pagePath}"`);
    expect(question).toContain("Ja, Termin absagen");
    expect(question).toMatch(/<input type="hidden" name="confirm" value="ja"\/>/);
    expect(question).toMatch(/<input type="hidden" name="reason" value="Termin doch nicht nötig"\/>/);
    expect(await (await fetch(`${server.origin}${pagePath}`)).text()).toContain("Angefragt – noch nicht bestätigt");
    // Any answer but 'ja' is no confirmation either.
    expect((await browserPost({ intent: "cancel", confirm: "1" })).status).toBe(200);
    expect(await (await fetch(`${server.origin}${pagePath}`)).text()).toContain("Angefragt – noch nicht bestätigt");

    // 'Ja, Termin absagen' cancels.
    const cancelled = await browserPost({ intent: "cancel", confirm: "ja", reason: "Termin doch nicht nötig" });
    expect(cancelled.status, await cancelled.clone().text()).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`${pagePath}?abgesagt`);
    const after = await (await fetch(`${server.origin}${pagePath}?abgesagt`)).text();
    expect(after).toContain("Ihr Termin wurde abgesagt. Sie erhalten eine Bestätigung per E-Mail.");
    expect(after).toContain("Termin doch nicht nötig");
    expect(after).not.toContain('name="intent"');

    expect(await mailText("customer-cancelled-workshop", "Termin doch nicht nötig")).toContain("W 777 PP");
    expect(await mailText("appointment-cancelled", "Paula Privat")).toContain("Sie haben Ihren Termin bei Happy Car abgesagt:");
  });

  it("an unknown token says that the appointment is gone (issue 26), with 404, private like a known one", async () => {
    for (const token of ["A".repeat(43), "kurz", "%00"]) {
      const response = await fetch(`${server.origin}/termin/${token}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toContain("noindex");
      const html = await response.text();
      expect(html).toContain("Diesen Termin gibt es nicht mehr");
      expect(html).toContain(site.phones[0]!.display);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html).not.toContain("Oops! Page not found");
    }
    expect((await fetch(`${server.origin}/termin/${"A".repeat(43)}/kalender.ics`)).status).toBe(404);
    const post = await fetch(`${server.origin}/termin/${"A".repeat(43)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
      body: "intent=cancel&confirm=ja",
      redirect: "manual",
    });
    expect(post.status).toBe(404);
  });
});

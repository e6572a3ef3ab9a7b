import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { zonedParts } from "~/domain/calendar-date";
import { addMonths } from "~/domain/inspection";
import { useServer } from "../support/fixtures";
import { freeSlotsOfOneDay } from "../support/http";

/**
 * The §57a reminder end to end on the real server: a booking with the
 * consent, the reminder job queueing the e-mail, the worker writing it as
 * .eml with List-Unsubscribe, and the link itself – GET changes nothing, a
 * mail provider's RFC 8058 one-click POST (no Origin of ours) unsubscribes.
 */

describe("the §57a reminder's one-click unsubscribe over HTTP", () => {
  const server = useServer({ LOG_LEVEL: "warn" });

  /** The .eml of the §57a reminder, once the reminder job (every 20 s) and the worker have written it. */
  async function reminderMail(): Promise<string> {
    const mailDir = path.join(server.dataDir, "mail");
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const file = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).find((name) => name.includes("inspection-reminder")) : undefined;
      if (file) return fs.readFileSync(path.join(mailDir, file), "utf8").replace(/\r?\n[ \t]+/g, " ");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no reminder e-mail:\n${server.output()}`);
  }

  it("sends the reminder with List-Unsubscribe; GET asks, the one-click POST unsubscribes", async () => {
    // A car whose inspection falls due next month (5 years after its first registration).
    const nextMonth = addMonths(zonedParts(new Date(), site.timeZone).date.slice(0, 7), 1);
    const [slot] = await freeSlotsOfOneDay(server.origin, 1);
    const booked = await fetch(`${server.origin}/api/v1/appointments`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify({
        name: "Anna Muster",
        email: "anna@example.at",
        phone: "0664 1234567",
        service: "Wartung",
        ...slot,
        firstRegistration: addMonths(nextMonth, -60),
        inspectionReminder: true,
      }),
    });
    expect(booked.status).toBe(201);

    const mail = await reminderMail();
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const header = /List-Unsubscribe: <([^>]+)>/.exec(mail);
    expect(header).not.toBeNull();
    const unsubscribePath = new URL(header![1]!).pathname;
    expect(unsubscribePath).toMatch(/^\/erinnerung\/abmelden\/[A-Za-z0-9_-]{43}$/);

    // A scanner following the link changes nothing.
    const page = await fetch(`${server.origin}${unsubscribePath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    // Appended to the site's default; of a list the last policy counts.
    expect(page.headers.get("referrer-policy")).toMatch(/(^|,\s*)no-referrer$/);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    const asking = await page.text();
    expect(asking).toContain("Erinnerungen abbestellen");
    expect(asking).toContain('method="post"');
    expect(asking).not.toContain("Sie erhalten keine Erinnerungen mehr");

    // The mail provider's one-click POST: no Origin, no Referer, no Sec-Fetch-Site.
    const oneClick = await fetch(`${server.origin}${unsubscribePath}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("Sie erhalten keine Erinnerungen mehr");
    expect(await (await fetch(`${server.origin}${unsubscribePath}`)).text()).toContain("Sie erhalten keine Erinnerungen mehr");
  }, 90_000);

  it("answers an unknown token with the German not-found page, GET or POST", async () => {
    const unknown = `/erinnerung/abmelden/${"x".repeat(43)}`;
    const page = await fetch(`${server.origin}${unknown}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Die gesuchte Seite gibt es nicht");
    const post = await fetch(`${server.origin}${unknown}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(404);
  });

  it("keeps the same-origin check for every other form", async () => {
    const post = await fetch(`${server.origin}/termin-anfragen`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "booking-name=Anna",
    });
    expect(post.status).toBe(403);
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { openDatabase } from "~/db/client.server";
import { inspectionReminders, inspectionUnsubscribeTokens } from "~/db/schema";
import { zonedParts } from "~/domain/calendar-date";
import { addMonths } from "~/domain/inspection";
import { hashSecretToken, newSecretToken } from "~/lib/secret-token.server";
import { useServer } from "../support/fixtures";
import { freeSlotsOfOneDay } from "../support/http";

/**
 * The §57a reminder end to end on the real server: a booking with the
 * consent, the reminder job queueing the e-mail, the worker writing it as
 * .eml with List-Unsubscribe, and the link itself – GET changes nothing, a
 * mail provider's RFC 8058 one-click POST (no Origin of ours) unsubscribes.
 */

/** Unsubscribe links of two consents entered before the server starts. */
const SEEDED_TOKENS = { foreignOrigin: newSecretToken().token, sameOrigin: newSecretToken().token } as const;

describe("the §57a reminder's one-click unsubscribe over HTTP", () => {
  const server = useServer(
    { LOG_LEVEL: "warn" },
    {
      // Entered before the server starts (PGlite has one process at a time): a link each, without waiting for a reminder.
      async beforeStart(dataDir) {
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          for (const [index, token] of Object.values(SEEDED_TOKENS).entries()) {
            const [consent] = await database.db
              .insert(inspectionReminders)
              .values({
                name: "Anna Muster",
                email: "anna@example.at",
                // Two cars: one consent per address and car (decision 036).
                licensePlate: `W ${index + 1} AB`,
                carKey: `W${index + 1}AB`,
                // Due in three years: the reminder job sends nothing for them.
                firstRegistration: zonedParts(new Date(), site.timeZone).date.slice(0, 7),
                consentText: "An die nächste §57a-Begutachtung erinnern",
                consentedAt: new Date(),
              })
              .returning();
            await database.db.insert(inspectionUnsubscribeTokens).values({ tokenHash: hashSecretToken(token), reminderId: consent!.id });
          }
        } finally {
          await database.close();
        }
      },
    },
  );

  /** RFC 8058's POST as a mail provider sends it, from its own servers. */
  const oneClick = (pathname: string, headers: Record<string, string> = {}, method = "POST") =>
    fetch(`${server.origin}${pathname}`, {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "List-Unsubscribe=One-Click",
    });

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
    const unsubscribed = await oneClick(unsubscribePath);
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.text()).toContain("Sie erhalten keine Erinnerungen mehr");
    expect(await (await fetch(`${server.origin}${unsubscribePath}`)).text()).toContain("Sie erhalten keine Erinnerungen mehr");
  }, 90_000);

  it("answers an unknown token with the German not-found page, GET or POST", async () => {
    const unknown = `/erinnerung/abmelden/${"x".repeat(43)}`;
    const page = await fetch(`${server.origin}${unknown}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Die gesuchte Seite gibt es nicht");
    expect((await oneClick(unknown)).status).toBe(404);
  });

  it("unsubscribes with the one-click POST whatever Origin the mail provider sends, as with ours, and logs no error", async () => {
    const foreign = await oneClick(`/erinnerung/abmelden/${SEEDED_TOKENS.foreignOrigin}`, { Origin: "https://mail.example" });
    const own = await oneClick(`/erinnerung/abmelden/${SEEDED_TOKENS.sameOrigin}`, { Origin: server.origin });
    expect([foreign.status, own.status]).toEqual([200, 200]);
    for (const answer of [await foreign.text(), await own.text()]) expect(answer).toContain("Sie erhalten keine Erinnerungen mehr");
    const page = await fetch(`${server.origin}/erinnerung/abmelden/${SEEDED_TOKENS.foreignOrigin}`);
    expect(await page.text()).toContain("Sie erhalten keine Erinnerungen mehr");
    // At LOG_LEVEL=warn a request's line shows only when something failed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).not.toContain(foreign.headers.get("x-request-id")!);
  });

  it("keeps the same-origin check for every other form", async () => {
    const post = await fetch(`${server.origin}/termin-anfragen`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "booking-name=Anna",
    });
    expect(post.status).toBe(403);
    const foreign = { Origin: "https://mail.example" };
    const unknownToken = "x".repeat(43);
    // Only POST to exactly the unsubscribe link is let through.
    for (const [pathname, headers, method] of [
      ["/termin-anfragen", foreign, "POST"],
      [`/termin/${unknownToken}`, foreign, "POST"],
      [`/erinnerung/abmelden/${unknownToken}.data`, foreign, "POST"],
      [`/erinnerung/abmelden/${unknownToken}`, foreign, "PUT"],
      [`/erinnerung/abmelden/${unknownToken}`, {}, "DELETE"],
      [`/erinnerung/abmelden/${unknownToken}`, {}, "PATCH"],
    ] as const) {
      expect((await oneClick(pathname, headers, method)).status, `${method} ${pathname}`).toBe(403);
    }
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { contactMessages, emailOutbox } from "~/db/schema";
import { MISSING_FIELDS_MESSAGE } from "~/schemas/booking";
import { CONTACT_RATE_LIMITED_MESSAGE, CONTACT_SENT_MESSAGE } from "~/schemas/contact";
import { testDatabaseKinds } from "../support/databases";
import { changeFacts } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

describe.each(testDatabaseKinds)("POST /api/v1/contact (%s)", (kind) => {
  let ipCounter = 0;

  const database = useTestDatabase(kind);
  const app = useApiApp(database);

  async function call(body: string | undefined, { contentType = "application/json", clientIp = `192.0.2.${++ipCounter % 250}` } = {}) {
    const response = await app.request("/api/v1/contact", { method: "POST", body, contentType: contentType || undefined, clientIp });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }
  const count = async () => ({
    messages: (await database.db.select().from(contactMessages)).length,
    emails: (await database.db.select().from(emailOutbox)).length,
  });

  it("201: stores the message and queues the e-mail", async () => {
    const response = await call(JSON.stringify({ name: "Maria Muster", email: "maria@example.com", message: "Hallo" }));
    expect(response).toEqual({ status: 201, headers: expect.anything(), body: { status: "gesendet", message: CONTACT_SENT_MESSAGE } });
    expect(await count()).toEqual({ messages: 1, emails: 1 });
  });

  it("201: the e-mail goes to the notice address of 'Einstellungen' as it is now, WORKSHOP_EMAIL winning where set (issue 29)", async () => {
    await changeFacts(database.db, (facts) => ({ email: { ...facts.email, noticeAddress: "kfz@brenner.example" } }));
    const message = JSON.stringify({ name: "Maria Muster", email: "maria@example.com", message: "Hallo" });
    expect((await call(message)).status).toBe(201);
    const recipients = async () => (await database.db.select().from(emailOutbox)).map((row) => row.recipient);
    expect(await recipients()).toEqual(["kfz@brenner.example"]);
    process.env.WORKSHOP_EMAIL = "werkstatt@env.example";
    resetEnvCache();
    try {
      expect((await call(message)).status).toBe(201);
    } finally {
      delete process.env.WORKSHOP_EMAIL;
      resetEnvCache();
    }
    expect((await recipients()).sort()).toEqual(["kfz@brenner.example", "werkstatt@env.example"]);
  });

  it("201: accepts the full form's fields", async () => {
    const response = await call(
      JSON.stringify({
        firstName: "Maria",
        lastName: "Muster",
        email: "maria@example.com",
        phone: "01 234 56 78",
        subject: "Frage",
        message: "Hallo",
      }),
    );
    expect(response.status).toBe(201);
    const [row] = await database.db.select().from(contactMessages);
    expect(row).toEqual(expect.objectContaining({ name: "Maria Muster", phone: "01 234 56 78", subject: "Frage" }));
  });

  it("400: names the invalid fields and stores nothing", async () => {
    const response = await call(JSON.stringify({ firstName: "Maria", email: "maria@example.com", message: "Hallo" }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: MISSING_FIELDS_MESSAGE, fields: { lastName: "Bitte geben Sie Ihren Nachnamen an." } });
    expect(await count()).toEqual({ messages: 0, emails: 0 });
  });

  it.each([
    ["not JSON", "{nope", "application/json", 400, "Die Anfrage enthält kein gültiges JSON."],
    ["a JSON array", "[]", "application/json", 400, "Die Anfrage muss ein JSON-Objekt sein."],
    [
      "a form body",
      "name=x",
      "application/x-www-form-urlencoded",
      415,
      "Bitte senden Sie die Daten als JSON (Content-Type: application/json).",
    ],
    [
      "more than 16 KB",
      JSON.stringify({ name: "x", email: "a@b.at", message: "x".repeat(17_000) }),
      "application/json",
      413,
      "Die Anfrage ist zu groß.",
    ],
  ])("refuses %s", async (_label, body, contentType, status, error) => {
    const response = await call(body, { contentType });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error });
    expect(await count()).toEqual({ messages: 0, emails: 0 });
  });

  it("201 for a filled honeypot, without storing anything", async () => {
    const response = await call(JSON.stringify({ name: "Bot", email: "bot@example.com", message: "Spam", website: "x" }));
    expect(response.status).toBe(201);
    expect(await count()).toEqual({ messages: 0, emails: 0 });
  });

  it("429 with Retry-After once CONTACT_RATE_LIMIT (5 per 10 minutes) is used up", async () => {
    const body = JSON.stringify({ name: "Maria", email: "maria@example.com", message: "Hallo" });
    for (let i = 0; i < 5; i++) expect((await call(body, { clientIp: "192.0.2.254" })).status).toBe(201);
    const limited = await call(body, { clientIp: "192.0.2.254" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: CONTACT_RATE_LIMITED_MESSAGE });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await count()).toEqual({ messages: 5, emails: 5 });
  });

  it("never answers arbitrary JSON with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              name: fc.anything(),
              firstName: fc.anything(),
              lastName: fc.string(),
              email: fc.oneof(fc.string(), fc.emailAddress()),
              phone: fc.anything(),
              subject: fc.string(),
              message: fc.string({ unit: "binary" }),
            },
            { requiredKeys: [] },
          ),
        ),
        async (value) => {
          const body = JSON.stringify(value) ?? "null";
          const { status } = await call(body);
          expect([201, 400, 413, 429]).toContain(status);
        },
      ),
      { numRuns: 60 },
    );
  });
});

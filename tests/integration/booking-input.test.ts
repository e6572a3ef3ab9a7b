import { describe, expect, it } from "vitest";
import { appointments, contactMessages, emailOutbox } from "~/db/schema";
import { testDatabaseKinds } from "../support/databases";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";
import { bookableSlots, expectGermanError, post } from "../support/http";

/*
 * Awkward text input over real HTTP: Node's server, the Hono pipeline with the
 * origin check, the JSON API's routes (server/api/index.ts) and the
 * database (tests/support/api-app.ts). Every answer is a 201 with the cleaned
 * text stored or a 400 with a German message, never a 5xx.
 */

// A lone surrogate cannot be written as UTF-8: a client sends it as a JSON escape.
const LONE_HIGH = "\\ud800";
const LONE_LOW = "\\udc00";

/** A JSON object whose string values are written as given, so JSON escapes in them reach the server. */
function jsonText(fields: Record<string, string>): string {
  return `{${Object.entries(fields)
    .map(([field, value]) => `"${field}":"${value}"`)
    .join(",")}}`;
}

describe.each(testDatabaseKinds)("text input over HTTP on %s", (kind) => {
  useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0", CONTACT_RATE_LIMIT: "0", SLOT_CAPACITY: "" });
  const database = useTestDatabase(kind);
  const app = useApiApp(database);

  async function stored() {
    return {
      appointments: await database.db.select().from(appointments),
      contactMessages: await database.db.select().from(contactMessages),
      emails: (await database.db.select().from(emailOutbox)).length,
    };
  }

  /** A booking as JSON text, with `raw` over the defaults. */
  async function bookingBody(raw: Record<string, string>): Promise<string> {
    const [slot] = await bookableSlots(app.origin, 1);
    return jsonText({
      name: "Anna Muster",
      email: "anna@example.at",
      phone: "0664 1234567",
      service: "Wartung",
      ...slot!,
      ...raw,
    });
  }

  describe("POST /api/v1/appointments", () => {
    it.each([
      ["a lone high surrogate in the name", { name: `Anna${LONE_HIGH} Muster` }, { name: "Anna Muster" }],
      ["a lone low surrogate in the name", { name: `Anna ${LONE_LOW}Muster` }, { name: "Anna Muster" }],
      ["lone surrogates in the message", { message: `Bitte${LONE_LOW} ${LONE_HIGH}anrufen${LONE_HIGH}` }, { message: "Bitte anrufen" }],
      ["a lone surrogate in the phone number", { phone: `0664${LONE_HIGH} 1234567` }, { phone: "0664 1234567" }],
      ["a reversed surrogate pair", { name: `Anna ${LONE_LOW}${LONE_HIGH}Muster` }, { name: "Anna Muster" }],
      [
        "emoji next to a lone surrogate",
        { message: `Danke \\ud83d\\ude97${LONE_HIGH} \\ud83d\\udc69\\u200d\\ud83d\\udd27` },
        { message: "Danke 🚗 👩‍🔧" },
      ],
      [
        "invisible format characters and a line separator",
        { name: "\\u202eAnna\\u200b Mus\\ufeffter\\u2066", message: "Zeile 1\\u2028Zeile 2\\u2029Zeile 3" },
        { name: "Anna Muster", message: "Zeile 1\nZeile 2\nZeile 3" },
      ],
    ])("%s → 201, the cleaned text is stored", async (_label, raw, expected) => {
      const response = await post(app.origin, "/api/v1/appointments", await bookingBody(raw));
      expect(response.status, response.text).toBe(201);
      const { appointments: rows, emails } = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(expected);
      expect(emails).toBe(2);
    });

    it("a name of nothing but lone surrogates and invisible characters → 400 in German, nothing stored", async () => {
      const response = await post(app.origin, "/api/v1/appointments", await bookingBody({ name: `${LONE_HIGH}\\u200b${LONE_LOW}` }));
      expect(response.status).toBe(400);
      expectGermanError(response.body, "name");
      expect(response.body).toMatchObject({ fields: { name: "Bitte geben Sie Ihren Namen an." } });
      expect(await stored()).toEqual({ appointments: [], contactMessages: [], emails: 0 });
    });
  });

  describe("POST /api/v1/contact", () => {
    const short = { name: "Maria Muster", email: "maria@example.com", message: "Hallo" };
    const full = { firstName: "Maria", lastName: "Muster", email: "maria@example.com", message: "Hallo" };

    it.each([
      ["in the name", { ...short, name: `Maria${LONE_HIGH} Muster` }, { name: "Maria Muster" }],
      ["in the message", { ...short, message: `Hallo${LONE_LOW}\\u2028Welt${LONE_HIGH}` }, { message: "Hallo\nWelt" }],
      [
        "in the full form's fields",
        { ...full, firstName: `Maria${LONE_HIGH}`, phone: `01${LONE_LOW} 234 56 78`, subject: `Frage${LONE_HIGH}` },
        { name: "Maria Muster", phone: "01 234 56 78", subject: "Frage" },
      ],
    ])("a lone surrogate %s → 201, the cleaned text is stored", async (_label, fields, expected) => {
      const response = await post(app.origin, "/api/v1/contact", jsonText(fields));
      expect(response.status, response.text).toBe(201);
      const { contactMessages: rows, emails } = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(expected);
      expect(emails).toBe(1);
    });

    it("a message of nothing but a lone surrogate → 400 in German, nothing stored", async () => {
      const response = await post(app.origin, "/api/v1/contact", jsonText({ ...short, message: LONE_LOW }));
      expect(response.status).toBe(400);
      expectGermanError(response.body, "message");
      expect(await stored()).toEqual({ appointments: [], contactMessages: [], emails: 0 });
    });
  });
});

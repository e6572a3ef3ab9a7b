import { describe, expect, it } from "vitest";
import { contactMessages, emailOutbox, rateLimits } from "~/db/schema";
import { smtpTransport } from "~/mail/transports.server";
import { createMailWorker } from "~/mail/worker.server";
import { contactFormMessages } from "~/messages";
import { action as pageAction } from "~/routes/contact-message";
import { INVALID_FIELDS_MESSAGE, MISSING_FIELDS_MESSAGE } from "~/schemas/booking";
import { CONTACT_RATE_LIMITED_MESSAGE } from "~/schemas/contact";
import { type ContactConfig, sendContactMessage as sendContactMessageResult } from "~/services/contact.server";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";
import { contactView } from "../support/result-views";
import { routeArgs } from "../support/route-args";
import { startSmtpSink } from "../support/smtp-sink";
const sendContactMessage = async (...args: Parameters<typeof sendContactMessageResult>) =>
  contactView(await sendContactMessageResult(...args));

const config: ContactConfig = { rateLimit: 3, rateLimitWindowSeconds: 600, workshopEmail: "werkstatt@happycar.example" };
const short = { name: "Maria Muster", email: "maria@example.com", message: "Haben Sie am Samstag offen?" };
const full = {
  firstName: "Maria",
  lastName: "Muster",
  email: "maria@example.com",
  phone: "+43 660 1234567",
  subject: "Kostenvoranschlag",
  message: "Was kostet ein Ölwechsel?\nDanke!",
};

describe.each(testDatabaseKinds)("contact messages (%s)", (kind) => {
  const now = new Date("2026-11-23T10:00:00Z");

  const database = useTestDatabase(kind);

  const send = (input: Record<string, unknown>, clientIp = "203.0.113.1") =>
    sendContactMessage(database.db, input, { now, clientIp, config });
  const stored = async () => ({
    messages: await database.db.select().from(contactMessages),
    emails: await database.db.select().from(emailOutbox),
  });

  it("stores a short-form message and queues its e-mail to the workshop with Reply-To = sender", async () => {
    const result = await send(short);
    expect(result.kind).toBe("sent");
    const { messages, emails } = await stored();
    expect(messages).toEqual([
      expect.objectContaining({
        name: "Maria Muster",
        email: "maria@example.com",
        phone: null,
        subject: null,
        message: "Haben Sie am Samstag offen?",
      }),
    ]);
    expect(emails).toEqual([
      expect.objectContaining({
        recipient: "werkstatt@happycar.example",
        replyTo: "maria@example.com",
        template: "contact-message",
        status: "pending",
        contactMessageId: messages[0]!.id,
        params: { name: "Maria Muster", email: "maria@example.com", message: "Haben Sie am Samstag offen?" },
      }),
    ]);
  });

  it("stores a full-form message with phone and subject and delivers it", async () => {
    expect((await send(full)).kind).toBe("sent");
    const { messages, emails } = await stored();
    expect(messages[0]).toEqual(
      expect.objectContaining({
        name: "Maria Muster",
        phone: "+43 660 1234567",
        subject: "Kostenvoranschlag",
        message: "Was kostet ein Ölwechsel?\nDanke!",
      }),
    );
    expect(emails[0]!.params).toEqual({
      name: "Maria Muster",
      email: "maria@example.com",
      phone: "+43 660 1234567",
      subject: "Kostenvoranschlag",
      message: "Was kostet ein Ölwechsel?\nDanke!",
    });

    const sink = await startSmtpSink();
    try {
      await createMailWorker({
        db: database.db,
        transport: smtpTransport({
          SMTP_URL: sink.url,
          MAIL_FROM: "Happy Car <termine@happycar.example>",
          publicUrl: "http://localhost:3000",
        }),
      }).runOnce();
      expect(sink.messages).toHaveLength(1);
      const mail = sink.messages[0]!;
      expect(mail.envelopeTo).toEqual(["werkstatt@happycar.example"]);
      expect(mail.parsed.replyTo?.text).toBe("maria@example.com");
      expect(mail.parsed.subject).toBe("Neue Nachricht über das Kontaktformular");
      expect(mail.parsed.text).toContain("Betreff: Kostenvoranschlag");
      expect(mail.parsed.text).toContain("Was kostet ein Ölwechsel?\nDanke!");
    } finally {
      await sink.close();
    }
  });

  it.each([
    ["short form without message", { ...short, message: "  " }, { message: "Bitte geben Sie eine Nachricht ein." }, MISSING_FIELDS_MESSAGE],
    [
      "short form without anything",
      {},
      {
        name: "Bitte geben Sie Ihren Namen an.",
        email: "Bitte geben Sie Ihre E-Mail-Adresse an.",
        message: "Bitte geben Sie eine Nachricht ein.",
      },
      MISSING_FIELDS_MESSAGE,
    ],
    ["full form without last name", { ...full, lastName: "" }, { lastName: "Bitte geben Sie Ihren Nachnamen an." }, MISSING_FIELDS_MESSAGE],
    ["invalid e-mail", { ...short, email: "maria@" }, { email: "Bitte geben Sie eine gültige E-Mail-Adresse an." }, INVALID_FIELDS_MESSAGE],
    [
      "invalid phone",
      { ...full, phone: "abc" },
      { phone: "Bitte geben Sie eine gültige Telefonnummer an (6 bis 20 Ziffern; erlaubt sind auch +, Leerzeichen, /, - und Klammern)." },
      INVALID_FIELDS_MESSAGE,
    ],
    [
      "too long message",
      { ...short, message: "x".repeat(5001) },
      { message: "Die Nachricht darf höchstens 5000 Zeichen lang sein." },
      INVALID_FIELDS_MESSAGE,
    ],
    ["non-string name", { ...short, name: 42 }, { name: "Bitte geben Sie Ihren Namen an." }, MISSING_FIELDS_MESSAGE],
  ])("rejects %s and stores nothing", async (_label, input, fields, error) => {
    const result = await send(input);
    expect(result).toEqual({ kind: "invalid", error, fields, missingRequired: error === MISSING_FIELDS_MESSAGE });
    const { messages, emails } = await stored();
    expect(messages).toHaveLength(0);
    expect(emails).toHaveLength(0);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    expect(await send({ ...short, website: "https://spam.example" })).toEqual({ kind: "honeypot" });
    const { messages, emails } = await stored();
    expect(messages).toHaveLength(0);
    expect(emails).toHaveLength(0);
    expect(await database.db.select().from(rateLimits)).toHaveLength(0);
  });

  it("limits messages per IP in 10 minutes", async () => {
    for (let i = 0; i < 3; i++) expect((await send(short)).kind).toBe("sent");
    const limited = await send(short);
    expect(limited).toEqual({ kind: "rate-limited", retryAfterSeconds: 600 });
    expect(contactFormMessages["rate-limited"]).toBe(CONTACT_RATE_LIMITED_MESSAGE);
    expect((await send(short, "203.0.113.2")).kind).toBe("sent");
    expect(
      (await sendContactMessage(database.db, short, { now: new Date(now.getTime() + 600_000), clientIp: "203.0.113.1", config })).kind,
    ).toBe("sent");
    const { messages, emails } = await stored();
    expect(messages).toHaveLength(5);
    expect(emails).toHaveLength(5);
  });

  describe("form action /nachricht-senden (without JavaScript)", () => {
    const clientIp = () => `198.51.100.${Math.floor(Math.random() * 250)}`;
    const post = async (fields: Record<string, string>) =>
      pageAction(
        (await routeArgs(new Request("http://localhost/nachricht-senden", { method: "POST", body: new URLSearchParams(fields) }), {
          db: database.db,
          clientIp: clientIp(),
        })) as never,
      );

    it("redirects the full form to the confirmation at /nachricht-senden", async () => {
      const response = (await post({
        variant: "full",
        "contact-first-name": "Maria",
        "contact-last-name": "Muster",
        "contact-email": "maria@example.com",
        "contact-phone": "",
        "contact-subject": "",
        "contact-message": "Hallo",
        "contact-website": "",
      })) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/nachricht-senden?nachricht=gesendet");
      expect((await stored()).messages).toHaveLength(1);
    });

    it("redirects the short form to the same confirmation (the public pages are prerendered, the same for everyone)", async () => {
      const response = (await post({
        variant: "short",
        "contact-name": "Maria",
        "contact-email": "maria@example.com",
        "contact-message": "Hallo",
      })) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/nachricht-senden?nachricht=gesendet");
    });

    it("answers errors with the fields and the typed values, not the honeypot", async () => {
      const result = (await post({
        variant: "short",
        "contact-name": "Maria",
        "contact-email": "nope",
        "contact-message": "",
        "contact-website": "",
      })) as unknown as {
        data: unknown;
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
      expect(result.data).toEqual({
        variant: "short",
        error: MISSING_FIELDS_MESSAGE,
        fields: { email: "Bitte geben Sie eine gültige E-Mail-Adresse an.", message: "Bitte geben Sie eine Nachricht ein." },
        values: { variant: "short", "contact-name": "Maria", "contact-email": "nope", "contact-message": "" },
      });
      expect((await stored()).messages).toHaveLength(0);
    });
  });
});

import { describe, expect, it } from "vitest";
import type { EmailParams, EmailTemplate } from "../emails";
import { renderEmail } from ".";
import { htmlToPlainText } from "./plain-text";

/**
 * Issue 25: each e-mail is written once and its plain text derived from the
 * HTML. These tests read the HTML on their own (tags out, entities decoded)
 * and hold both parts against each other, sentence by sentence.
 */

const PUBLIC_URL = "https://www.happycar.example";
const TOKEN = "c".repeat(43);
const row = {
  id: "11111111-1111-4111-8111-111111111111",
  appointmentId: "22222222-2222-4222-8222-222222222222",
  createdAt: new Date("2026-11-20T10:15:00Z"),
};

/** The workshop's e-mails carry no personal link. */
const workshopAppointment = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "Ölwechsel" };
const appointment = { ...workshopAppointment, accessToken: TOKEN };
const car = { licensePlate: "W 123-AB", vehicleModel: "VW Golf", mileageKm: "120000", firstRegistration: "2018-06" };
const pickup = { handover: "pickup", pickupAddress: "Praterstraße 1, 1020 Wien" } as const;

/** Every template with every optional value it can show. */
const fullParams: { [T in EmailTemplate]: EmailParams[T] } = {
  "waitlist-slot-free": { name: "Maria Muster", date: "2026-12-01", service: "Ölwechsel", leaveToken: TOKEN },
  "booking-received-customer": { ...appointment, ...car, ...pickup, phone: "0660 111 22 33", message: "Bitte auch\ndie Bremsen." },
  "booking-received-workshop": {
    ...workshopAppointment,
    ...car,
    ...pickup,
    phone: "0660 111 22 33",
    message: "Bitte auch\ndie Bremsen.",
  },
  "appointment-confirmed": { ...appointment, durationMinutes: "60" },
  "appointment-cancelled": { ...appointment, reason: "Die Hebebühne\nist defekt.", wasConfirmed: "true" },
  "appointment-moved": { ...appointment, durationMinutes: "60", oldDate: "2026-11-30", oldTime: "09:00", sequence: "1" },
  "customer-moved-workshop": {
    ...workshopAppointment,
    phone: "0660 111 22 33",
    licensePlate: "W 123-AB",
    oldDate: "2026-11-30",
    oldTime: "09:00",
  },
  "customer-cancelled-workshop": {
    ...workshopAppointment,
    phone: "0660 111 22 33",
    licensePlate: "W 123-AB",
    reason: "Ich bin krank.",
  },
  "contact-message": {
    name: "Kunde",
    email: "kunde@example.com",
    phone: "0660 1",
    subject: "Frage",
    message: "Hallo,\nwas kostet ein Ölwechsel?",
  },
  "staff-invitation": { name: "Lena Lehrling", email: "lena@happycar.example", role: "staff", invitedBy: "Chef", token: TOKEN },
  "appointment-reminder": { ...appointment, durationMinutes: "60" },
  "inspection-reminder": { name: "Maria Muster", licensePlate: "W 123-AB", dueMonth: "2027-03", unsubscribeToken: TOKEN },
  "appointment-ready": { ...appointment, licensePlate: "W 123-AB", handover: "pickup" },
  "password-reset": { name: "Lena Lehrling", token: TOKEN },
  "password-changed": { name: "Lena Lehrling", changedAt: "2026-11-20T10:15:00.000Z", via: "change" },
  "second-factor-locked": { name: "Lena Lehrling", lockedAt: "2026-11-20T10:15:00.000Z" },
  "findings-approval-request": { ...appointment, count: "2" },
  "findings-decided-workshop": {
    ...workshopAppointment,
    phone: "0660 111 22 33",
    licensePlate: "W 123-AB",
    approved: "2",
    declined: "1",
    summary: "Bremsbeläge vorne (€ 180,00): freigegeben\nBremsscheiben (€ 320,00): freigegeben\nWischerblätter (€ 35,00): abgelehnt",
  },
  "new-browser-login": {
    name: "Lena Lehrling",
    loggedInAt: "2026-11-20T10:15:00.000Z",
    browser: "Chrome auf Android",
    place: "Österreich",
    network: "81.217.0.x",
  },
};

const render = (template: EmailTemplate, params: object = fullParams[template]) => renderEmail({ ...row, template, params }, PUBLIC_URL);

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&nbsp;": " " };

/** The text a reader sees in the HTML, one entry per element's text, read without html-to-text. */
function visibleTexts(html: string): string[] {
  const body = html.slice(html.indexOf("<body"));
  return body
    .split(/<[^>]*>/)
    .map((text) => text.replace(/&(?:amp|lt|gt|quot|#x27|nbsp);/g, (entity) => entities[entity]!))
    .flatMap((text) => text.split("\n"))
    .map((text) => text.trim())
    .filter(Boolean);
}

/** Sentences (and labels, values, link texts), whitespace collapsed. */
function sentences(texts: string[]): string[] {
  return texts.flatMap((text) => text.split(/(?<=[.!?:;])\s+/)).map((sentence) => sentence.replace(/\s+/g, " ").trim());
}

const collapse = (text: string) => text.replace(/\s+/g, " ");
const words = (text: string) => text.match(/[\p{L}\p{N}@§]+/gu) ?? [];

const templates = Object.keys(fullParams) as EmailTemplate[];

describe("the plain text of every e-mail is derived from its HTML", () => {
  it.each(templates)("%s: every sentence of the HTML is in the text", (template) => {
    const mail = render(template);
    const text = collapse(mail.text);
    const missing = sentences(visibleTexts(mail.html)).filter((sentence) => !text.includes(sentence));
    expect(missing).toEqual([]);
  });

  it.each(templates)("%s: the text says nothing the HTML does not, and every link of the HTML is in it", (template) => {
    const mail = render(template);
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map(([, href]) => href!.replaceAll("&amp;", "&"));
    for (const link of links) expect(mail.text).toContain(`<${link}>`);
    const htmlWords = new Set(words(visibleTexts(mail.html).join(" ")));
    const textWithoutLinks = mail.text.replace(/<https?:\/\/[^>]+>/g, "");
    expect(words(textWithoutLinks).filter((word) => !htmlWords.has(word))).toEqual([]);
  });
});

describe("the text stays readable", () => {
  const text = render("booking-received-customer").text;

  it("keeps the title as written, a detail per line as 'Label: value', and a value's own line breaks", () => {
    expect(text).toContain("\nIhre Terminanfrage ist eingegangen\n");
    expect(text).toContain("\nDatum: 01.12.2026\nUhrzeit: 08:30\nLeistung: Ölwechsel\n");
    expect(text).toContain("\nNachricht: Bitte auch\ndie Bremsen.\n");
  });

  it("separates paragraphs by an empty line and never wraps a sentence", () => {
    expect(text).toContain(
      "\n\nBitte beachten Sie: Ihr Termin ist noch nicht bestätigt. Wir prüfen Ihre Anfrage und senden Ihnen so bald wie möglich eine Bestätigung per E-Mail.\n\n",
    );
  });

  it("gives a link's address after its text, and puts the footer after the signature delimiter", () => {
    expect(text).toContain(`\nMeinen Termin ansehen <${PUBLIC_URL}/termin/${TOKEN}>\n`);
    expect(text).toMatch(/\nMit freundlichen Grüßen\nIhr Happy Car Team\n\n-- \nHappy Car [^\n]+\n/);
  });

  it("shows a customer's markup as text", () => {
    expect(render("contact-message", { ...fullParams["contact-message"], message: "<b>fett</b> & <a href='x'>y</a>" }).text).toContain(
      "Nachricht: <b>fett</b> & <a href='x'>y</a>",
    );
  });

  it("a list becomes one item per line", () => {
    expect(htmlToPlainText("<body><p>Vorher</p><ul><li>Eins</li><li>Zwei</li></ul></body>")).toBe("Vorher\n\n * Eins\n * Zwei");
  });
});

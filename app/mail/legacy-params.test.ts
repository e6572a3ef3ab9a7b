import { describe, expect, it } from "vitest";
import type { EmailParams, EmailTemplate } from "./emails";
import { fromLegacyParams } from "./legacy-params";
import { renderEmail } from "./templates";

const PUBLIC_URL = "https://www.happycar.example";
const row = {
  id: "11111111-1111-4111-8111-111111111111",
  appointmentId: "22222222-2222-4222-8222-222222222222",
  createdAt: new Date("2026-11-20T10:15:00Z"),
};

const appointment = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "Ölwechsel" };
const oldAppointment = { name: "Maria Muster", email: "maria@example.com", datum: "01.12.2026", uhrzeit: "08:30", leistung: "Ölwechsel" };

const invitation = {
  name: "Lena Lehrling",
  email: "lena@happycar.example",
  role: "staff",
  invitedBy: "Chef",
  token: "a".repeat(43),
} as const;

const passwordReset = { name: "Chef", token: "c".repeat(43) };
const passwordChanged = { name: "Chef", changedAt: "2026-11-20T10:15:00.000Z", via: "change" } as const;
const secondFactorLocked = { name: "Chef", lockedAt: "2026-11-20T10:15:00.000Z" };
const newBrowserLogin = {
  name: "Chef",
  loggedInAt: "2026-11-20T10:15:00.000Z",
  browser: "Firefox auf Windows",
  place: "Österreich",
  network: "81.217.0.x",
};

const approval = { ...appointment, count: "2", accessToken: "d".repeat(43) };
const decided = {
  ...appointment,
  phone: "0660 111 22 33",
  approved: "2",
  declined: "1",
  summary: "Bremsbeläge vorne (€ 180,00): freigegeben",
};
const waitlist = { name: "Maria Muster", date: "2026-12-01", service: "Ölwechsel", leaveToken: "c".repeat(43) };

const inspection = { name: "Maria Muster", dueMonth: "2027-03", unsubscribeToken: "b".repeat(43) };

/** Each template: the payload as it is queued now, and as rows before issue 12 stored it. */
const cases: { [T in EmailTemplate]: [EmailParams[T], Record<string, string>] } = {
  "booking-received-customer": [
    { ...appointment, phone: "0660 111 22 33", message: "Bitte auch\ndie Bremsen." },
    { ...oldAppointment, telefon: "0660 111 22 33", nachricht: "Bitte auch\ndie Bremsen." },
  ],
  "booking-received-workshop": [
    { ...appointment, phone: "0660 111 22 33" },
    { ...oldAppointment, telefon: "0660 111 22 33", nachricht: "" },
  ],
  "appointment-confirmed": [appointment, { ...oldAppointment, title: "Terminbestätigung" }],
  "appointment-cancelled": [
    { ...appointment, reason: "Die Hebebühne\nist defekt." },
    { ...oldAppointment, title: "Terminstornierung", grund: "Die Hebebühne\nist defekt." },
  ],
  // Younger than the typed payload: there is no old shape, the row passes through.
  "appointment-moved": [
    { ...appointment, oldDate: "2026-11-30", oldTime: "09:00", sequence: "1" },
    { ...appointment, oldDate: "2026-11-30", oldTime: "09:00", sequence: "1" },
  ],
  "customer-moved-workshop": [
    { ...appointment, phone: "0660 111 22 33", oldDate: "2026-11-30", oldTime: "09:00" },
    { ...appointment, phone: "0660 111 22 33", oldDate: "2026-11-30", oldTime: "09:00" },
  ],
  "customer-cancelled-workshop": [
    { ...appointment, phone: "0660 111 22 33" },
    { ...appointment, phone: "0660 111 22 33" },
  ],
  "waitlist-slot-free": [waitlist, waitlist],
  "contact-message": [
    { name: "Kunde", email: "kunde@example.com", subject: "Frage", message: "Hallo" },
    { name: "Kunde", email: "kunde@example.com", telefon: "", betreff: "Frage", nachricht: "Hallo" },
  ],
  // Younger than the typed payload: there is no old shape, the row passes through.
  "staff-invitation": [invitation, invitation],
  "appointment-reminder": [appointment, appointment],
  "inspection-reminder": [inspection, inspection],
  "appointment-ready": [appointment, appointment],
  "password-reset": [passwordReset, passwordReset],
  "password-changed": [passwordChanged, passwordChanged],
  "second-factor-locked": [secondFactorLocked, secondFactorLocked],
  "new-browser-login": [newBrowserLogin, newBrowserLogin],
  "findings-approval-request": [approval, approval],
  "findings-decided-workshop": [decided, decided],
};

describe("outbox rows in the old shape (German EmailJS names)", () => {
  it.each(Object.entries(cases))("render %s exactly as the typed payload does", (template, [typed, old]) => {
    const rendered = renderEmail({ ...row, template, params: typed }, PUBLIC_URL);
    expect(renderEmail({ ...row, template, params: old }, PUBLIC_URL)).toEqual(rendered);
    expect(rendered.text).toContain(typed.name);
  });

  it("shows the date as dd.MM.yyyy and builds the invite from the ISO date", () => {
    const rendered = renderEmail({ ...row, template: "appointment-confirmed", params: cases["appointment-confirmed"][1] }, PUBLIC_URL);
    expect(rendered.text).toContain("Datum: 01.12.2026");
    expect(rendered.attachments[0]!.content).toContain("DTSTART;TZID=Europe/Vienna:20261201T083000");
  });

  it("converts the names and the display date, drops title, passes new rows through", () => {
    expect(fromLegacyParams({ ...oldAppointment, title: "Terminstornierung", grund: "krank" })).toEqual({
      ...appointment,
      reason: "krank",
    });
    const typed = { ...appointment, reason: "krank" };
    expect(fromLegacyParams(typed)).toBe(typed);
  });
});

import { describe, expect, it } from "vitest";
import type { EmailParams, EmailTemplate } from "./emails";
import { renderEmail } from "./templates";

/**
 * Issue 26, point 9: every e-mail about an appointment of the Hol- und
 * Bringservice states the pick-up and its address, in the HTML and the text.
 */
const PUBLIC_URL = "https://www.happycar.example";
const row = { id: "11111111-1111-4111-8111-111111111111", appointmentId: null, createdAt: new Date("2026-11-20T10:15:00Z") };
const ADDRESS = "Praterstraße 1, 1020 Wien";
const appointment = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "Ölwechsel" };
const pickup = { handover: "pickup", pickupAddress: ADDRESS } as const;

const pickupEmails: {
  [
    T in Exclude<
      EmailTemplate,
      | "contact-message"
      | "staff-invitation"
      | "inspection-reminder"
      | "password-reset"
      | "password-changed"
      | "second-factor-locked"
      | "new-browser-login"
      // The findings' e-mails (issue 30) are about the car in the workshop, not how it comes.
      | "findings-approval-request"
      | "findings-decided-workshop"
      | "waitlist-slot-free"
    >
  ]: EmailParams[T];
} = {
  "booking-received-customer": { ...appointment, ...pickup, phone: "0660 111 22 33" },
  "booking-received-workshop": { ...appointment, ...pickup, phone: "0660 111 22 33" },
  "appointment-confirmed": { ...appointment, ...pickup },
  "appointment-reminder": { ...appointment, ...pickup },
  "appointment-cancelled": { ...appointment, ...pickup, reason: "Die Hebebühne ist defekt." },
  "customer-cancelled-workshop": { ...appointment, ...pickup, phone: "0660 111 22 33" },
  "appointment-moved": { ...appointment, ...pickup, oldDate: "2026-11-30", oldTime: "09:00", sequence: "1" },
  "customer-moved-workshop": { ...appointment, ...pickup, phone: "0660 111 22 33", oldDate: "2026-11-30", oldTime: "09:00" },
  "appointment-ready": { ...appointment, ...pickup },
};

const render = (template: string, params: object) => renderEmail({ ...row, template, params }, PUBLIC_URL);

describe("e-mails of a pick-up booking", () => {
  it.each(Object.entries(pickupEmails))("%s names the Hol- und Bringservice and the pick-up address", (template, params) => {
    const mail = render(template, params);
    expect(mail.text).toContain("Übergabe: Hol- und Bringservice");
    expect(mail.text).toContain(`Abholadresse: ${ADDRESS}`);
    expect(mail.html).toContain(ADDRESS);
  });

  it.each(Object.entries(pickupEmails))("%s without a pick-up has no pick-up address", (template, params) => {
    const mail = render(template, { ...params, handover: "drop_off", pickupAddress: undefined });
    expect(mail.text).not.toContain("Abholadresse");
    expect(mail.text).not.toContain("Hol- und Bringservice");
  });

  it("reads the database's null as no hand-over", () => {
    const mail = render("appointment-confirmed", { ...appointment, handover: null, pickupAddress: null });
    expect(mail.text).not.toContain("Übergabe");
  });
});

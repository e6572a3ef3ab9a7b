import { contactFormMessages } from "~/messages";
import { HONEYPOT_FIELD } from "./booking-fields";

/**
 * The contact forms without their rules: field names and texts. Free of zod,
 * so the page loads it at first paint; the rules (./contact, shared with the
 * server) load when someone uses a form.
 */
export { HONEYPOT_FIELD };

export type ContactVariant = "short" | "full";

export const contactFields = ["name", "firstName", "lastName", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];

export const MESSAGE_MAX_LENGTH = 5000;

/** Texts of the answers, shared by the form (toasts) and the server. */
export const CONTACT_SENT_TITLE = "Nachricht gesendet";
export const CONTACT_SENT_MESSAGE = "Vielen Dank für Ihre Nachricht. Wir melden uns so bald wie möglich bei Ihnen.";
export const CONTACT_RATE_LIMITED_MESSAGE = contactFormMessages["rate-limited"];
export const CONTACT_FAILED_MESSAGE = "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** The HTML form's field names; the API uses the plain names (name, firstName, …). */
export const contactFormNames: Record<ContactField | typeof HONEYPOT_FIELD, string> = {
  name: "contact-name",
  firstName: "contact-first-name",
  lastName: "contact-last-name",
  email: "contact-email",
  phone: "contact-phone",
  subject: "contact-subject",
  message: "contact-message",
  website: "contact-website",
};

/** A posted form → the API's field names, only the fields of its variant. */
export function contactInputFromForm(form: Record<string, string>, variant: ContactVariant): Record<string, string> {
  const fields: Array<ContactField | typeof HONEYPOT_FIELD> =
    variant === "full"
      ? ["firstName", "lastName", "email", "phone", "subject", "message", HONEYPOT_FIELD]
      : ["name", "email", "message", HONEYPOT_FIELD];
  return Object.fromEntries(fields.map((field) => [field, form[contactFormNames[field]] ?? ""]));
}

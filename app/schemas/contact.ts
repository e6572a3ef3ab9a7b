import { INVALID_FIELDS_MESSAGE, MISSING_FIELDS_MESSAGE } from "./booking-fields";
import { type ContactField, type ContactFieldErrors, type ContactVariant, MESSAGE_MAX_LENGTH } from "./contact-fields";
import { cleanedInput } from "./text";
import { z } from "./zod";

/**
 * The contact forms' one schema, in the booking schema's style: the browser
 * checks the form with it before sending (loaded on first use of the form),
 * the server validates every request (form post or JSON) with it again. Two
 * variants: the short form on the home page (name, e-mail, message) and the
 * full form on /kontakt (first and last name, e-mail, phone, subject,
 * message). Names and texts live in ./contact-fields.
 */
export * from "./contact-fields";

const missing = {
  name: "Bitte geben Sie Ihren Namen an.",
  firstName: "Bitte geben Sie Ihren Vornamen an.",
  lastName: "Bitte geben Sie Ihren Nachnamen an.",
  email: "Bitte geben Sie Ihre E-Mail-Adresse an.",
  message: "Bitte geben Sie eine Nachricht ein.",
} as const;

const PHONE_CHARACTERS = /^\+?[0-9 /()-]+$/;

function requiredText(field: keyof typeof missing, max: number, tooLong: string, multiline = false) {
  return z.preprocess(cleanedInput(multiline), z.string({ error: missing[field] }).min(1, missing[field]).max(max, tooLong));
}

const email = z.preprocess(
  cleanedInput(),
  z
    .string({ error: missing.email })
    .min(1, missing.email)
    .max(254, "Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein.")
    .regex(z.regexes.email, "Bitte geben Sie eine gültige E-Mail-Adresse an."),
);

const message = requiredText("message", MESSAGE_MAX_LENGTH, `Die Nachricht darf höchstens ${MESSAGE_MAX_LENGTH} Zeichen lang sein.`, true);

const optionalPhone = z.preprocess(
  cleanedInput(),
  z
    .string({ error: "Die Telefonnummer muss ein Text sein." })
    .refine((value) => {
      if (value === "") return true;
      const digits = value.replace(/\D/g, "").length;
      return PHONE_CHARACTERS.test(value) && digits >= 6 && digits <= 20;
    }, "Bitte geben Sie eine gültige Telefonnummer an (6 bis 20 Ziffern; erlaubt sind auch +, Leerzeichen, /, - und Klammern).")
    .transform((value) => (value === "" ? null : value)),
);

const optionalSubject = z.preprocess(
  cleanedInput(),
  z
    .string({ error: "Der Betreff muss ein Text sein." })
    .max(150, "Der Betreff darf höchstens 150 Zeichen lang sein.")
    .transform((value) => (value === "" ? null : value)),
);

const shortSchema = z.object({
  name: requiredText("name", 100, "Der Name darf höchstens 100 Zeichen lang sein."),
  email,
  message,
});

const fullSchema = z.object({
  firstName: requiredText("firstName", 60, "Der Vorname darf höchstens 60 Zeichen lang sein."),
  lastName: requiredText("lastName", 60, "Der Nachname darf höchstens 60 Zeichen lang sein."),
  email,
  phone: optionalPhone,
  subject: optionalSubject,
  message,
});

/** What is stored and e-mailed: one name, optional phone and subject. */
export type ContactMessageInput = {
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
};

export type ContactValidation =
  { ok: true; data: ContactMessageInput } | { ok: false; error: string; fields: ContactFieldErrors; missingRequired: boolean };

/** JSON without firstName/lastName is the short form. */
export function contactVariantOf(input: Record<string, unknown>): ContactVariant {
  return "firstName" in input || "lastName" in input ? "full" : "short";
}

/** Validates untrusted input; one German message per field, the first problem wins. */
export function validateContact(input: Record<string, unknown>, variant = contactVariantOf(input)): ContactValidation {
  const result = variant === "full" ? fullSchema.safeParse(input) : shortSchema.safeParse(input);
  if (result.success) {
    const data = result.data;
    return {
      ok: true,
      data:
        "firstName" in data
          ? {
              name: `${data.firstName} ${data.lastName}`,
              email: data.email,
              phone: data.phone,
              subject: data.subject,
              message: data.message,
            }
          : { name: data.name, email: data.email, phone: null, subject: null, message: data.message },
    };
  }
  const fields: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    fields[field] ??= issue.message;
  }
  const missingRequired = Object.entries(fields).some(([field, text]) => missing[field as keyof typeof missing] === text);
  return { ok: false, error: missingRequired ? MISSING_FIELDS_MESSAGE : INVALID_FIELDS_MESSAGE, fields, missingRequired };
}

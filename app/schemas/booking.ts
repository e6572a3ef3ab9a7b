import { bookableServices } from "~/config/site";
import { isCalendarDate } from "~/domain/calendar-date";
import {
  type BookingField,
  type FieldErrors,
  INVALID_FIELDS_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  requiredBookingFields,
} from "./booking-fields";
import { cleanedInput } from "./text";
import { z } from "./zod";

/**
 * The one booking schema: the browser checks the form with it before sending
 * (loaded on first use of the form), the server validates every request (form
 * post or JSON) with it again. Names and texts live in ./booking-fields.
 */
export * from "./booking-fields";

const messages = {
  name: { missing: "Bitte geben Sie Ihren Namen an." },
  email: { missing: "Bitte geben Sie Ihre E-Mail-Adresse an." },
  phone: { missing: "Bitte geben Sie Ihre Telefonnummer an." },
  service: { missing: "Bitte wählen Sie eine Leistung aus." },
  date: { missing: "Bitte wählen Sie ein Datum aus." },
  time: { missing: "Bitte wählen Sie eine Uhrzeit aus." },
} satisfies Record<(typeof requiredBookingFields)[number], { missing: string }>;

function required(field: keyof typeof messages) {
  const missing = messages[field].missing;
  return z.string({ error: missing }).min(1, missing);
}

const PHONE_CHARACTERS = /^\+?[0-9 /()-]+$/;

export const bookingSchema = z.object({
  name: z.preprocess(
    cleanedInput(),
    required("name").min(2, "Der Name muss mindestens 2 Zeichen lang sein.").max(100, "Der Name darf höchstens 100 Zeichen lang sein."),
  ),
  email: z.preprocess(
    cleanedInput(),
    required("email")
      .max(254, "Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein.")
      .regex(z.regexes.email, "Bitte geben Sie eine gültige E-Mail-Adresse an."),
  ),
  phone: z.preprocess(
    cleanedInput(),
    required("phone").refine((value) => {
      const digits = value.replace(/\D/g, "").length;
      return PHONE_CHARACTERS.test(value) && digits >= 6 && digits <= 20;
    }, "Bitte geben Sie eine gültige Telefonnummer an (6 bis 20 Ziffern; erlaubt sind auch +, Leerzeichen, /, - und Klammern)."),
  ),
  service: z.preprocess(
    cleanedInput(),
    required("service").refine((value) => bookableServices.includes(value), "Bitte wählen Sie eine der angebotenen Leistungen aus."),
  ),
  date: z.preprocess(cleanedInput(), required("date").refine(isCalendarDate, "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).")),
  time: z.preprocess(
    cleanedInput(),
    required("time").regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "Bitte geben Sie eine gültige Uhrzeit an (HH:MM)."),
  ),
  message: z.preprocess(
    cleanedInput(true),
    z
      .string({ error: "Die Nachricht muss ein Text sein." })
      .max(2000, "Die Nachricht darf höchstens 2000 Zeichen lang sein.")
      .transform((value) => (value === "" ? null : value)),
  ),
});

export type BookingInput = z.output<typeof bookingSchema>;

export type BookingValidation =
  { ok: true; data: BookingInput } | { ok: false; error: string; fields: FieldErrors; missingRequired: boolean };

/** Validates untrusted input; one German message per field, the first problem wins. */
export function validateBooking(input: Record<string, unknown>): BookingValidation {
  const result = bookingSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as BookingField;
    fields[field] ??= issue.message;
  }
  const missingRequired = requiredBookingFields.some((field) => fields[field] === messages[field].missing);
  return {
    ok: false,
    error: missingRequired ? MISSING_FIELDS_MESSAGE : INVALID_FIELDS_MESSAGE,
    fields,
    missingRequired,
  };
}

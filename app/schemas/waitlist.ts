import { bookingSchema, type FieldErrors, INVALID_FIELDS_MESSAGE, MISSING_FIELDS_MESSAGE } from "./booking";

/**
 * The waiting list of a fully booked day (issue 28): the booking's own rules for name, e-mail,
 * phone, service and date, so the two forms never disagree about a field.
 */
export const waitlistSchema = bookingSchema.pick({ name: true, email: true, phone: true, service: true, date: true });

const waitlistFields = ["name", "email", "phone", "service", "date"] as const;

export type WaitlistInput = { name: string; email: string; phone: string; service: string; date: string };

export type WaitlistValidation =
  { ok: true; data: WaitlistInput } | { ok: false; error: string; fields: FieldErrors; missingRequired: boolean };

/** Validates untrusted input: one German message per field, the first problem wins. */
export function validateWaitlist(input: Record<string, unknown>): WaitlistValidation {
  const result = waitlistSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as (typeof waitlistFields)[number];
    fields[field] ??= issue.message;
  }
  const missingRequired = waitlistFields.some((field) => input[field] === undefined || input[field] === "");
  return { ok: false, error: missingRequired ? MISSING_FIELDS_MESSAGE : INVALID_FIELDS_MESSAGE, fields, missingRequired };
}

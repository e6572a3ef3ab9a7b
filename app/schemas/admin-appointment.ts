import { appointmentSources } from "~/domain/appointment";
import { type BookingOffer, bookingSchema, checkboxInput, validateBookingLike, workshopMonth } from "./booking";
import { cleanedInput } from "./text";
import { z } from "./zod";

/**
 * The board's own appointments (issue 28): 'Termin eintragen' (POST /api/v1/admin/appointments, the
 * form on /admin/termine/neu) and the changes of PATCH /api/v1/admin/appointments/:id. The booking's
 * fields and rules (./booking), but the e-mail is optional (a caller without one gets no e-mails) and
 * the §57a reminder's consent is the customer's own, never entered by the workshop.
 */

const emailMessages = {
  tooLong: "Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein.",
  invalid: "Bitte geben Sie eine gültige E-Mail-Adresse an.",
};

/** An optional address: blank or null is none (null). */
const optionalEmail = z.preprocess(
  cleanedInput(),
  z
    .string({ error: emailMessages.invalid })
    .max(254, emailMessages.tooLong)
    .refine((value) => value === "" || z.regexes.email.test(value), emailMessages.invalid)
    .transform((value) => (value === "" ? null : value)),
);

export const MAX_OVERRIDE_REASON_LENGTH = 500;

const overrideMessages = {
  reason: `Bitte begründen Sie „Trotzdem eintragen“ in 1 bis ${MAX_OVERRIDE_REASON_LENGTH} Zeichen.`,
};

/** 'Trotzdem eintragen': why the workshop places it although not everything is free. */
const overrideSchema = z.object(
  {
    reason: z.preprocess(
      cleanedInput(true),
      z.string({ error: overrideMessages.reason }).min(1, overrideMessages.reason).max(MAX_OVERRIDE_REASON_LENGTH, overrideMessages.reason),
    ),
  },
  { error: overrideMessages.reason },
);

/** What the board enters: the booking's fields, the status, whether to e-mail the customer, where it came from. */
export const adminEntrySchema = bookingSchema.omit({ inspectionReminder: true, email: true }).extend({
  email: optionalEmail,
  status: z.enum(["bestätigt", "beantragt"], { error: "Bitte wählen Sie den Status „bestätigt“ oder „beantragt“." }).default("bestätigt"),
  notifyCustomer: z
    .preprocess(
      (value) => (value === undefined ? true : checkboxInput(value)),
      z.boolean({ error: "Bitte geben Sie notifyCustomer als true oder false an." }),
    )
    .default(true),
  source: z.enum(appointmentSources, { error: "Bitte wählen Sie als Herkunft online, phone oder counter." }).default("phone"),
  override: overrideSchema.optional(),
});

export type AdminEntryInput = z.output<typeof adminEntrySchema>;

/**
 * Validates an entry; field errors in German as the booking's. `offer`: what the workshop offers now
 * (the facts' services not retired, as the board may enter one not bookable online; the pick-up area).
 */
export function validateAdminEntry(input: Record<string, unknown>, now: Date, offer: BookingOffer) {
  return validateBookingLike(adminEntrySchema, input, workshopMonth(now), offer);
}

/** The fields PATCH may change besides the time and the services (`service`, `services`: changeAppointment). */
export const changeableFields = [
  "name",
  "email",
  "phone",
  "message",
  "licensePlate",
  "vehicleModel",
  "mileageKm",
  "firstRegistration",
  "handover",
  "pickupAddress",
] as const;

/** The move part of a PATCH: a new date and time, and the lift (or other resources) it should hold. */
export const moveSchema = z.object({
  resourceIds: z
    .array(z.uuid({ error: "Bitte wählen Sie eine bestehende Hebebühne." }))
    .max(4)
    .optional(),
});

import { site } from "~/config/site";
import { isCalendarDate, zonedParts } from "~/domain/calendar-date";
import {
  displayLicensePlate,
  FIRST_REGISTRATION_EARLIEST,
  firstRegistrationProblem,
  type Handover,
  handovers,
  licensePlateProblem,
  MAX_MILEAGE_KM,
  pickupAddressProblem,
  PLATE_MAX_SIGNS,
  PLATE_MIN_SIGNS,
} from "~/domain/vehicle";
import { servicesProblem } from "~/domain/visit";
import { pickupMessages } from "~/messages";
import {
  type BookingField,
  type FieldErrors,
  INVALID_FIELDS_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  requiredBookingFields,
} from "./booking-fields";
import { cleanedInput, cleanText } from "./text";
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

/** The car and its hand-over: every field optional; blank is the same as missing (null). */
const vehicleMessages = {
  licensePlate: {
    characters: "Das Kennzeichen darf nur Buchstaben, Ziffern, Leerzeichen und Bindestriche enthalten.",
    length: `Das Kennzeichen muss ${PLATE_MIN_SIGNS} bis ${PLATE_MAX_SIGNS} Buchstaben oder Ziffern haben.`,
  },
  vehicleModel: "Marke und Modell dürfen höchstens 80 Zeichen lang sein.",
  mileageKm: "Bitte geben Sie den Kilometerstand als ganze Zahl von 0 bis 2.000.000 an.",
  firstRegistration: {
    format: "Bitte geben Sie die Erstzulassung als Monat und Jahr an, z. B. 03/2015.",
    tooEarly: `Die Erstzulassung kann nicht vor ${FIRST_REGISTRATION_EARLIEST.slice(0, 4)} liegen.`,
    future: "Die Erstzulassung kann nicht in der Zukunft liegen.",
  },
  inspectionReminder: {
    invalid: "Bitte kreuzen Sie die Erinnerung an oder lassen Sie das Feld leer.",
    needsFirstRegistration: "Für die Erinnerung an die §57a-Begutachtung geben Sie bitte die Erstzulassung an.",
  },
  handover: "Bitte wählen Sie, wie Ihr Auto zu uns kommt.",
  // Several services in one visit (issue 28): `services` is the whole list, `service` its first.
  services: {
    list: "Bitte geben Sie die Leistungen (services) als Liste von Leistungen an.",
    mismatch: "Die erste der Leistungen (services) muss die gewählte Leistung (service) sein.",
    unknown: (name: string) => `„${name}“ ist keine der angebotenen Leistungen. Bitte wählen Sie nur angebotene Leistungen aus.`,
    duplicate: (name: string) => `Die Leistung „${name}“ ist doppelt angegeben. Bitte wählen Sie jede Leistung nur einmal.`,
  },
  courtesyCar: "Bitte kreuzen Sie das Ersatzwagen-Feld an oder lassen Sie es leer.",
  pickupAddress: {
    missing: "Bitte geben Sie für den Hol- und Bringservice die Abholadresse an.",
    tooLong: "Die Abholadresse darf höchstens 200 Zeichen lang sein.",
    street: "Bitte geben Sie Straße und Hausnummer der Abholadresse an.",
    postalCode: "Bitte geben Sie die Postleitzahl der Abholadresse an.",
  },
} as const;

const UNKNOWN_SERVICE_MESSAGE = "Bitte wählen Sie eine der angebotenen Leistungen aus.";

/** Optional single-line text: cleaned; blank becomes undefined (the field is left out). */
function optionalText(maxLength: number, tooLong: string) {
  return z.preprocess(
    cleanedInput(),
    z
      .string({ error: tooLong })
      .max(maxLength, tooLong)
      .transform((value) => (value === "" ? undefined : value)),
  );
}

/** "03/2015", "3.2015" (typed where the browser has no month input) or "2015-03" → "2015-03". */
function monthInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const typed = /^(\d{1,2})\s*[/.]\s*(\d{4})$/.exec(value);
  return typed ? `${typed[2]}-${typed[1]!.padStart(2, "0")}` : value;
}

/** A number, or digits with "." or spaces between thousands (German "120.000"); blank is none. */
function mileageInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value === "") return undefined;
  return /^\d{1,3}([. ]\d{3})+$|^\d+$/.test(value) ? Number(value.replace(/[. ]/g, "")) : Number.NaN;
}

const cleanedMonth = (value: unknown) => monthInput(cleanedInput()(value));

/** A checkbox: the API's true/false, the form's "on" when ticked; absent or blank is not ticked. */
export function checkboxInput(value: unknown): unknown {
  if (value === undefined || value === null || value === "" || value === "false") return false;
  if (value === "on" || value === "true") return true;
  return value;
}

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
  service: z.preprocess(cleanedInput(), required("service")),
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
  licensePlate: z.preprocess(
    cleanedInput(),
    z
      .string({ error: vehicleMessages.licensePlate.characters })
      .transform((value) => (value === "" ? undefined : displayLicensePlate(value)))
      .superRefine((value, context) => {
        const problem = value === undefined ? undefined : licensePlateProblem(value);
        if (problem) context.addIssue({ code: "custom", message: vehicleMessages.licensePlate[problem] });
      }),
  ),
  vehicleModel: optionalText(80, vehicleMessages.vehicleModel),
  mileageKm: z.preprocess(
    (value) => mileageInput(cleanedInput()(value)),
    z
      .number({ error: vehicleMessages.mileageKm })
      .int(vehicleMessages.mileageKm)
      .min(0, vehicleMessages.mileageKm)
      .max(MAX_MILEAGE_KM, vehicleMessages.mileageKm)
      .optional(),
  ),
  // The month's rules (format, 1900, not in the future) need today: dependentFieldErrors.
  firstRegistration: z.preprocess(
    cleanedMonth,
    z.string({ error: vehicleMessages.firstRegistration.format }).transform((value) => (value === "" ? undefined : value)),
  ),
  // Needs the first registration (dependentFieldErrors): the 3-2-1 rule counts from it.
  // Like the other optional fields, not ticked is absent (undefined).
  inspectionReminder: z.preprocess(
    checkboxInput,
    z.boolean({ error: vehicleMessages.inspectionReminder.invalid }).transform((value) => value || undefined),
  ),
  handover: z.preprocess(
    cleanedInput(),
    z.union([z.literal("").transform(() => undefined), z.enum(handovers)], { error: vehicleMessages.handover }),
  ),
  // Required with a pick-up (dependentFieldErrors); without one it is not kept.
  pickupAddress: optionalText(200, vehicleMessages.pickupAddress.tooLong),
  // 'Ersatzwagen gewünscht' (issue 27): a courtesy car from the start until closing.
  courtesyCar: z.preprocess(
    checkboxInput,
    z.boolean({ error: vehicleMessages.courtesyCar }).transform((value) => value || undefined),
  ),
  // The whole list (issue 28), checked against `service` and the catalogue in dependentFieldErrors;
  // absent, the visit is `service` alone.
  services: z.preprocess(
    (value) => (Array.isArray(value) ? value.map((name) => (typeof name === "string" ? cleanText(name) : name)) : value),
    z
      .array(z.string({ error: vehicleMessages.services.list }), { error: vehicleMessages.services.list })
      .max(20, vehicleMessages.services.list)
      .optional(),
  ),
});

/** A valid request: `services`, when given, the whole list with `service` first (absent: `service` alone). */
export type BookingInput = z.output<typeof bookingSchema>;

export type BookingValidation =
  { ok: true; data: BookingInput } | { ok: false; error: string; fields: FieldErrors; missingRequired: boolean };

const asText = (value: unknown) => (typeof value === "string" ? cleanText(value) : "");

/**
 * What a request is checked against: the workshop's facts as they are now (issue 29), handed to the
 * browser's island as props and read by the server, so both say the same.
 */
export type BookingOffer = {
  /** The services offered: online the bookable ones not retired, on the board every one not retired. */
  services: ReadonlyArray<string>;
  /** The postal codes the pick-up service (Hol- und Bringservice) goes to. */
  pickupPostalCodes: ReadonlyArray<string>;
  /** The number a refused pick-up asks to call: the facts' first phone. */
  phone: string;
};

/**
 * The rules that depend on another field or on today, checked on the cleaned
 * values whether or not the other fields passed, so every problem shows at once.
 */
function dependentFieldErrors(input: Record<string, unknown>, currentMonth: string, offer: BookingOffer): FieldErrors {
  const errors: FieldErrors = {};
  const month = cleanedMonth(input.firstRegistration);
  if (typeof month === "string" && month !== "") {
    const problem = firstRegistrationProblem(month, currentMonth);
    if (problem) errors.firstRegistration = vehicleMessages.firstRegistration[problem];
  } else if (checkboxInput(input.inspectionReminder) === true) {
    errors.inspectionReminder = vehicleMessages.inspectionReminder.needsFirstRegistration;
  }
  const service = asText(input.service);
  if (Array.isArray(input.services) && service !== "" && input.services.every((name) => typeof name === "string")) {
    const problem = servicesProblem(
      offer.services.map((name) => ({ name, bookable: true, durationMinutes: 0, needs: [] })),
      service,
      input.services.map((name: string) => cleanText(name)),
    );
    if (problem)
      errors.services =
        problem.problem === "mismatch" ? vehicleMessages.services.mismatch : vehicleMessages.services[problem.problem](problem.name);
  }
  if (asText(input.handover) === ("pickup" satisfies Handover)) {
    const address = asText(input.pickupAddress);
    const problem = address === "" ? "missing" : pickupAddressProblem(address, offer.pickupPostalCodes);
    if (problem)
      errors.pickupAddress =
        problem === "outsideArea"
          ? pickupMessages.outsideArea(offer.pickupPostalCodes, offer.phone)
          : vehicleMessages.pickupAddress[problem];
  }
  return errors;
}

/** This month (yyyy-MM) in the workshop's zone. */
export function workshopMonth(now: Date): string {
  return zonedParts(now, site.timeZone).date.slice(0, 7);
}

/** A schema whose output has the booking's hand-over (the pick-up address is kept only with a pick-up). */
type BookingLikeSchema = z.ZodType<{ handover?: Handover; pickupAddress?: string }>;

/**
 * Validates untrusted input with `schema` (the booking's, or one built on it: the board's entry, issue 28):
 * one German message per field, the first problem wins, the dependent rules checked as well, against
 * `offer` (the workshop's facts). `currentMonth` (yyyy-MM): the first registration may not be later.
 */
export function validateBookingLike<S extends BookingLikeSchema>(
  schema: S,
  input: Record<string, unknown>,
  currentMonth: string,
  offer: BookingOffer,
): { ok: true; data: z.output<S> } | { ok: false; error: string; fields: FieldErrors; missingRequired: boolean } {
  const result = schema.safeParse(input);
  const fields: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as BookingField;
      fields[field] ??= issue.message;
    }
  }
  const service = typeof input.service === "string" ? cleanText(input.service) : "";
  if (service !== "" && !offer.services.includes(service)) fields.service ??= UNKNOWN_SERVICE_MESSAGE;
  for (const [field, message] of Object.entries(dependentFieldErrors(input, currentMonth, offer)) as [BookingField, string][]) {
    fields[field] ??= message;
  }
  if (result.success && Object.keys(fields).length === 0) {
    const data = result.data;
    return { ok: true, data: data.handover === "pickup" ? data : { ...data, pickupAddress: undefined } };
  }
  const missingRequired = requiredBookingFields.some((field) => fields[field] === messages[field].missing);
  return {
    ok: false,
    error: missingRequired ? MISSING_FIELDS_MESSAGE : INVALID_FIELDS_MESSAGE,
    fields,
    missingRequired,
  };
}

/**
 * Validates untrusted input against `offer` (the services offered online, the pick-up area and the
 * phone of the workshop's facts); one German message per field, the first problem wins.
 * `currentMonth` (yyyy-MM): the first registration may not be later.
 */
export function validateBooking(
  input: Record<string, unknown>,
  offer: BookingOffer,
  currentMonth = workshopMonth(new Date()),
): BookingValidation {
  return validateBookingLike(bookingSchema, input, currentMonth, offer);
}

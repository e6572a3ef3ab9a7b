/**
 * The booking form without its rules: field names and texts (the text
 * clean-up is ./text). Free of zod, so the page loads it at first paint; the rules
 * (./booking, shared with the server) load when someone uses the form.
 */
import type { Handover } from "~/domain/vehicle";
import { formMessages } from "~/messages";

export const MISSING_FIELDS_MESSAGE = formMessages.missingFields;
export const INVALID_FIELDS_MESSAGE = formMessages.invalidFields;
/** The seed's message when sending fails for any other reason. */
export const BOOKING_FAILED_MESSAGE = "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.";

/** The field a bot fills and a person never sees. */
export const HONEYPOT_FIELD = "website";

// inspectionReminder: the opt-in §57a reminder, a checkbox beside the first registration (issue 16).
const vehicleFields = [
  "licensePlate",
  "vehicleModel",
  "mileageKm",
  "firstRegistration",
  "inspectionReminder",
  "handover",
  "pickupAddress",
] as const;
export type VehicleField = (typeof vehicleFields)[number];
// courtesyCar: 'Ersatzwagen gewünscht' (issue 27), a checkbox beside the day and time.
// services: the whole list of the visit, 'Leistung' first, then the ticked 'Weitere Leistungen' (issue 28).
const optionalFields = [...vehicleFields, "courtesyCar", "services"] as const;
export const bookingFields = ["name", "email", "phone", "service", "date", "time", "message", ...optionalFields] as const;
export type BookingField = (typeof bookingFields)[number];
export const requiredBookingFields = ["name", "email", "phone", "service", "date", "time"] as const;

export type FieldErrors = Partial<Record<BookingField, string>>;

/** The HTML form's field names (the seed's booking-name, booking-email, …). */
export const bookingFormNames: Record<BookingField | typeof HONEYPOT_FIELD, string> = {
  name: "booking-name",
  email: "booking-email",
  phone: "booking-phone",
  service: "booking-service",
  date: "booking-date",
  time: "booking-time",
  message: "booking-message",
  licensePlate: "booking-license-plate",
  vehicleModel: "booking-vehicle-model",
  mileageKm: "booking-mileage",
  firstRegistration: "booking-first-registration",
  inspectionReminder: "booking-inspection-reminder",
  handover: "booking-handover",
  pickupAddress: "booking-pickup-address",
  courtesyCar: "booking-courtesy-car",
  // The group of 'Weitere Leistungen' checkboxes; each is named additionalServiceFormName(index).
  services: "booking-services",
  website: "booking-website",
};

/**
 * The §57a reminder's checkbox label: stored word for word with the consent
 * (inspection_reminders.consent_text), so change it only deliberately.
 */
export const INSPECTION_CONSENT_LABEL = "An die nächste §57a-Begutachtung erinnern";

/** The hand-over choices as the form and the e-mails name them (keys: app/domain/vehicle.ts handovers). */
export const handoverLabels = {
  wait: "Ich warte vor Ort",
  drop_off: "Ich lasse das Auto da",
  pickup: "Hol- und Bringservice",
} as const satisfies Record<Handover, string>;

/** 'Weitere Leistungen' (issue 28): one checkbox per service, each its own name (a form post keeps one value per name), the service its value. */
export const ADDITIONAL_SERVICES_LABEL = "Weitere Leistungen";
export function additionalServiceFormName(index: number): string {
  return `${bookingFormNames.services}-${index}`;
}

/** The API's input as a posted form gives it: the fields by their API names, `services` a list. */
export type BookingFormInput = Record<string, string | string[]>;

/**
 * A posted form (booking-name, …) → the API's field names (name, …). The
 * optional fields (the car, the courtesy car) are passed on only when the form has them, as in the API;
 * `services` (the whole list: 'Leistung', then the ticked 'Weitere Leistungen') only when one is ticked.
 */
export function bookingInputFromForm(form: Record<string, string>): BookingFormInput {
  const optional: readonly string[] = optionalFields;
  const input: BookingFormInput = Object.fromEntries(
    Object.entries(bookingFormNames)
      .filter(([field, formName]) => !optional.includes(field) || formName in form)
      .map(([field, formName]) => [field, form[formName] ?? ""]),
  );
  const prefix = `${bookingFormNames.services}-`;
  const ticked = Object.entries(form)
    .filter(([formName, value]) => formName.startsWith(prefix) && value !== "")
    .sort(([a], [b]) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    .map(([, value]) => value);
  // Without JavaScript every box shows: one ticked beside the same 'Leistung' asks for nothing more.
  const service = form[bookingFormNames.service] ?? "";
  const further = ticked.filter((name) => name !== service);
  if (further.length > 0) input.services = [service, ...further];
  return input;
}

/**
 * The booking form without its rules: field names, texts and the text
 * clean-up. Free of zod, so the page loads it at first paint; the rules
 * (./booking, shared with the server) load when someone uses the form.
 */
export const MISSING_FIELDS_MESSAGE = "Bitte füllen Sie alle Pflichtfelder aus.";
export const INVALID_FIELDS_MESSAGE = "Bitte überprüfen Sie Ihre Eingaben.";
/** The seed's message when sending fails for any other reason. */
export const BOOKING_FAILED_MESSAGE = "Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.";

/** The field a bot fills and a person never sees. */
export const HONEYPOT_FIELD = "website";

export const bookingFields = ["name", "email", "phone", "service", "date", "time", "message"] as const;
export type BookingField = (typeof bookingFields)[number];
export const requiredBookingFields = ["name", "email", "phone", "service", "date", "time"] as const;

export type FieldErrors = Partial<Record<BookingField, string>>;

// Unpaired UTF-16 surrogates (JSON allows "\ud800"; PostgreSQL refuses them in
// jsonb). With the u flag a valid pair is one code point outside this range,
// so emoji stay and only the broken halves match.
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;
// CR LF, CR and the Unicode line and paragraph separators: all become "\n".
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
// C0 and C1 control characters; a line feed survives in the free-text message.
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
// Invisible format characters: zero-width space, (non-)joiners and direction
// marks, bidi embeddings, overrides and isolates, word joiner and invisible
// operators, BOM. They hide or reorder text in the admin list and e-mails. The
// one exception (first alternative, kept): a zero-width joiner that glues two
// emoji into one (👩‍🔧, 🏳️‍🌈), since removing it splits the emoji apart.
const INVISIBLE_CHARACTERS =
  /(\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?\u200D)(?=\p{Extended_Pictographic})|[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/**
 * Makes untrusted text safe to store and show: strips unpaired surrogates,
 * control and invisible format characters and surrounding whitespace. Line
 * breaks become "\n" when `multiline`, a space otherwise.
 */
export function cleanText(value: string, multiline = false): string {
  const normalised = value
    .replace(LONE_SURROGATES, "")
    .replace(LINE_BREAKS, "\n")
    .replace(CONTROL_CHARACTERS, "")
    .replace(INVISIBLE_CHARACTERS, (_character, emojiJoin?: string) => emojiJoin ?? "");
  return (multiline ? normalised : normalised.replace(/\n/g, " ")).trim();
}

/** The HTML form's field names (the seed's booking-name, booking-email, …). */
export const bookingFormNames: Record<BookingField | typeof HONEYPOT_FIELD, string> = {
  name: "booking-name",
  email: "booking-email",
  phone: "booking-phone",
  service: "booking-service",
  date: "booking-date",
  time: "booking-time",
  message: "booking-message",
  website: "booking-website",
};

/** A posted form (booking-name, …) → the API's field names (name, …). */
export function bookingInputFromForm(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(bookingFormNames).map(([field, formName]) => [field, form[formName] ?? ""]),
  );
}

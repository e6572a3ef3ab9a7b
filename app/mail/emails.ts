import { z } from "zod";
import { site } from "~/config/site";
import { adminRoles } from "~/domain/admin";
import { cancellers } from "~/domain/appointment";
import { isCalendarDate, zonedInstant } from "~/domain/calendar-date";
import { selfCancelDeadline } from "~/domain/self-service";
import { type Handover, handovers } from "~/domain/vehicle";
import { visitServices } from "~/domain/visit";
import { cleanText } from "~/schemas/text";
import { fromLegacyParams } from "./legacy-params";

/**
 * What each e-mail says, as stored in the outbox (`email_outbox.params`):
 * plain domain data in English names, the date as yyyy-MM-dd and the time as
 * HH:mm (Europe/Vienna wall clock). How a value is shown (dd.MM.yyyy) is the
 * template's business; the EmailJS parameter names are the EmailJS
 * transport's (transports.server.ts).
 */

/** Single-line text: line breaks become spaces (a value never reaches a header). */
const line = z.string().transform((value) => cleanText(value, false));
/** Free text keeps its line breaks. */
const paragraph = z.string().transform((value) => cleanText(value, true));
const required = (text: typeof line | typeof paragraph) => text.pipe(z.string().min(1));
/** An empty optional value (also null, as the database has it) is the same as none. */
const optional = (text: typeof line | typeof paragraph) => text.nullish().transform((value) => (value ? value : undefined));

/** The outbox stores strings only: a whole number as its digits. */
const count = z.string().regex(/^\d+$/, "Ziffern erwartet").transform(Number);
const isoDate = z.string().refine(isCalendarDate, "yyyy-MM-dd erwartet");
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:mm erwartet");

/** A token that opens something without a login (app/lib/secret-token.server.ts): 43 URL-safe signs. */
const secretToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Token erwartet");

/**
 * The token of the customer's personal link (issue 16), minted for this e-mail;
 * the link is built from PUBLIC_URL when rendered. Rows queued before it have none.
 */
const accessToken = secretToken.optional();

const appointment = z.object({
  name: required(line),
  email: required(line),
  date: isoDate,
  time,
  // The first service; `services` the whole list of a visit of several (issue 28), one name a line (the
  // outbox stores strings only); rows queued before it and visits of one service have none.
  service: required(line),
  services: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split("\n")
        .map((name) => cleanText(name, false))
        .filter((name) => name !== ""),
    ),
  accessToken,
});

/**
 * How the car comes to the workshop and, for the Hol- und Bringservice, where
 * it is fetched: every e-mail about a pick-up states it (issue 26). Rows queued
 * before have none; the database has null for none.
 */
const handover = {
  handover: z
    .enum(handovers)
    .nullish()
    .transform((value) => value ?? undefined),
  pickupAddress: optional(line),
};

/**
 * 'Ersatzwagen gewünscht' (issue 27): the receipt, the workshop's notice, the confirmation and the
 * reminder name it. Stored as "true" (the outbox keeps strings); rows queued before have none.
 */
const courtesyCar = { courtesyCar: z.enum(["true", "false"]).optional() };

/**
 * Until when the customer may cancel on the personal page (ISO instant, the
 * start less SELF_CANCEL_CUTOFF_HOURS), when that was still ahead as the
 * e-mail was queued; without it the e-mail asks to phone.
 */
const selfCancelUntil = z.iso.datetime().optional();

/**
 * The `selfCancelUntil` of an appointment's e-mail queued at `now`: the
 * deadline (Vienna wall clock start less `cutoffHours`) while it is ahead.
 */
export function cancelOnlineUntil(
  appointment: { date: string; time: string },
  now: Date,
  cutoffHours: number | undefined,
): string | undefined {
  if (cutoffHours === undefined) return undefined;
  return selfCancelDeadline(zonedInstant(appointment.date, appointment.time, site.timeZone), now, cutoffHours)?.toISOString();
}

/**
 * The calendar entry's SEQUENCE (RFC 5546) as stored on the appointment (issue 28): every move counts
 * up, so the updated invite replaces the entry; rows queued before moves existed have none (0).
 */
const sequence = { sequence: count.optional() };

/** Where a moved appointment was before (issue 28): its old date and time. */
const movedFrom = { oldDate: isoDate, oldTime: time };

const bookingRequest = appointment.extend({
  phone: required(line),
  message: optional(paragraph),
  // The car and its hand-over (issue 14); rows queued before them have none.
  licensePlate: optional(line),
  vehicleModel: optional(line),
  mileageKm: count.optional(),
  firstRegistration: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "yyyy-MM erwartet")
    .optional(),
  ...handover,
  ...courtesyCar,
});

const emailSchemas = {
  "booking-received-customer": bookingRequest,
  "booking-received-workshop": bookingRequest.omit({ accessToken: true }),
  // The invite lasts durationMinutes; confirmations queued before durations were stored take the service's.
  "appointment-confirmed": appointment.extend({
    durationMinutes: count.optional(),
    selfCancelUntil,
    ...handover,
    ...courtesyCar,
    ...sequence,
  }),
  // 'Ihr Termin wurde verschoben' (issue 28): the old and the new time and the updated invite (same UID, higher SEQUENCE).
  "appointment-moved": appointment.extend({
    durationMinutes: count.optional(),
    selfCancelUntil,
    ...handover,
    ...courtesyCar,
    ...sequence,
    ...movedFrom,
  }),
  // To the workshop: 'Termin vom Kunden verschoben' on the personal link (issue 28).
  "customer-moved-workshop": appointment.omit({ accessToken: true }).extend({
    phone: required(line),
    licensePlate: optional(line),
    ...handover,
    ...movedFrom,
  }),
  // A confirmed appointment's cancellation withdraws the calendar entry of its confirmation ("true").
  // The workshop's cancellation gives a reason; the customer's own (through the personal link) may not.
  "appointment-cancelled": appointment.extend({
    reason: optional(paragraph),
    cancelledBy: z.enum(cancellers).default("workshop"),
    ...handover,
    ...sequence,
    durationMinutes: count.optional(),
    wasConfirmed: z
      .enum(["true", "false"])
      .optional()
      .transform((value) => value === "true"),
  }),
  // To the workshop: a customer cancelled on the personal page (issue 16).
  "customer-cancelled-workshop": appointment.omit({ accessToken: true }).extend({
    phone: required(line),
    licensePlate: optional(line),
    reason: optional(paragraph),
    ...handover,
  }),
  // The reminder before a confirmed appointment (issue 16): the confirmation's data and invite.
  "appointment-reminder": appointment.extend({
    durationMinutes: count.optional(),
    selfCancelUntil,
    ...handover,
    ...courtesyCar,
    ...sequence,
  }),
  // The §57a reminder (issue 16): the unsubscribe link is built from PUBLIC_URL and the token when rendered.
  "inspection-reminder": z.object({
    name: required(line),
    licensePlate: optional(line),
    dueMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "yyyy-MM erwartet"),
    unsubscribeToken: secretToken,
  }),
  // The car can be fetched (issue 16, the board's 'Abholbereit'); a pick-up's car is brought back instead.
  "appointment-ready": appointment.extend({ licensePlate: optional(line), ...handover }),
  // Findings sent for approval (issue 30): 'Ihre Freigabe wird benötigt' with the personal link.
  "findings-approval-request": appointment.extend({ count, accessToken: secretToken }),
  // To the workshop, one per submission of the customer's page: how many approved and declined, and which.
  "findings-decided-workshop": appointment.omit({ accessToken: true }).extend({
    phone: required(line),
    licensePlate: optional(line),
    approved: count,
    declined: count,
    summary: required(paragraph),
  }),
  // The token travels to the invited person only; the link is built from PUBLIC_URL when rendered.
  "staff-invitation": z.object({
    name: required(line),
    email: required(line),
    role: z.enum(adminRoles),
    invitedBy: required(line),
    token: secretToken,
  }),
  // 'Passwort vergessen?': the one-time link (1 hour) goes to the account's address only; built from PUBLIC_URL when rendered.
  "password-reset": z.object({
    name: required(line),
    token: secretToken,
  }),
  // Tells the account that its password was changed on 'Sicherheit' or set through a reset link, and when.
  "password-changed": z.object({
    name: required(line),
    changedAt: z.iso.datetime({ offset: true }),
    via: z.enum(["change", "reset"]),
  }),
  // The code login locked after too many wrong codes in a row (decision 033), to the account's own address.
  "second-factor-locked": z.object({
    name: required(line),
    lockedAt: z.iso.datetime({ offset: true }),
  }),
  // A login from a browser the account has not used before (issue 31): when, which browser, the rough
  // place (a country from the IPv4 address, or the local network) and the masked network, never the address.
  "new-browser-login": z.object({
    name: required(line),
    loggedInAt: z.iso.datetime({ offset: true }),
    browser: required(line),
    place: z.string().max(100).nullable(),
    network: z.string().max(60).nullable(),
  }),
  // The waiting list (issue 28): a time on its day freed up. The booking form opened on the day and the link to
  // leave the list are built from PUBLIC_URL, the date, the service and the token when rendered.
  "waitlist-slot-free": z.object({
    name: required(line),
    date: isoDate,
    service: required(line),
    leaveToken: secretToken,
  }),
  "contact-message": z.object({
    name: required(line),
    email: required(line),
    phone: optional(line),
    subject: optional(line),
    message: required(paragraph),
  }),
};

/**
 * The e-mails the system sends. Each is written to the outbox in the same
 * transaction as the change that causes it; the worker delivers it later.
 */
export type EmailTemplate = keyof typeof emailSchemas;

/** The data of each e-mail as the services queue it (stored as JSON in the outbox). */
export type EmailParams = { [T in EmailTemplate]: z.input<(typeof emailSchemas)[T]> };

/** The same data checked and cleaned: the templates' props. */
export type EmailData = { [T in EmailTemplate]: z.output<(typeof emailSchemas)[T]> };

/** A booking request: the receipt to the customer. */
export type BookingRequestEmail = EmailData["booking-received-customer"];
/** The same request as the workshop's notice has it, without the personal link. */
export type WorkshopBookingEmail = EmailData["booking-received-workshop"];
/** A confirmed appointment. */
export type AppointmentEmail = EmailData["appointment-confirmed"];

/**
 * What every e-mail about an appointment says of it (who, when, what, how the car comes, whether a
 * courtesy car was asked for), taken from its row; the templates that have no use for a field drop it.
 */
export function appointmentEmailFields(row: {
  name: string;
  email: string | null;
  date: string;
  time: string;
  service: string;
  additionalServices: readonly string[];
  handover: Handover | null;
  pickupAddress: string | null;
  courtesyCar?: boolean;
  inviteSequence?: number;
}) {
  const { name, date, time, service, handover, pickupAddress } = row;
  // Without an address (issue 28) nothing is queued to the customer (enqueueCustomerEmail), the field stays empty.
  return {
    name,
    email: row.email ?? "",
    date,
    time,
    service,
    services: emailServices(visitServices(row)),
    handover,
    pickupAddress,
    courtesyCar: row.courtesyCar ? ("true" as const) : undefined,
    // The calendar entry's SEQUENCE (issue 28): the invites of a moved appointment count up.
    sequence: row.inviteSequence ? String(row.inviteSequence) : undefined,
  };
}

/** The `services` of an e-mail's data: the whole list of a visit of several, one a line; none for one service (as before issue 28). */
export function emailServices(services: readonly string[]): string | undefined {
  return services.length > 1 ? services.join("\n") : undefined;
}

/** An invitation to a new admin account. */
export type StaffInvitationEmail = EmailData["staff-invitation"];
/** A link to set a forgotten password. */
export type PasswordResetEmail = EmailData["password-reset"];
/** The notice that an account's password was changed. */
export type PasswordChangedEmail = EmailData["password-changed"];
/** The notice that an account's code login is locked. */
export type SecondFactorLockedEmail = EmailData["second-factor-locked"];
/** The notice of a login from a browser the account has not used before. */
export type NewBrowserLoginEmail = EmailData["new-browser-login"];
/** A moved appointment: the old and the new time. */
export type MovedAppointmentEmail = EmailData["appointment-moved"];
/** A customer's own move, to the workshop. */
export type CustomerMovedEmail = EmailData["customer-moved-workshop"];
/** A cancelled appointment and why. */
export type CancelledAppointmentEmail = EmailData["appointment-cancelled"];
/** A customer's own cancellation, to the workshop. */
export type CustomerCancelledEmail = EmailData["customer-cancelled-workshop"];
/** The reminder before a confirmed appointment. */
export type AppointmentReminderEmail = EmailData["appointment-reminder"];
/** The reminder of a car's §57a inspection. */
export type InspectionReminderEmail = EmailData["inspection-reminder"];
/** The car is ready to be fetched. */
export type AppointmentReadyEmail = EmailData["appointment-ready"];
/** Findings waiting for the customer's approval. */
export type FindingsApprovalEmail = EmailData["findings-approval-request"];
/** The customer's decisions on findings, to the workshop. */
export type FindingsDecidedEmail = EmailData["findings-decided-workshop"];
/** A time on a waiting list's day freed up. */
export type WaitlistSlotFreeEmail = EmailData["waitlist-slot-free"];
/** A message from a contact form, to the workshop. */
export type ContactMessageEmail = EmailData["contact-message"];

function isEmailTemplate(name: string): name is EmailTemplate {
  return Object.hasOwn(emailSchemas, name);
}

/** A message that can never be rendered (unknown template, missing or malformed data): not worth retrying. */
export class TemplateError extends Error {}

/** An e-mail's template with its checked data; narrowing on `template` types `data`. */
export type StoredEmail = { [T in EmailTemplate]: { template: T; data: EmailData[T] } }[EmailTemplate];

/**
 * The stored data of an outbox row, checked and cleaned: what the templates
 * and the EmailJS transport work with. Rows written before the typed payload
 * (German EmailJS names) are read through fromLegacyParams.
 */
export function readEmail(template: string, stored: unknown): StoredEmail {
  if (!isEmailTemplate(template)) throw new TemplateError(`Unbekannte Vorlage: ${template}`);
  const params = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const parsed = emailSchemas[template].safeParse(fromLegacyParams(params));
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    throw new TemplateError(`Fehlende oder ungültige Parameter: ${fields.join(", ")}`);
  }
  return { template, data: parsed.data } as StoredEmail;
}

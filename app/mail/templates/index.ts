import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { parseCalendarDate } from "~/domain/calendar-date";
import { defaultWorkshopFacts, SLOT_MINUTES, visitOfFacts, type WorkshopFacts } from "~/domain/workshop";
import { type PublicFacts, publicFactsOf } from "~/lib/public-facts";
import { appointmentInvite } from "../appointment-invite";
import { type AppointmentEmail, type EmailData, type EmailTemplate, readEmail, type StoredEmail, TemplateError } from "../emails";
import { newBrowserLogin, passwordChanged, passwordReset, secondFactorLocked, staffInvitation } from "./account";
import {
  appointmentCancelled,
  appointmentConfirmed,
  appointmentMoved,
  customerCancelledWorkshop,
  customerMovedWorkshop,
} from "./appointment";
import { bookingReceivedCustomer, bookingReceivedWorkshop } from "./booking";
import { contactMessage } from "./contact";
import { findingsApprovalRequest, findingsDecidedWorkshop } from "./findings";
import { MailWorkshopContext } from "./layout";
import { htmlToPlainText } from "./plain-text";
import { appointmentReady } from "./progress";
import { appointmentReminder, inspectionReminder } from "./reminder";
import type { TemplateContext, TemplateDefinition } from "./template";
import { waitlistSlotFree } from "./waitlist";

const templates: { [T in EmailTemplate]: TemplateDefinition<EmailData[T]> } = {
  "booking-received-customer": bookingReceivedCustomer,
  "booking-received-workshop": bookingReceivedWorkshop,
  "appointment-confirmed": appointmentConfirmed,
  "appointment-cancelled": appointmentCancelled,
  "customer-cancelled-workshop": customerCancelledWorkshop,
  "appointment-moved": appointmentMoved,
  "customer-moved-workshop": customerMovedWorkshop,
  "contact-message": contactMessage,
  "staff-invitation": staffInvitation,
  "password-reset": passwordReset,
  "password-changed": passwordChanged,
  "second-factor-locked": secondFactorLocked,
  "new-browser-login": newBrowserLogin,
  "appointment-reminder": appointmentReminder,
  "inspection-reminder": inspectionReminder,
  "appointment-ready": appointmentReady,
  "findings-approval-request": findingsApprovalRequest,
  "findings-decided-workshop": findingsDecidedWorkshop,
  "waitlist-slot-free": waitlistSlotFree,
};

export type Attachment = { filename: string; content: string; contentType: string };

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  attachments: Attachment[];
  /** Extra header lines of this e-mail (the §57a reminder's one-click unsubscribe, RFC 8058); trusted values only. */
  headers: Record<string, string>;
};

export type RenderInput = {
  id: string;
  template: string;
  /** The stored JSON: the typed data of ../emails, or a row in the old shape (../legacy-params). */
  params: unknown;
  appointmentId: string | null;
  createdAt: Date;
};

function renderWith<T extends EmailTemplate>(email: { template: T; data: EmailData[T] }, context: TemplateContext) {
  const definition = templates[email.template];
  const body = createElement(MailWorkshopContext.Provider, { value: context.workshop }, definition.body(email.data, context));
  const html = `<!DOCTYPE html>${renderToStaticMarkup(body)}`;
  return {
    subject: typeof definition.subject === "string" ? definition.subject : definition.subject(email.data),
    html,
    text: htmlToPlainText(html),
  };
}

/** The customer's personal page of an appointment (routes/customer/appointment.tsx). */
export function customerPageUrl(token: string, publicUrl: string): string {
  return new URL(`/termin/${token}`, publicUrl).toString();
}

/** The one-click unsubscribe page of a §57a reminder (routes/reminder-unsubscribe.tsx). */
export function unsubscribeUrl(token: string, publicUrl: string): string {
  return new URL(`/erinnerung/abmelden/${token}`, publicUrl).toString();
}

/** The booking form opened on `date` with `service` chosen (routes/booking.tsx reads `datum` and `leistung`). */
export function bookingOnDayUrl(date: string, service: string, publicUrl: string): string {
  const url = new URL("/termin-anfragen", publicUrl);
  url.search = new URLSearchParams({ datum: date, leistung: service }).toString();
  url.hash = "booking";
  return url.toString();
}

/** The page that takes an entry off the waiting list (routes/waitlist-leave.tsx). */
export function waitlistLeaveUrl(token: string, publicUrl: string): string {
  return new URL(`/warteliste/verlassen/${token}`, publicUrl).toString();
}

/** The facts of a database never changed: what renders without a database (tests, previews). */
let defaultFacts: { facts: WorkshopFacts; shown: PublicFacts } | undefined;

/**
 * Pure: the same outbox row and facts always render to the same e-mail. `facts`: the workshop's as
 * the worker read them when sending (issue 29), so an e-mail names the current phone and address.
 */
export function renderEmail(message: RenderInput, publicUrl: string, facts?: WorkshopFacts): RenderedEmail {
  const email = readEmail(message.template, message.params);
  defaultFacts ??= (() => {
    const initial = defaultWorkshopFacts();
    return { facts: initial, shown: publicFactsOf(initial) };
  })();
  const workshop = facts ? publicFactsOf(facts) : defaultFacts.shown;
  const context = {
    workshop,
    adminUrl: new URL("/admin", publicUrl).toString(),
    appointmentAdminUrl: message.appointmentId ? new URL(`/admin/termine/${message.appointmentId}`, publicUrl).toString() : null,
    bookingUrl: new URL("/#booking", publicUrl).toString(),
    customerUrl: "accessToken" in email.data && email.data.accessToken ? customerPageUrl(email.data.accessToken, publicUrl) : null,
    unsubscribeUrl: "unsubscribeToken" in email.data ? unsubscribeUrl(email.data.unsubscribeToken, publicUrl) : null,
    waitlist:
      email.template === "waitlist-slot-free"
        ? {
            bookingUrl: bookingOnDayUrl(email.data.date, email.data.service, publicUrl),
            leaveUrl: waitlistLeaveUrl(email.data.leaveToken, publicUrl),
          }
        : null,
  };
  return {
    ...renderWith(email, context),
    attachments: calendarAttachments(message, email, workshop, facts ?? defaultFacts.facts),
    headers: unsubscribeHeaders(context),
  };
}

/**
 * RFC 8058 one-click unsubscribe: a mail client shows "Abbestellen" and POSTs
 * `List-Unsubscribe=One-Click` to the URL (RFC 2369 wants it in angle brackets).
 * The URL is PUBLIC_URL and a token of our own making, never customer text.
 */
function unsubscribeHeaders({ unsubscribeUrl }: TemplateContext): Record<string, string> {
  return unsubscribeUrl ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {};
}

/**
 * The confirmation invites (REQUEST); cancelling a confirmed appointment
 * withdraws that entry (CANCEL, same UID, higher SEQUENCE). A request that
 * was never confirmed is in no calendar, so its cancellation carries none.
 */
function calendarAttachments(message: RenderInput, email: StoredEmail, workshop: PublicFacts, facts: WorkshopFacts): Attachment[] {
  const entry = { message, workshop, facts };
  // The reminder carries the confirmation's entry again (same UID): added, or updated where it is.
  if (email.template === "appointment-confirmed" || email.template === "appointment-reminder" || email.template === "appointment-moved") {
    return [invite(entry, email.data, "REQUEST")];
  }
  if (email.template === "appointment-cancelled" && email.data.wasConfirmed) return [invite(entry, email.data, "CANCEL")];
  return [];
}

/**
 * The calendar entry, from the ISO date and the time (Europe/Vienna wall clock), as long as the
 * appointment's stored duration; an e-mail queued before durations were stored (none in its data)
 * lasts as long as its services take by the workshop's facts (issue 29).
 */
function invite(
  { message, workshop, facts }: { message: RenderInput; workshop: PublicFacts; facts: WorkshopFacts },
  appointment: AppointmentEmail & { durationMinutes?: number },
  method: "REQUEST" | "CANCEL",
): Attachment {
  if (!parseCalendarDate(appointment.date)) throw new TemplateError(`Ungültiges Datum: ${appointment.date}`);
  const durationMinutes =
    appointment.durationMinutes ?? visitOfFacts(facts, appointment.services ?? [appointment.service], SLOT_MINUTES).durationMinutes;
  const ics = appointmentInvite(
    { ...appointment, durationMinutes, appointmentId: message.appointmentId ?? message.id },
    method,
    message.createdAt,
    workshop,
  );
  return { filename: "termin.ics", content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

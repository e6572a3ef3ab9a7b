import { renderToStaticMarkup } from "react-dom/server";
import { serviceDurationMinutes, site } from "~/config/site";
import { parseCalendarDate } from "~/domain/calendar-date";
import { type AppointmentEmail, type EmailData, type EmailTemplate, readEmail, type StoredEmail, TemplateError } from "../emails";
import { calendarInvite } from "../ics";
import { appointmentCancelled, appointmentConfirmed, customerCancelledWorkshop } from "./appointment";
import { bookingReceivedCustomer, bookingReceivedWorkshop } from "./booking";
import { contactMessage } from "./contact";
import { staffInvitation } from "./account";
import type { TemplateContext, TemplateDefinition } from "./template";

const templates: { [T in EmailTemplate]: TemplateDefinition<EmailData[T]> } = {
  "booking-received-customer": bookingReceivedCustomer,
  "booking-received-workshop": bookingReceivedWorkshop,
  "appointment-confirmed": appointmentConfirmed,
  "appointment-cancelled": appointmentCancelled,
  "customer-cancelled-workshop": customerCancelledWorkshop,
  "contact-message": contactMessage,
  "staff-invitation": staffInvitation,
};

export type Attachment = { filename: string; content: string; contentType: string };

export type RenderedEmail = { subject: string; html: string; text: string; attachments: Attachment[] };

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
  return {
    subject: definition.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(definition.html(email.data, context))}`,
    text: definition.text(email.data, context),
  };
}

/** The customer's personal page of an appointment (routes/customer/appointment.tsx). */
export function customerPageUrl(token: string, publicUrl: string): string {
  return new URL(`/termin/${token}`, publicUrl).toString();
}

/** Pure: the same outbox row always renders to the same e-mail. */
export function renderEmail(message: RenderInput, publicUrl: string): RenderedEmail {
  const email = readEmail(message.template, message.params);
  const context = {
    adminUrl: new URL("/admin", publicUrl).toString(),
    appointmentAdminUrl: message.appointmentId ? new URL(`/admin/termine/${message.appointmentId}`, publicUrl).toString() : null,
    bookingUrl: new URL("/#booking", publicUrl).toString(),
    customerUrl: "accessToken" in email.data && email.data.accessToken ? customerPageUrl(email.data.accessToken, publicUrl) : null,
  };
  return { ...renderWith(email, context), attachments: calendarAttachments(message, email) };
}

/**
 * The confirmation invites (REQUEST); cancelling a confirmed appointment
 * withdraws that entry (CANCEL, same UID, higher SEQUENCE). A request that
 * was never confirmed is in no calendar, so its cancellation carries none.
 */
function calendarAttachments(message: RenderInput, email: StoredEmail): Attachment[] {
  if (email.template === "appointment-confirmed") return [invite(message, email.data, "REQUEST")];
  if (email.template === "appointment-cancelled" && email.data.wasConfirmed) return [invite(message, email.data, "CANCEL")];
  return [];
}

/** The calendar entry, from the ISO date and the time (Europe/Vienna wall clock). */
function invite(message: RenderInput, appointment: AppointmentEmail, method: "REQUEST" | "CANCEL"): Attachment {
  const date = parseCalendarDate(appointment.date);
  const [hour, minute] = appointment.time.split(":").map(Number);
  if (!date) throw new TemplateError(`Ungültiges Datum: ${appointment.date}`);
  const ics = calendarInvite({
    method,
    // Stable per appointment, so every message about it updates the same calendar entry.
    uid: `${message.appointmentId ?? message.id}@happycar.termine`,
    sequence: method === "REQUEST" ? 0 : 1,
    stamp: message.createdAt,
    date,
    time: { hour: hour!, minute: minute! },
    durationMinutes: appointment.durationMinutes ?? serviceDurationMinutes(appointment.service),
    summary: `${appointment.service} – ${site.name}`,
    description: `Ihr Termin bei ${site.name}: ${appointment.service}.\nTelefon: ${site.phones[0].display}`,
    location: `${site.address.street}, ${site.address.postalCode} ${site.address.city}, ${site.address.country}`,
    organizer: { name: site.name, email: site.email },
    attendee: { name: appointment.name, email: appointment.email },
  });
  return { filename: "termin.ics", content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

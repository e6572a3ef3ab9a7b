import { renderToStaticMarkup } from "react-dom/server";
import { site } from "~/config/site";
import { cleanText } from "~/schemas/text";
import type { EmailTemplate } from "../outbox.server";
import { calendarInvite } from "../ics";
import { appointmentCancelled, appointmentConfirmed } from "./appointment";
import { bookingReceivedCustomer, bookingReceivedWorkshop } from "./booking";
import { contactMessage } from "./contact";
import type { TemplateDefinition, TemplateParams } from "./template";

const templates: Record<EmailTemplate, TemplateDefinition> = {
  "booking-received-customer": bookingReceivedCustomer,
  "booking-received-workshop": bookingReceivedWorkshop,
  "appointment-confirmed": appointmentConfirmed,
  "appointment-cancelled": appointmentCancelled,
  "contact-message": contactMessage,
};

/** A message that can never be rendered (unknown template, missing parameter): not worth retrying. */
export class TemplateError extends Error {}

export type Attachment = { filename: string; content: string; contentType: string };

export type RenderedEmail = { subject: string; html: string; text: string; attachments: Attachment[] };

export type RenderInput = {
  id: string;
  template: string;
  params: Record<string, string>;
  appointmentId: string | null;
  createdAt: Date;
};

/** Single-line fields lose line breaks; only free text (nachricht, grund) keeps them. */
const MULTILINE = new Set(["nachricht", "grund"]);

function cleanParams(params: Record<string, string>): TemplateParams {
  const clean: TemplateParams = {};
  for (const [key, value] of Object.entries(params)) clean[key] = cleanText(String(value ?? ""), MULTILINE.has(key));
  return clean;
}

export function isEmailTemplate(name: string): name is EmailTemplate {
  return Object.hasOwn(templates, name);
}

/** Pure: the same outbox row always renders to the same e-mail. */
export function renderEmail(message: RenderInput, publicUrl: string): RenderedEmail {
  if (!isEmailTemplate(message.template)) throw new TemplateError(`Unbekannte Vorlage: ${message.template}`);
  const definition = templates[message.template];
  const params = cleanParams(message.params);
  const missing = definition.required.filter((key) => !params[key]);
  if (missing.length > 0) throw new TemplateError(`Fehlende Parameter: ${missing.join(", ")}`);
  const context = {
    adminUrl: new URL("/admin", publicUrl).toString(),
    bookingUrl: new URL("/#booking", publicUrl).toString(),
  };
  return {
    subject: definition.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(definition.html(params, context))}`,
    text: definition.text(params, context),
    attachments: message.template === "appointment-confirmed" ? [inviteAttachment(message, params)] : [],
  };
}

function inviteAttachment(message: RenderInput, params: TemplateParams): Attachment {
  const date = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(params.datum ?? "");
  const time = /^(\d{1,2}):(\d{2})$/.exec(params.uhrzeit ?? "");
  if (!date || !time) throw new TemplateError("datum (dd.MM.yyyy) oder uhrzeit (HH:mm) ist ungültig");
  const ics = calendarInvite({
    // Stable per appointment, so a re-sent confirmation updates the same calendar entry.
    uid: `${message.appointmentId ?? message.id}@happycar.termine`,
    stamp: message.createdAt,
    date: { year: Number(date[3]), month: Number(date[2]), day: Number(date[1]) },
    time: { hour: Number(time[1]), minute: Number(time[2]) },
    durationMinutes: site.booking.appointmentMinutes,
    summary: `${params.leistung} – ${site.name}`,
    description: `Ihr Termin bei ${site.name}: ${params.leistung}.\nTelefon: ${site.phones[0].display}`,
    location: `${site.address.street}, ${site.address.postalCode} ${site.address.city}, ${site.address.country}`,
    organizer: { name: site.name, email: site.email },
  });
  return { filename: "termin.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" };
}

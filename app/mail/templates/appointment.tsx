import { site } from "~/config/site";
import { minutesToTime, zonedParts } from "~/domain/calendar-date";
import type { Handover } from "~/domain/vehicle";
import { formatIsoDateDE } from "~/lib/format-date";
import { servicesLine } from "~/lib/format-services";
import { courtesyCarMessages } from "~/messages";
import { handoverLabels } from "~/schemas/booking-fields";
import type {
  AppointmentEmail,
  CancelledAppointmentEmail,
  CustomerCancelledEmail,
  CustomerMovedEmail,
  MovedAppointmentEmail,
} from "../emails";
import { ButtonLink, CustomerLink, type DetailRow, Details, EmailLayout, Paragraph, SignOff } from "./layout";
import { defineTemplate, type TemplateContext, type TemplateDefinition } from "./template";

/** The workshop's address as the customer's e-mails show it, from its facts (also ./progress). */
export function workshopAddress({ workshop }: Pick<TemplateContext, "workshop">): string {
  return `${workshop.fullAddress}, ${workshop.country}`;
}

/** The hand-over and, for the Hol- und Bringservice, where the car is fetched (also ./booking, ./progress). */
export function handoverRows(p: { handover?: Handover; pickupAddress?: string }): DetailRow[] {
  return [
    ["Übergabe", p.handover && handoverLabels[p.handover]],
    ["Abholadresse", p.pickupAddress],
  ];
}

/** 'Ersatzwagen: gewünscht, …' when the customer asked for a courtesy car (issue 27; also ./booking); left out otherwise. */
export function courtesyCarRow(p: { courtesyCar?: "true" | "false" }): DetailRow {
  return [courtesyCarMessages.emailLabel, p.courtesyCar === "true" ? courtesyCarMessages.emailValue : undefined];
}

/** "30.11.2026, 08:30 Uhr": an instant as Vienna's wall clock. */
function viennaDateTime(iso: string): string {
  const { date, minutes } = zonedParts(new Date(iso), site.timeZone);
  return `${formatIsoDateDE(date)}, ${minutesToTime(minutes)} Uhr`;
}

/**
 * How to cancel: online until the cutoff when the e-mail brings the personal
 * link and the cutoff was still ahead when it was queued, else by phone.
 */
function cancelAdvice(p: AppointmentEmail, context: TemplateContext): string {
  const phone = context.workshop.mainPhone.display;
  return p.selfCancelUntil && context.customerUrl
    ? `Sie können den Termin bis ${viennaDateTime(p.selfCancelUntil)} über Ihren persönlichen Link absagen; danach rufen Sie uns bitte an: ${phone}.`
    : `Falls Sie den Termin nicht wahrnehmen können, rufen Sie uns bitte unter ${phone} an.`;
}

function appointmentRows(p: AppointmentEmail): DetailRow[] {
  return [["Datum", formatIsoDateDE(p.date)], ["Uhrzeit", p.time], servicesRow(p)];
}

/** 'Leistung: …', or for a visit of several (issue 28) 'Leistungen: A, B' (also ./booking, ./progress). */
export function servicesRow(p: { service: string; services?: readonly string[] }): DetailRow {
  const { label, value } = servicesLine(p);
  return [label, value];
}

/**
 * An e-mail with the appointment's calendar entry attached (termin.ics, see
 * ../ics.ts): the confirmation, and the reminder (./reminder), which differ
 * only in their title and first sentence.
 */
export function appointmentWithInvite<Props extends AppointmentEmail>(
  title: string | ((p: Props) => string),
  lead: (p: Props) => string,
): TemplateDefinition<Props> {
  const titleOf = (p: Props) => (typeof title === "string" ? title : title(p));
  return defineTemplate<Props>({
    subject: title,
    body: (p, context) => (
      <EmailLayout title={titleOf(p)}>
        <Paragraph>Guten Tag {p.name},</Paragraph>
        <Paragraph>{lead(p)}</Paragraph>
        <Details rows={[...appointmentRows(p), ["Adresse", workshopAddress(context)], ...handoverRows(p), courtesyCarRow(p)]} />
        <Paragraph>Den Termin finden Sie auch im Anhang (termin.ics) zum Eintragen in Ihren Kalender.</Paragraph>
        <Paragraph>{cancelAdvice(p, context)}</Paragraph>
        <CustomerLink url={context.customerUrl} />
        <SignOff />
      </EmailLayout>
    ),
  });
}

/** To the customer when the workshop confirms. */
export const appointmentConfirmed = appointmentWithInvite<AppointmentEmail>(
  "Terminbestätigung",
  () => `wir freuen uns, Ihnen Ihren Termin bei ${site.name} zu bestätigen:`,
);

/** The opening sentence: the seed's for the workshop's cancellation, a receipt for the customer's own. */
function cancellationLead(p: CancelledAppointmentEmail): string {
  return p.cancelledBy === "customer"
    ? `Sie haben Ihren Termin bei ${site.name} abgesagt:`
    : `leider müssen wir Ihren Termin bei ${site.name} stornieren:`;
}

/** To the customer: the confirmation's details and the reason. */
export const appointmentCancelled = defineTemplate<CancelledAppointmentEmail>({
  subject: "Terminstornierung",
  body: (p, context) => (
    <EmailLayout title="Terminstornierung">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>{cancellationLead(p)}</Paragraph>
      <Details rows={[...appointmentRows(p), ...handoverRows(p), ["Grund", p.reason]]} />
      <Paragraph>
        Gerne können Sie online einen neuen Termin vereinbaren oder uns unter {context.workshop.mainPhone.display} anrufen.
      </Paragraph>
      <ButtonLink href={context.bookingUrl}>Neuen Termin vereinbaren</ButtonLink>
      <CustomerLink url={context.customerUrl} />
      <SignOff />
    </EmailLayout>
  ),
});

/** To the workshop: a customer cancelled on the personal page; the slot is free again. */
export const customerCancelledWorkshop = defineTemplate<CustomerCancelledEmail>({
  subject: "Termin vom Kunden abgesagt",
  body: (p, context) => (
    <EmailLayout title="Termin vom Kunden abgesagt">
      <Paragraph>Ein Kunde hat seinen Termin über die persönliche Terminseite abgesagt. Der Termin ist wieder frei.</Paragraph>
      <Details rows={customerCancelledRows(p)} />
      <ButtonLink href={context.appointmentAdminUrl ?? context.adminUrl}>Zum Admin-Board</ButtonLink>
    </EmailLayout>
  ),
});

function customerCancelledRows(p: CustomerCancelledEmail): DetailRow[] {
  return [
    ["Name", p.name],
    ["E-Mail", p.email],
    ["Telefon", p.phone],
    ...appointmentRows(p),
    ["Kennzeichen", p.licensePlate],
    ...handoverRows(p),
    ["Grund", p.reason],
  ];
}

/** "02.12.2026, 09:00 Uhr": where a moved appointment was. */
const oldTimeOf = (p: { oldDate: string; oldTime: string }) => `${formatIsoDateDE(p.oldDate)}, ${p.oldTime} Uhr`;

/** To the customer (issue 28): the workshop or the customer moved a confirmed appointment; the invite updates the entry. */
export const appointmentMoved = appointmentWithInvite<MovedAppointmentEmail>(
  "Ihr Termin wurde verschoben",
  (p) => `Ihr Termin bei ${site.name} wurde verschoben. Bisher: ${oldTimeOf(p)}. Neu:`,
);

/** To the workshop (issue 28): a customer moved the appointment on the personal page. */
export const customerMovedWorkshop = defineTemplate<CustomerMovedEmail>({
  subject: "Termin vom Kunden verschoben",
  body: (p, context) => (
    <EmailLayout title="Termin vom Kunden verschoben">
      <Paragraph>Ein Kunde hat seinen Termin über die persönliche Terminseite verschoben.</Paragraph>
      <Details
        rows={[
          ["Name", p.name],
          ["E-Mail", p.email],
          ["Telefon", p.phone],
          ["Bisher", oldTimeOf(p)],
          ...appointmentRows(p),
          ["Kennzeichen", p.licensePlate],
          ...handoverRows(p),
        ]}
      />
      <ButtonLink href={context.appointmentAdminUrl ?? context.adminUrl}>Zum Admin-Board</ButtonLink>
    </EmailLayout>
  ),
});

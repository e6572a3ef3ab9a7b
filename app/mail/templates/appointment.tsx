import { fullAddress, site } from "~/config/site";
import {
  ButtonLink,
  CustomerLink,
  customerLinkText,
  Details,
  type DetailRow,
  detailsText,
  EmailLayout,
  Paragraph,
  SignOff,
  textSignOff,
} from "./layout";
import { formatIsoDateDE } from "~/lib/format-date";
import type { AppointmentEmail, CancelledAppointmentEmail, CustomerCancelledEmail } from "../emails";
import { defineTemplate, type TemplateDefinition } from "./template";

const phone = site.phones[0].display;
/** The workshop's address as the customer's e-mails show it (also ./reminder). */
export const address = `${fullAddress}, ${site.address.country}`;

function appointmentRows(p: AppointmentEmail): DetailRow[] {
  return [
    ["Datum", formatIsoDateDE(p.date)],
    ["Uhrzeit", p.time],
    ["Leistung", p.service],
  ];
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
    html: (p, context) => (
      <EmailLayout title={titleOf(p)}>
        <Paragraph>Guten Tag {p.name},</Paragraph>
        <Paragraph>{lead(p)}</Paragraph>
        <Details rows={[...appointmentRows(p), ["Adresse", address]]} />
        <Paragraph>Den Termin finden Sie auch im Anhang (termin.ics) zum Eintragen in Ihren Kalender.</Paragraph>
        <Paragraph>Falls Sie den Termin nicht wahrnehmen können, rufen Sie uns bitte unter {phone} an.</Paragraph>
        <CustomerLink url={context.customerUrl} />
        <SignOff />
      </EmailLayout>
    ),
    text: (p, context) =>
      [
        `Guten Tag ${p.name},`,
        "",
        lead(p),
        "",
        detailsText([...appointmentRows(p), ["Adresse", address]]),
        "",
        "Den Termin finden Sie auch im Anhang (termin.ics) zum Eintragen in Ihren Kalender.",
        `Falls Sie den Termin nicht wahrnehmen können, rufen Sie uns bitte unter ${phone} an.`,
        "",
        ...customerLinkText(context.customerUrl),
        textSignOff(),
      ].join("\n"),
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
  html: (p, context) => (
    <EmailLayout title="Terminstornierung">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>{cancellationLead(p)}</Paragraph>
      <Details rows={[...appointmentRows(p), ["Grund", p.reason]]} />
      <Paragraph>Gerne können Sie online einen neuen Termin vereinbaren oder uns unter {phone} anrufen.</Paragraph>
      <ButtonLink href={context.bookingUrl}>Neuen Termin vereinbaren</ButtonLink>
      <br />
      <br />
      <CustomerLink url={context.customerUrl} />
      <Paragraph>
        <br />
        Mit freundlichen Grüßen
        <br />
        Ihr {site.name} Team
      </Paragraph>
    </EmailLayout>
  ),
  text: (p, context) =>
    [
      `Guten Tag ${p.name},`,
      "",
      cancellationLead(p),
      "",
      detailsText([...appointmentRows(p), ["Grund", p.reason]]),
      "",
      `Gerne können Sie online einen neuen Termin vereinbaren (${context.bookingUrl}) oder uns unter ${phone} anrufen.`,
      "",
      ...customerLinkText(context.customerUrl),
      textSignOff(),
    ].join("\n"),
});

/** To the workshop: a customer cancelled on the personal page; the slot is free again. */
export const customerCancelledWorkshop = defineTemplate<CustomerCancelledEmail>({
  subject: "Termin vom Kunden abgesagt",
  html: (p, context) => (
    <EmailLayout title="Termin vom Kunden abgesagt">
      <Paragraph>Ein Kunde hat seinen Termin über die persönliche Terminseite abgesagt. Der Termin ist wieder frei.</Paragraph>
      <Details rows={customerCancelledRows(p)} />
      <ButtonLink href={context.appointmentAdminUrl ?? context.adminUrl}>Zum Admin-Board</ButtonLink>
    </EmailLayout>
  ),
  text: (p, context) =>
    [
      "Ein Kunde hat seinen Termin über die persönliche Terminseite abgesagt. Der Termin ist wieder frei.",
      "",
      detailsText(customerCancelledRows(p)),
      "",
      `Admin-Board: ${context.appointmentAdminUrl ?? context.adminUrl}`,
    ].join("\n"),
});

function customerCancelledRows(p: CustomerCancelledEmail): DetailRow[] {
  return [
    ["Name", p.name],
    ["E-Mail", p.email],
    ["Telefon", p.phone],
    ...appointmentRows(p),
    ["Kennzeichen", p.licensePlate],
    ["Grund", p.reason],
  ];
}

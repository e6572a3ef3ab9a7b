import { fullAddress, site } from "~/config/site";
import { ButtonLink, Details, type DetailRow, detailsText, EmailLayout, Paragraph, SignOff, textSignOff } from "./layout";
import { defineTemplate, type TemplateParams } from "./template";

const phone = site.phones[0].display;
const address = `${fullAddress}, ${site.address.country}`;

function appointmentRows(p: TemplateParams): DetailRow[] {
  return [
    ["Datum", p.datum],
    ["Uhrzeit", p.uhrzeit],
    ["Leistung", p.leistung],
  ];
}

/** Seed parameters: name, email, datum, uhrzeit, leistung, title 'Terminbestätigung'. */
export const appointmentConfirmed = defineTemplate({
  subject: "Terminbestätigung",
  required: ["name", "email", "datum", "uhrzeit", "leistung"],
  html: (p) => (
    <EmailLayout title="Terminbestätigung">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>wir freuen uns, Ihnen Ihren Termin bei {site.name} zu bestätigen:</Paragraph>
      <Details rows={[...appointmentRows(p), ["Adresse", address]]} />
      <Paragraph>Den Termin finden Sie auch im Anhang (termin.ics) zum Eintragen in Ihren Kalender.</Paragraph>
      <Paragraph>Falls Sie den Termin nicht wahrnehmen können, rufen Sie uns bitte unter {phone} an.</Paragraph>
      <SignOff />
    </EmailLayout>
  ),
  text: (p) =>
    [
      `Guten Tag ${p.name},`,
      "",
      `wir freuen uns, Ihnen Ihren Termin bei ${site.name} zu bestätigen:`,
      "",
      detailsText([...appointmentRows(p), ["Adresse", address]]),
      "",
      "Den Termin finden Sie auch im Anhang (termin.ics) zum Eintragen in Ihren Kalender.",
      `Falls Sie den Termin nicht wahrnehmen können, rufen Sie uns bitte unter ${phone} an.`,
      "",
      textSignOff(),
    ].join("\n"),
});

/** Seed parameters: the confirmation's plus grund, title 'Terminstornierung'. */
export const appointmentCancelled = defineTemplate({
  subject: "Terminstornierung",
  required: ["name", "email", "datum", "uhrzeit", "leistung", "grund"],
  html: (p, context) => (
    <EmailLayout title="Terminstornierung">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>leider müssen wir Ihren Termin bei {site.name} stornieren:</Paragraph>
      <Details rows={[...appointmentRows(p), ["Grund", p.grund]]} />
      <Paragraph>Gerne können Sie online einen neuen Termin vereinbaren oder uns unter {phone} anrufen.</Paragraph>
      <ButtonLink href={context.bookingUrl}>Neuen Termin vereinbaren</ButtonLink>
      <Paragraph>
        <br />
        Mit freundlichen Grüßen<br />Ihr {site.name} Team
      </Paragraph>
    </EmailLayout>
  ),
  text: (p, context) =>
    [
      `Guten Tag ${p.name},`,
      "",
      `leider müssen wir Ihren Termin bei ${site.name} stornieren:`,
      "",
      detailsText([...appointmentRows(p), ["Grund", p.grund]]),
      "",
      `Gerne können Sie online einen neuen Termin vereinbaren (${context.bookingUrl}) oder uns unter ${phone} anrufen.`,
      "",
      textSignOff(),
    ].join("\n"),
});

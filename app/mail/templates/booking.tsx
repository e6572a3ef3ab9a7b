import { site } from "~/config/site";
import { ButtonLink, Details, type DetailRow, detailsText, EmailLayout, Paragraph, SignOff, textSignOff } from "./layout";
import { defineTemplate, type TemplateParams } from "./template";

function requestRows(p: TemplateParams): DetailRow[] {
  return [
    ["Datum", p.datum],
    ["Uhrzeit", p.uhrzeit],
    ["Leistung", p.leistung],
    ["Telefon", p.telefon],
    ["Nachricht", p.nachricht],
  ];
}

const phone = site.phones[0].display;

export const bookingReceivedCustomer = defineTemplate({
  subject: "Ihre Terminanfrage ist eingegangen",
  required: ["name", "datum", "uhrzeit", "leistung"],
  html: (p) => (
    <EmailLayout title="Ihre Terminanfrage ist eingegangen">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>vielen Dank für Ihre Terminanfrage bei {site.name}. Wir haben folgende Angaben erhalten:</Paragraph>
      <Details rows={requestRows(p)} />
      <Paragraph>
        <strong>Bitte beachten Sie: Ihr Termin ist noch nicht bestätigt.</strong> Wir prüfen Ihre Anfrage und
        senden Ihnen so bald wie möglich eine Bestätigung per E-Mail.
      </Paragraph>
      <Paragraph>Bei Fragen erreichen Sie uns telefonisch unter {phone}.</Paragraph>
      <SignOff />
    </EmailLayout>
  ),
  text: (p) =>
    [
      `Guten Tag ${p.name},`,
      "",
      `vielen Dank für Ihre Terminanfrage bei ${site.name}. Wir haben folgende Angaben erhalten:`,
      "",
      detailsText(requestRows(p)),
      "",
      "Bitte beachten Sie: Ihr Termin ist noch nicht bestätigt. Wir prüfen Ihre Anfrage und senden Ihnen so bald wie möglich eine Bestätigung per E-Mail.",
      "",
      `Bei Fragen erreichen Sie uns telefonisch unter ${phone}.`,
      "",
      textSignOff(),
    ].join("\n"),
});

function workshopRows(p: TemplateParams): DetailRow[] {
  return [["Name", p.name], ["E-Mail", p.email], ...requestRows(p)];
}

export const bookingReceivedWorkshop = defineTemplate({
  subject: "Neue Terminanfrage",
  required: ["name", "email", "telefon", "datum", "uhrzeit", "leistung"],
  html: (p, context) => (
    <EmailLayout title="Neue Terminanfrage">
      <Paragraph>Eine neue Terminanfrage ist eingegangen:</Paragraph>
      <Details rows={workshopRows(p)} />
      <Paragraph>Bestätigen oder stornieren Sie die Anfrage im Admin-Board.</Paragraph>
      <ButtonLink href={context.adminUrl}>Zum Admin-Board</ButtonLink>
    </EmailLayout>
  ),
  text: (p, context) =>
    [
      "Eine neue Terminanfrage ist eingegangen:",
      "",
      detailsText(workshopRows(p)),
      "",
      `Bestätigen oder stornieren Sie die Anfrage im Admin-Board: ${context.adminUrl}`,
    ].join("\n"),
});

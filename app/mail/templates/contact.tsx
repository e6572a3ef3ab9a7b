import { Details, type DetailRow, detailsText, EmailLayout, Paragraph } from "./layout";
import { defineTemplate, type TemplateParams } from "./template";

function messageRows(p: TemplateParams): DetailRow[] {
  return [
    ["Name", p.name],
    ["E-Mail", p.email],
    ["Telefon", p.telefon],
    ["Betreff", p.betreff],
    ["Nachricht", p.nachricht],
  ];
}

/** To the workshop; Reply-To is the sender, so "Antworten" answers the customer. */
export const contactMessage = defineTemplate({
  subject: "Neue Nachricht über das Kontaktformular",
  required: ["name", "email", "nachricht"],
  html: (p) => (
    <EmailLayout title="Neue Nachricht über das Kontaktformular">
      <Details rows={messageRows(p)} />
      <Paragraph>Antworten Sie einfach auf diese E-Mail, um dem Absender zu schreiben.</Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    [
      "Neue Nachricht über das Kontaktformular",
      "",
      detailsText(messageRows(p)),
      "",
      "Antworten Sie einfach auf diese E-Mail, um dem Absender zu schreiben.",
    ].join("\n"),
});

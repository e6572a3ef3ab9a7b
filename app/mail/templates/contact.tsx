import type { ContactMessageEmail } from "../emails";
import { type DetailRow, Details, EmailLayout, Paragraph } from "./layout";
import { defineTemplate } from "./template";

function messageRows(p: ContactMessageEmail): DetailRow[] {
  return [
    ["Name", p.name],
    ["E-Mail", p.email],
    ["Telefon", p.phone],
    ["Betreff", p.subject],
    ["Nachricht", p.message],
  ];
}

/** To the workshop; Reply-To is the sender, so "Antworten" answers the customer. */
export const contactMessage = defineTemplate<ContactMessageEmail>({
  subject: "Neue Nachricht über das Kontaktformular",
  body: (p) => (
    <EmailLayout title="Neue Nachricht über das Kontaktformular">
      <Details rows={messageRows(p)} />
      <Paragraph>Antworten Sie einfach auf diese E-Mail, um dem Absender zu schreiben.</Paragraph>
    </EmailLayout>
  ),
});

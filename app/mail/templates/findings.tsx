import { formatIsoDateDE } from "~/lib/format-date";
import { findingMessages } from "~/messages";
import type { FindingsApprovalEmail, FindingsDecidedEmail } from "../emails";
import { ButtonLink, type DetailRow, Details, EmailLayout, Paragraph, SignOff } from "./layout";
import { defineTemplate } from "./template";

/** To the customer when the board sends findings (services/findings.server.ts): approve or decline them on the personal link. */
export const findingsApprovalRequest = defineTemplate<FindingsApprovalEmail>({
  subject: findingMessages.customerSubject,
  body: (p, context) => (
    <EmailLayout title={findingMessages.customerSubject}>
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        bei Ihrem Termin am {formatIsoDateDE(p.date)} ({p.service}) haben wir an Ihrem Fahrzeug{" "}
        {p.count === 1 ? "einen Befund" : `${p.count} Befunde`} festgestellt. Auf Ihrer persönlichen Terminseite sehen Sie Fotos, Preise und
        wie dringend es ist, und können jeden Punkt freigeben oder ablehnen.
      </Paragraph>
      {context.customerUrl ? <ButtonLink href={context.customerUrl}>Befunde ansehen und freigeben</ButtonLink> : null}
      <Paragraph>Lieber persönlich? Rufen Sie uns an: {context.workshop.mainPhone.display}.</Paragraph>
      <SignOff />
    </EmailLayout>
  ),
});

function decidedRows(p: FindingsDecidedEmail): DetailRow[] {
  return [
    ["Name", p.name],
    ["Telefon", p.phone],
    ["Datum", formatIsoDateDE(p.date)],
    ["Uhrzeit", p.time],
    ["Leistung", p.service],
    ["Kennzeichen", p.licensePlate],
  ];
}

/** To the workshop, once per submission of the customer's page ('Freigabe erhalten: 2 freigegeben, 1 abgelehnt'). */
export const findingsDecidedWorkshop = defineTemplate<FindingsDecidedEmail>({
  subject: (p) => findingMessages.workshopSubject(p.approved, p.declined),
  body: (p, context) => (
    <EmailLayout title={findingMessages.workshopSubject(p.approved, p.declined)}>
      <Paragraph>Die Kundin oder der Kunde hat auf der persönlichen Terminseite entschieden:</Paragraph>
      <Paragraph>
        {p.summary.split("\n").map((item, index) => (
          <span key={index}>
            {item}
            <br />
          </span>
        ))}
      </Paragraph>
      <Details rows={decidedRows(p)} />
      <ButtonLink href={context.appointmentAdminUrl ?? context.adminUrl}>Zum Admin-Board</ButtonLink>
    </EmailLayout>
  ),
});

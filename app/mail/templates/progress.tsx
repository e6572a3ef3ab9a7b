import type { AppointmentReadyEmail } from "../emails";
import { handoverRows, servicesRow, workshopAddress } from "./appointment";
import { CustomerLink, type DetailRow, Details, EmailLayout, Paragraph, SignOff } from "./layout";
import { defineTemplate, type TemplateContext } from "./template";

const title = "Ihr Fahrzeug ist abholbereit";

/** The car as the e-mail names it: with its plate when the customer gave one. */
const yourCar = (p: AppointmentReadyEmail) => (p.licensePlate ? `Ihr Fahrzeug mit dem Kennzeichen ${p.licensePlate}` : "Ihr Fahrzeug");

/** A car of the Hol- und Bringservice is brought back: the customer is not asked to come. */
const lead = (p: AppointmentReadyEmail) =>
  p.handover === "pickup"
    ? `${yourCar(p)} ist fertig. Wie vereinbart bringen wir es Ihnen zurück; wir melden uns wegen der Uhrzeit.`
    : `${yourCar(p)} ist fertig und kann während unserer Öffnungszeiten bei uns abgeholt werden.`;

const openingHours = (context: TemplateContext): DetailRow[] => context.workshop.hoursDisplay.map(({ days, hours }) => [days, hours]);

const rows = (p: AppointmentReadyEmail, context: TemplateContext): DetailRow[] => [
  servicesRow(p),
  ...handoverRows(p),
  ["Adresse", workshopAddress(context)],
];

/** To the customer when the board sets 'Abholbereit' (services/appointment-progress.server.ts), unless the owner switched it off. */
export const appointmentReady = defineTemplate<AppointmentReadyEmail>({
  subject: title,
  body: (p, context) => (
    <EmailLayout title={title}>
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>{lead(p)}</Paragraph>
      <Details rows={rows(p, context)} />
      <Paragraph>Unsere Öffnungszeiten:</Paragraph>
      <Details rows={openingHours(context)} />
      <Paragraph>Bei Fragen erreichen Sie uns unter {context.workshop.mainPhone.display}.</Paragraph>
      <CustomerLink url={context.customerUrl} />
      <SignOff />
    </EmailLayout>
  ),
});

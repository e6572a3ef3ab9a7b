import { site } from "~/config/site";
import type { AppointmentReadyEmail } from "../emails";
import { address, handoverRows, servicesRow } from "./appointment";
import { CustomerLink, type DetailRow, Details, EmailLayout, Paragraph, SignOff } from "./layout";
import { defineTemplate } from "./template";

const title = "Ihr Fahrzeug ist abholbereit";
const phone = site.phones[0].display;

/** The car as the e-mail names it: with its plate when the customer gave one. */
const yourCar = (p: AppointmentReadyEmail) => (p.licensePlate ? `Ihr Fahrzeug mit dem Kennzeichen ${p.licensePlate}` : "Ihr Fahrzeug");

/** A car of the Hol- und Bringservice is brought back: the customer is not asked to come. */
const lead = (p: AppointmentReadyEmail) =>
  p.handover === "pickup"
    ? `${yourCar(p)} ist fertig. Wie vereinbart bringen wir es Ihnen zurück; wir melden uns wegen der Uhrzeit.`
    : `${yourCar(p)} ist fertig und kann während unserer Öffnungszeiten bei uns abgeholt werden.`;

const openingHours: DetailRow[] = site.openingHoursDisplay.map(({ days, hours }) => [days, hours]);

const rows = (p: AppointmentReadyEmail): DetailRow[] => [servicesRow(p), ...handoverRows(p), ["Adresse", address]];

/** To the customer when the board sets 'Abholbereit' (services/appointment-progress.server.ts), unless the owner switched it off. */
export const appointmentReady = defineTemplate<AppointmentReadyEmail>({
  subject: title,
  body: (p, context) => (
    <EmailLayout title={title}>
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>{lead(p)}</Paragraph>
      <Details rows={rows(p)} />
      <Paragraph>Unsere Öffnungszeiten:</Paragraph>
      <Details rows={openingHours} />
      <Paragraph>Bei Fragen erreichen Sie uns unter {phone}.</Paragraph>
      <CustomerLink url={context.customerUrl} />
      <SignOff />
    </EmailLayout>
  ),
});

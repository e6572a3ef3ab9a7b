import { site } from "~/config/site";
import { formatIsoDateDE } from "~/lib/format-date";
import { formatMonthDE } from "~/lib/format-vehicle";
import type { AppointmentReminderEmail, InspectionReminderEmail } from "../emails";
import { appointmentWithInvite } from "./appointment";
import { ButtonLink, EmailLayout, Paragraph, SignOff } from "./layout";
import { defineTemplate } from "./template";

/** The date is a checked yyyy-MM-dd, never customer text, so it may stand in the subject. */
const reminderSubject = (p: AppointmentReminderEmail) => `Erinnerung: Ihr Termin bei ${site.name} am ${formatIsoDateDE(p.date)}`;

/**
 * To the customer, `REMINDER_HOURS_BEFORE` hours before a confirmed
 * appointment (services/reminders.server.ts): the details, the invite again
 * (termin.ics, the confirmation's entry) and the personal link.
 */
export const appointmentReminder = appointmentWithInvite<AppointmentReminderEmail>(
  reminderSubject,
  () => `wir erinnern Sie an Ihren Termin bei ${site.name}:`,
);

const inspectionTitle = "Erinnerung an die §57a-Begutachtung";

/** The car as the reminder names it: with its plate when the customer gave one. */
const yourCar = (p: InspectionReminderEmail) =>
  p.licensePlate ? `Ihres Fahrzeugs mit dem Kennzeichen ${p.licensePlate}` : "Ihres Fahrzeugs";

/**
 * The opt-in §57a reminder (services/reminders.server.ts), at the start of
 * the month before the inspection is due. Every one carries its own
 * unsubscribe link, in the body and as List-Unsubscribe (./index.ts).
 */
export const inspectionReminder = defineTemplate<InspectionReminderEmail>({
  // The month is a checked yyyy-MM, never customer text.
  subject: (p) => `${inspectionTitle}: fällig im ${formatMonthDE(p.dueMonth)}`,
  body: (p, context) => (
    <EmailLayout title={inspectionTitle}>
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        die wiederkehrende Begutachtung nach §57a KFG („Pickerl“) {yourCar(p)} ist im {formatMonthDE(p.dueMonth)} fällig.
      </Paragraph>
      <Paragraph>
        Gerne erledigen wir sie für Sie – vereinbaren Sie einfach online einen Termin oder rufen Sie uns unter{" "}
        {context.workshop.mainPhone.display} an.
      </Paragraph>
      <ButtonLink href={context.bookingUrl}>Termin vereinbaren</ButtonLink>
      <SignOff />
      <Paragraph>
        <small>
          Sie erhalten diese E-Mail, weil Sie bei einer Terminanfrage um diese Erinnerung gebeten haben. Sie möchten keine Erinnerungen mehr
          erhalten? Mit einem Klick melden Sie sich ab:{" "}
          {context.unsubscribeUrl ? <a href={context.unsubscribeUrl}>Erinnerungen abbestellen</a> : null}
        </small>
      </Paragraph>
    </EmailLayout>
  ),
});

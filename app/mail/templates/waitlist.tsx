import { formatIsoDateDE } from "~/lib/format-date";
import type { WaitlistSlotFreeEmail } from "../emails";
import { ButtonLink, Details, EmailLayout, Paragraph, SignOff } from "./layout";
import { defineTemplate } from "./template";

const title = "Ein Termin ist frei geworden";

/**
 * To a customer on the waiting list of a fully booked day (services/waitlist.server.ts), once per
 * freed time: the booking form opened on that day; whoever books first gets the time.
 */
export const waitlistSlotFree = defineTemplate<WaitlistSlotFreeEmail>({
  subject: title,
  body: (p, context) => (
    <EmailLayout title={title}>
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        an dem Tag, für den Sie auf unserer Warteliste stehen, ist ein Termin frei geworden. Wer zuerst bucht, bekommt ihn – wir halten ihn
        nicht für Sie zurück.
      </Paragraph>
      <Details
        rows={[
          ["Tag", formatIsoDateDE(p.date)],
          ["Leistung", p.service],
        ]}
      />
      {context.waitlist ? <ButtonLink href={context.waitlist.bookingUrl}>Jetzt Termin anfragen</ButtonLink> : null}
      <Paragraph>Sie erreichen uns auch telefonisch unter {context.workshop.mainPhone.display}.</Paragraph>
      <SignOff />
      <Paragraph>
        <small>
          Sie bekommen diese E-Mail, weil Sie sich für diesen Tag auf die Warteliste gesetzt haben. Die Warteliste endet mit dem Tag.{" "}
          {context.waitlist ? <a href={context.waitlist.leaveUrl}>Von der Warteliste abmelden</a> : null}
        </small>
      </Paragraph>
    </EmailLayout>
  ),
});

import { site } from "~/config/site";
import { formatIsoDateDE } from "~/lib/format-date";
import { formatMileage, formatMonthDE } from "~/lib/format-vehicle";
import type { BookingRequestEmail, WorkshopBookingEmail } from "../emails";
import { courtesyCarRow, handoverRows, servicesRow } from "./appointment";
import { ButtonLink, CustomerLink, type DetailRow, Details, EmailLayout, Paragraph, SignOff } from "./layout";
import { defineTemplate } from "./template";

function requestRows(p: BookingRequestEmail): DetailRow[] {
  return [
    ["Datum", formatIsoDateDE(p.date)],
    ["Uhrzeit", p.time],
    servicesRow(p),
    ["Telefon", p.phone],
    ["Kennzeichen", p.licensePlate],
    ["Marke und Modell", p.vehicleModel],
    ["Kilometerstand", p.mileageKm === undefined ? undefined : formatMileage(p.mileageKm)],
    ["Erstzulassung", p.firstRegistration && formatMonthDE(p.firstRegistration)],
    ...handoverRows(p),
    courtesyCarRow(p),
    ["Nachricht", p.message],
  ];
}

export const bookingReceivedCustomer = defineTemplate<BookingRequestEmail>({
  subject: "Ihre Terminanfrage ist eingegangen",
  body: (p, context) => (
    <EmailLayout title="Ihre Terminanfrage ist eingegangen">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>vielen Dank für Ihre Terminanfrage bei {site.name}. Wir haben folgende Angaben erhalten:</Paragraph>
      <Details rows={requestRows(p)} />
      <Paragraph>
        <strong>Bitte beachten Sie: Ihr Termin ist noch nicht bestätigt.</strong> Wir prüfen Ihre Anfrage und senden Ihnen so bald wie
        möglich eine Bestätigung per E-Mail.
      </Paragraph>
      <Paragraph>Bei Fragen erreichen Sie uns telefonisch unter {context.workshop.mainPhone.display}.</Paragraph>
      <CustomerLink url={context.customerUrl} />
      <SignOff />
    </EmailLayout>
  ),
});

function workshopRows(p: WorkshopBookingEmail): DetailRow[] {
  return [["Name", p.name], ["E-Mail", p.email], ...requestRows(p)];
}

export const bookingReceivedWorkshop = defineTemplate<WorkshopBookingEmail>({
  subject: "Neue Terminanfrage",
  body: (p, context) => (
    <EmailLayout title="Neue Terminanfrage">
      <Paragraph>Eine neue Terminanfrage ist eingegangen:</Paragraph>
      <Details rows={workshopRows(p)} />
      <Paragraph>Bestätigen oder stornieren Sie die Anfrage im Admin-Board.</Paragraph>
      <ButtonLink href={context.appointmentAdminUrl ?? context.adminUrl}>Zum Admin-Board</ButtonLink>
    </EmailLayout>
  ),
});

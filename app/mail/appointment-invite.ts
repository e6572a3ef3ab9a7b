import { site } from "~/config/site";
import { parseCalendarDate } from "~/domain/calendar-date";
import { servicesLine } from "~/lib/format-services";
import type { PublicFacts } from "~/lib/public-facts";
import { calendarInvite } from "./ics";

export type InviteAppointment = {
  /** The UID's stem: stable per appointment, so every message about it updates the same calendar entry. */
  appointmentId: string;
  name: string;
  /** Null for a caller without an address (issue 28): the invite names no attendee. */
  email: string | null;
  /** yyyy-MM-dd and HH:mm, Europe/Vienna wall clock */
  date: string;
  time: string;
  service: string;
  /** The whole list of a visit of several (issue 28); none for one service. */
  services?: readonly string[];
  /** As stored with the appointment (it keeps the length it was booked with; app/mail/templates/index.ts fills in an old e-mail's). */
  durationMinutes: number;
  /** The appointment's invite sequence (issue 28): 0 until its first move, one more with each. */
  sequence?: number;
};

/**
 * An appointment's calendar entry: the confirmation's, the reminder's and a move's
 * invite (REQUEST), a cancellation's CANCEL (same UID, higher SEQUENCE), and
 * the customer page's download, which is the confirmation's invite again.
 */
export function appointmentInvite(
  appointment: InviteAppointment,
  method: "REQUEST" | "CANCEL",
  stamp: Date,
  /** The workshop's facts (issue 29): where, whom to call, the organiser's address. */
  workshop: Pick<PublicFacts, "mainPhone" | "fullAddress" | "country" | "email">,
): string {
  const date = parseCalendarDate(appointment.date);
  const [hour, minute] = appointment.time.split(":").map(Number);
  if (!date) throw new RangeError(`Ungültiges Datum: ${appointment.date}`);
  const services = servicesLine(appointment).value;
  return calendarInvite({
    method,
    uid: `${appointment.appointmentId}@happycar.termine`,
    // A REQUEST carries the appointment's sequence, a CANCEL one more (RFC 5546: a higher SEQUENCE wins).
    sequence: (appointment.sequence ?? 0) + (method === "REQUEST" ? 0 : 1),
    stamp,
    date,
    time: { hour: hour!, minute: minute! },
    durationMinutes: appointment.durationMinutes,
    summary: `${services} – ${site.name}`,
    description: `Ihr Termin bei ${site.name}: ${services}.\nTelefon: ${workshop.mainPhone.display}`,
    location: `${workshop.fullAddress}, ${workshop.country}`,
    organizer: { name: site.name, email: workshop.email },
    attendee: appointment.email === null ? null : { name: appointment.name, email: appointment.email },
  });
}

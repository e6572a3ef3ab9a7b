import type { AppointmentStatus, Canceller, ProgressState } from "./appointment";
import { addDays, type CalendarDate } from "./calendar-date";
import type { Handover } from "./vehicle";

/**
 * The customer's own page of an appointment (issue 16): how long its link
 * works and until when the customer may cancel there. Pure: the caller brings
 * the clock and the appointment's start as an instant (zonedInstant).
 */

/** The link works through the `daysAfter`th day after the appointment's date (Europe/Vienna calendar days). */
export function customerLinkUsable(appointmentDate: CalendarDate, today: CalendarDate, daysAfter: number): boolean {
  return today <= addDays(appointmentDate, daysAfter);
}

export type SelfCancellation =
  | { allowed: true; deadline: Date }
  /** Already cancelled: nothing to do. */
  | { allowed: false; reason: "cancelled" }
  /** Later than `hoursBefore` before the start: the page says to call. */
  | { allowed: false; reason: "too-late"; deadline: Date }
  /** The appointment has begun or is over: nothing left to cancel. */
  | { allowed: false; reason: "past" };

/** Whether the customer may still cancel: a requested or confirmed appointment, up to `hoursBefore` hours before its start. */
export function selfCancellation(status: AppointmentStatus, start: Date, now: Date, hoursBefore: number): SelfCancellation {
  if (status === "storniert") return { allowed: false, reason: "cancelled" };
  if (now.getTime() >= start.getTime()) return { allowed: false, reason: "past" };
  const deadline = new Date(start.getTime() - hoursBefore * 3_600_000);
  return now.getTime() <= deadline.getTime() ? { allowed: true, deadline } : { allowed: false, reason: "too-late", deadline };
}

/**
 * Until when an e-mail queued at `now` may offer cancelling online: the
 * deadline of a confirmed appointment, or null when it has already passed.
 */
export function selfCancelDeadline(start: Date, now: Date, hoursBefore: number): Date | null {
  const cancellation = selfCancellation("bestätigt", start, now, hoursBefore);
  return cancellation.allowed ? cancellation.deadline : null;
}

/** What the customer's page shows: their own data only, never the workshop's internal note. */
export type CustomerAppointment = {
  id: string;
  status: AppointmentStatus;
  cancellationReason: string | null;
  cancelledBy: Canceller | null;
  date: CalendarDate;
  time: string;
  durationMinutes: number;
  service: string;
  /** The whole list (issue 28): `service` first. */
  services: string[];
  licensePlate: string | null;
  vehicleModel: string | null;
  handover: Handover | null;
  pickupAddress: string | null;
  progress: ProgressState | null;
  cancellation: SelfCancellation;
};

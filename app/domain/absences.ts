/**
 * A resource's absences (issue 27): a mechanic's Urlaub, Krankenstand, Berufsschule, or a lift or
 * car out of service. Whole days from `from` to `to`, or on the first day from `startTime` on, in
 * the workshop's zone, as a closure. Types and limits only: app/services/absences.server.ts keeps
 * them, the placement (pick_resources, drizzle/0022_…) gives nobody a resource while it is absent.
 */
import type { AdminAppointment } from "./appointment";
import type { CalendarDate } from "./calendar-date";
import type { Resource } from "./resources";

export type StoredAbsence = {
  id: string;
  resourceId: string;
  from: CalendarDate;
  to: CalendarDate;
  /** HH:mm on the first day; null for whole days. */
  startTime: string | null;
  reason: string;
  createdAt: string;
};

/**
 * An appointment an absence concerns, with no more of the customer than the closures' list shows
 * on the board (no e-mail address, no phone number): the owner opens it for those.
 */
export type AbsenceAppointment = Pick<AdminAppointment, "id" | "name" | "date" | "time" | "service" | "durationMinutes" | "status">;

/** An appointment a new absence moved to another resource of the same kind, and which one now holds it. */
export type ReassignedAppointment = AbsenceAppointment & { resource: Pick<Resource, "id" | "name"> };

/**
 * A new absence and what it changed: `reassigned` the appointments moved to another free resource,
 * `affected` those nothing was free for; they keep their hold of the absent one ("lose their mechanic").
 */
export type AbsenceOutcome = StoredAbsence & { affected: AbsenceAppointment[]; reassigned: ReassignedAppointment[] };

/**
 * The longest absence in days, both ends counted. Entering one takes the lock of every day it covers
 * (decision 039's day lock, 31007), so its length is bounded: a year, longer ones in parts.
 */
export const MAX_ABSENCE_DAYS = 366;

import { and, asc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { SelectedFieldsFlat } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Executor } from "~/db/client.server";
import { appointmentResources, appointments, resourceAbsences, resources } from "~/db/schema";
import { appointmentServices } from "~/db/visit-services";
import type { AdminAppointment } from "~/domain/appointment";
import { slotOccupyingStatuses } from "~/domain/appointment";
import type { CalendarDate } from "~/domain/calendar-date";
import type { PlannerAbsence, PlannerAppointment, PlannerHold, WorkshopWeek } from "~/domain/planner";
import { type ResourceKind, resourceKinds } from "~/domain/resources";
import type { VisitFacts } from "~/domain/workshop";
import { missingKinds } from "./appointment-holds.server";
import { adminAppointmentColumns } from "./appointment-queries.server";
import { listResources } from "./resources.server";

/**
 * What the week planner and the day list read (issue 27): the appointments of a range of days,
 * each with the resources it holds, every resource, and the absences of the range. Reads only.
 * The appointments and their holds come in one statement: a row per appointment of the range (by its
 * date), its active holds gathered as JSON beside it (by appointment_resources_appointment_idx), so
 * that one holding nothing is still there and no appointment's columns are read and mapped once per
 * hold (decision 054).
 */

/**
 * An appointment's active holds, with their resource's name and kind and their time as wall-clock
 * minutes in `timeZone`. No hold lies in the hour a clock change skips or repeats, so elapsed minutes
 * are wall-clock minutes (as in booking.server.ts).
 */
function holdsOf(timeZone: string): SQL<PlannerHold[]> {
  const local = sql`(h.starts_at at time zone ${timeZone})`;
  const startMinutes = sql`(extract(hour from ${local}) * 60 + extract(minute from ${local}))::int`;
  return sql`coalesce((
    select json_agg(json_build_object(
      'resourceId', h.resource_id, 'name', r.name, 'kind', r.kind, 'startMinutes', ${startMinutes},
      'endMinutes', ${startMinutes} + (extract(epoch from h.ends_at - h.starts_at) / 60)::int))
    from ${appointmentResources} h join ${resources} r on r.id = h.resource_id
    where h.appointment_id = ${appointments}.id and h.active), '[]')`;
}

/**
 * The appointments from `from` to `to` that match `where`, with `fields`, in time order, each with
 * its holds (kinds in the board's order, names within).
 */
async function appointmentsWithHolds<F extends SelectedFieldsFlat & { id: typeof appointments.id }>(
  db: Executor,
  fields: F,
  range: { from: CalendarDate; to: CalendarDate; timeZone: string },
  where?: SQL,
): Promise<Array<SelectResultFields<F> & { holds: PlannerHold[] }>> {
  const rows = (await db
    .select({ ...fields, holds: holdsOf(range.timeZone) })
    .from(appointments)
    .where(and(gte(appointments.date, range.from), lte(appointments.date, range.to), where))
    .orderBy(asc(appointments.date), asc(appointments.time), asc(appointments.createdAt), asc(appointments.id))) as unknown as Array<
    SelectResultFields<F> & { holds: PlannerHold[] }
  >;
  for (const { holds } of rows) {
    holds.sort((a, b) => resourceKinds.indexOf(a.kind) - resourceKinds.indexOf(b.kind) || byName.compare(a.name, b.name));
  }
  return rows;
}

const byName = new Intl.Collator("de-AT", { numeric: true });

/** The absences that touch [from, to] (by resource_absences_range_idx). */
async function absencesBetween(db: Executor, from: CalendarDate, to: CalendarDate): Promise<PlannerAbsence[]> {
  return db
    .select({
      resourceId: resourceAbsences.resourceId,
      fromDate: resourceAbsences.fromDate,
      toDate: resourceAbsences.toDate,
      startTime: resourceAbsences.startTime,
      reason: resourceAbsences.reason,
    })
    .from(resourceAbsences)
    .where(and(lte(resourceAbsences.fromDate, to), gte(resourceAbsences.toDate, from)));
}

const plannerColumns = {
  id: appointments.id,
  name: appointments.name,
  date: appointments.date,
  time: appointments.time,
  durationMinutes: appointments.durationMinutes,
  service: appointments.service,
  services: appointmentServices,
  status: appointments.status,
  licensePlate: appointments.licensePlate,
  internalNote: appointments.internalNote,
  progress: appointments.progress,
  courtesyCar: appointments.courtesyCar,
  source: appointments.source,
  overrideReason: appointments.overrideReason,
  overbooked: appointments.overbooked,
  hasEmail: sql<boolean>`${appointments.email} is not null`,
};

/**
 * Each appointment with what it holds none of although it needs it (the board's 'überbucht: keine
 * Mechaniker:in'), what it needs by the workshop's facts (issue 29).
 */
function withMissing<A extends Parameters<typeof missingKinds>[0] & { holds: PlannerHold[] }>(
  list: A[],
  workshop: VisitFacts,
): Array<A & { missing: ResourceKind[] }> {
  return list.map((appointment) => ({
    ...appointment,
    missing: missingKinds(
      appointment,
      appointment.holds.map((hold) => ({ id: hold.resourceId, name: hold.name, kind: hold.kind })),
      workshop,
    ),
  }));
}

/**
 * The week planner's input for [from, to]: every appointment (any status; a cancelled one's holds
 * have ended), the resources and the absences, read at once on pooled connections (decision 022).
 * `workshop`: the facts' services and rules (its time zone, what each appointment needs).
 */
export async function plannerWeek(db: Executor, from: CalendarDate, to: CalendarDate, workshop: VisitFacts): Promise<WorkshopWeek> {
  const { timeZone } = workshop.rules;
  const [planned, resources, absences] = await Promise.all([
    appointmentsWithHolds(db, plannerColumns, { from, to, timeZone }),
    listResources(db),
    absencesBetween(db, from, to),
  ]);
  return { appointments: withMissing(planned, workshop) satisfies PlannerAppointment[], resources, absences };
}

/**
 * The appointment the planner's move mode has chosen (`?verschieben=<id>`), as the planner reads it,
 * wherever its week lies; null when there is none with that id.
 */
export async function plannerAppointment(db: Executor, id: string, workshop: VisitFacts): Promise<PlannerAppointment | null> {
  const [row] = await db.select({ date: appointments.date }).from(appointments).where(eq(appointments.id, id));
  if (!row) return null;
  const range = { from: row.date, to: row.date, timeZone: workshop.rules.timeZone };
  const [found] = await appointmentsWithHolds(db, plannerColumns, range, eq(appointments.id, id));
  return found ? withMissing([found], workshop)[0]! : null;
}

export type DayListAppointment = Omit<AdminAppointment, "emailState"> & {
  courtesyCar: boolean;
  holds: PlannerHold[];
  missing: ResourceKind[];
};

/**
 * The day's work for the printable day list: its requested and confirmed appointments in time
 * order, with everything the mechanics need and what each holds; the resources and the absences.
 */
export async function dayListOf(db: Executor, date: CalendarDate, workshop: VisitFacts): Promise<WorkshopWeek<DayListAppointment>> {
  const [listed, resources, absences] = await Promise.all([
    appointmentsWithHolds(
      db,
      { ...adminAppointmentColumns, courtesyCar: appointments.courtesyCar },
      { from: date, to: date, timeZone: workshop.rules.timeZone },
      inArray(appointments.status, [...slotOccupyingStatuses]),
    ),
    listResources(db),
    absencesBetween(db, date, date),
  ]);
  return {
    appointments: withMissing(listed, workshop).map((appointment) => ({ ...appointment, createdAt: appointment.createdAt.toISOString() })),
    resources,
    absences,
  };
}

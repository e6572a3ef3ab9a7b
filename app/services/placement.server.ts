import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import type { CalendarDate } from "~/domain/calendar-date";
import { closingTime } from "~/domain/slots";
import { visitServices } from "~/domain/visit";
import { type VisitFacts, visitOfFacts } from "~/domain/workshop";

/**
 * Placing an appointment that is already stored (issue 27, decision 039): confirming one that holds
 * nothing yet, the import, the first start's migration, a move. The database function
 * `place_appointment` (drizzle/0022_resource_placement.sql) takes the day's lock and picks a free
 * resource of every kind its service needs, as a booking does; its old holds give way to the new.
 * What it needs, and a courtesy car until when, by the workshop's facts (issue 29); how long, by
 * the appointment's stored duration (it keeps the length it was booked with).
 */
export type Placement = "placed" | "slot-taken" | "courtesy-car-taken";

export type PlaceableAppointment = {
  id: string;
  date: CalendarDate;
  time: string;
  service: string;
  /** The further services of a visit of several (issue 28): the holds are the union of all their needs. */
  additionalServices?: readonly string[];
  durationMinutes: number;
  courtesyCar: boolean;
};

/** The kinds of resource the appointment's visit holds, by the facts' services (an unknown name: a lift and a mechanic). */
function kindsOf(appointment: PlaceableAppointment, workshop: VisitFacts) {
  return visitOfFacts(workshop, visitServices(appointment), workshop.rules.slotMinutes).kinds;
}

export async function placeAppointment(tx: Executor, appointment: PlaceableAppointment, workshop: VisitFacts): Promise<Placement> {
  const { rules } = workshop;
  const kinds = kindsOf(appointment, workshop);
  const courtesyUntil = appointment.courtesyCar ? closingTime(appointment.date, rules) : null;
  const rows = await tx.execute(sql`
    select place_appointment(${appointment.id}::uuid, ${appointment.date}::date, ${appointment.time},
      ${appointment.durationMinutes}::int, ${`{${kinds.join(",")}}`}::text[], ${courtesyUntil}, ${rules.timeZone}) as placement`);
  const placement = resultRows<{ placement: Placement }>(rows)[0]?.placement;
  if (placement !== "placed" && placement !== "slot-taken" && placement !== "courtesy-car-taken") {
    throw new Error(`place_appointment returned ${String(placement)}`);
  }
  return placement;
}

/** Whether the appointment holds resources now (an active hold). */
export async function holdsResources(tx: Executor, appointmentId: string): Promise<boolean> {
  const rows = await tx.execute(
    sql`select exists (select 1 from appointment_resources where appointment_id = ${appointmentId}::uuid and active) as held`,
  );
  return resultRows<{ held: boolean }>(rows)[0]?.held === true;
}

/**
 * Places stored appointments that hold nothing yet, confirmed ones first, each in date and time
 * order, in one statement (a large import or the first start's migration would pay a round trip
 * per appointment otherwise). Returns the ones nothing was free for.
 */
export async function placeAll(
  tx: Executor,
  list: ReadonlyArray<PlaceableAppointment & { confirmed: boolean }>,
  workshop: VisitFacts,
): Promise<Array<{ id: string; placement: Exclude<Placement, "placed"> }>> {
  if (list.length === 0) return [];
  const { rules } = workshop;
  const ordered = [...list].sort(
    (a, b) => Number(b.confirmed) - Number(a.confirmed) || a.date.localeCompare(b.date) || a.time.localeCompare(b.time),
  );
  const input = ordered.map((appointment, position) => ({
    position,
    id: appointment.id,
    date: appointment.date,
    time: appointment.time,
    duration: appointment.durationMinutes,
    kinds: kindsOf(appointment, workshop),
    courtesy_until: appointment.courtesyCar ? closingTime(appointment.date, rules) : null,
  }));
  // The subquery's order is the order of the calls: each placement sees the ones before it.
  const rows = await tx.execute(sql`
    select p.id, place_appointment(p.id, p.date, p.time, p.duration, p.kinds, p.courtesy_until, ${rules.timeZone}) as placement
    from (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as r(position int, id uuid, date date, time text, duration int, kinds text[], courtesy_until text)
      order by position
    ) as p`);
  return resultRows<{ id: string; placement: Placement }>(rows).flatMap((row) =>
    row.placement === "placed" ? [] : [{ id: row.id, placement: row.placement }],
  );
}

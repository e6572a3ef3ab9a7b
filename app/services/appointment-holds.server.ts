import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { appointmentResources, appointments } from "~/db/schema";
import { EXCLUSION_VIOLATION, sqlState } from "~/db/sql-state";
import { appointmentServices } from "~/db/visit-services";
import { type AppointmentStatus, slotOccupyingStatuses } from "~/domain/appointment";
import type { CalendarDate } from "~/domain/calendar-date";
import { isUuid } from "~/domain/ids";
import {
  type HeldResource,
  type KindChoices,
  type ResourceKind,
  resourceKinds,
  type ResourceSetProblem,
  resourceSetProblem,
  wantedKinds,
} from "~/domain/resources";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import { closingTime } from "~/domain/slots";
import { type VisitFacts, visitOfFacts } from "~/domain/workshop";

/**
 * What an appointment holds (issue 27, decision 039) as the board reads and changes it: the held
 * lift, inspection place, mechanic and courtesy car, the choices of each kind at the appointment's
 * time, and 'Zuordnung ändern' (PATCH /api/v1/admin/appointments/:id/resources), which replaces the
 * whole set under the day's lock as every placement does (drizzle/0022_resource_placement.sql).
 * What an appointment holds is what its services need, and a courtesy car until closing, by the
 * workshop's facts (issue 29); for how long, by its stored duration.
 */

/** What placing an appointment needs of its row. */
type Placed = {
  id: string;
  status: AppointmentStatus;
  date: CalendarDate;
  time: string;
  durationMinutes: number;
  /** The whole list of services (issue 28): the holds are the union of their needs. */
  services: readonly string[];
  courtesyCar: boolean;
};

const placedColumns = {
  id: appointments.id,
  status: appointments.status,
  date: appointments.date,
  time: appointments.time,
  durationMinutes: appointments.durationMinutes,
  services: appointmentServices,
  courtesyCar: appointments.courtesyCar,
};

const byName = new Intl.Collator("de-AT", { numeric: true });

function inBoardOrder<T extends { kind: ResourceKind; name: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => resourceKinds.indexOf(a.kind) - resourceKinds.indexOf(b.kind) || byName.compare(a.name, b.name));
}

/**
 * The day's closing when the appointment asked for a courtesy car and starts before it (as a booking
 * holds it, placement.server.ts), else null: then it holds no car.
 */
function courtesyUntil(appointment: Placed, workshop: VisitFacts): string | null {
  if (!appointment.courtesyCar) return null;
  const closing = closingTime(appointment.date, workshop.rules);
  return closing !== null && closing > appointment.time ? closing : null;
}

/** The kinds the appointment holds: its services' needs and, when asked and possible, a courtesy car. */
function kindsOf(appointment: Placed, workshop: VisitFacts): ReadonlyArray<ResourceKind> {
  const needed = visitOfFacts(workshop, appointment.services, workshop.rules.slotMinutes).kinds;
  return wantedKinds(needed, courtesyUntil(appointment, workshop) !== null);
}

/** The instants a hold of the appointment covers, in SQL: the work from its start for its duration, a car until closing. */
function holdRange(appointment: Placed, kind: SQL, workshop: VisitFacts) {
  const { timeZone } = workshop.rules;
  const starts = sql`workshop_instant(${appointment.date}::date, ${appointment.time}, ${timeZone})`;
  const workEnds = sql`(${starts} + make_interval(mins => ${appointment.durationMinutes}::int))`;
  const until = courtesyUntil(appointment, workshop);
  const carEnds = until === null ? workEnds : sql`workshop_instant(${appointment.date}::date, ${until}, ${timeZone})`;
  return { starts, ends: sql`(case when ${kind} = 'courtesy_car' then ${carEnds} else ${workEnds} end)` };
}

type StateRow = HeldResource & { active: boolean; held: boolean; taken: boolean; absent: boolean };

/**
 * Resources of the appointment's kinds (`ids`: only these) with what they are at its time: held by
 * it, taken by another appointment's active hold, absent. The same rule as pick_resources.
 */
async function resourceStates(tx: Executor, appointment: Placed, workshop: VisitFacts, ids?: readonly string[]): Promise<StateRow[]> {
  const { starts, ends } = holdRange(appointment, sql`r.kind`, workshop);
  const kinds = kindsOf(appointment, workshop);
  const rows = await tx.execute(sql`
    select r.id, r.name, r.kind, r.active,
      exists (select 1 from appointment_resources h
              where h.resource_id = r.id and h.appointment_id = ${appointment.id}::uuid and h.active) as held,
      exists (select 1 from appointment_resources h
              where h.resource_id = r.id and h.active and h.appointment_id <> ${appointment.id}::uuid
                and tstzrange(h.starts_at, h.ends_at, '[)') && tstzrange(${starts}, ${ends}, '[)')) as taken,
      exists (select 1 from resource_absences a
              where a.resource_id = r.id and a.from_date <= ${appointment.date}::date and a.to_date >= ${appointment.date}::date
                and (a.start_time is null or a.from_date <> ${appointment.date}::date
                     or ${ends} > workshop_instant(${appointment.date}::date, a.start_time, ${workshop.rules.timeZone}))) as absent
    from resources r
    where ${
      ids === undefined
        ? sql`r.kind = any(${`{${kinds.join(",")}}`}::text[])`
        : sql`r.id = any(${`{${ids.filter(isUuid).join(",")}}`}::uuid[])`
    }`);
  return inBoardOrder(resultRows<StateRow>(rows));
}

/** The resources an appointment holds now (its active holds), in the board's order. */
export async function heldResources(db: Executor, appointmentId: string): Promise<HeldResource[]> {
  const rows = await db.execute(sql`
    select r.id, r.name, r.kind from appointment_resources h join resources r on r.id = h.resource_id
    where h.appointment_id = ${appointmentId}::uuid and h.active`);
  return inBoardOrder(resultRows<HeldResource>(rows));
}

/**
 * For the board's 'Zuordnung ändern': per kind the appointment holds, the active resources of that
 * kind and the one it holds (also when deactivated since), each with its state at the appointment's
 * time. Empty for an appointment that is not active (storniert).
 */
export async function resourceChoices(db: Executor, appointment: Placed, workshop: VisitFacts): Promise<KindChoices[]> {
  if (!slotOccupyingStatuses.includes(appointment.status)) return [];
  const rows = await resourceStates(db, appointment, workshop);
  return kindsOf(appointment, workshop).map((kind) => ({
    kind,
    choices: rows
      .filter((row) => row.kind === kind && (row.active || row.held))
      .map(({ taken, absent, ...resource }) => ({ ...resource, state: taken ? "taken" : absent ? "absent" : "free" })),
  }));
}

/** What an active appointment misses of the kinds it holds (a hold of each), for the board's warning. */
export function missingKinds(appointment: Placed, held: readonly HeldResource[], workshop: VisitFacts): ResourceKind[] {
  if (!slotOccupyingStatuses.includes(appointment.status)) return [];
  return kindsOf(appointment, workshop).filter((kind) => !held.some((resource) => resource.kind === kind));
}

export type MoveResult =
  | Ok<{ resources: HeldResource[]; changed: boolean }>
  | Failure<"notFound" | "conflict">
  | (Failure<"invalidResources"> & ResourceSetProblem)
  /** `name` of the chosen resource that is held by another appointment or `absent` at the time; none when only the constraint knew. */
  | (Failure<"resourceTaken"> & { name?: string; absent?: boolean });

const sameSet = (a: readonly HeldResource[], b: readonly string[]) =>
  a.length === b.length && a.every((resource) => b.includes(resource.id));

/** The trail's words for a set: its names (data, not wording), "–" for none. */
const describeSet = (set: readonly HeldResource[]) => (set.length === 0 ? "–" : set.map((resource) => resource.name).join(", "));

/**
 * 'Zuordnung ändern': `resourceIds` is the appointment's whole new set, exactly one active resource
 * of every kind its service needs and a courtesy car when it asked for one. In one transaction under
 * the day's lock (31007, as every placement), its active holds are replaced by the new set for the
 * same times (the work for its duration, a car until closing). Checked first (invalidResources,
 * resourceTaken naming the resource); the exclusion constraint stays the last word. Any admin may;
 * an audit entry `resources` records the sets before and after. The same set again changes nothing.
 * The kinds it holds by the workshop's facts (`workshop`, read by the caller before the transaction:
 * PGlite has one connection).
 */
export async function moveAppointmentResources(
  db: Database,
  {
    id,
    admin,
    resourceIds,
    workshop,
    now = new Date(),
  }: { id: string; admin: AdminIdentity; resourceIds: readonly string[]; workshop: VisitFacts; now?: Date },
): Promise<MoveResult> {
  try {
    return await db.transaction(async (tx): Promise<MoveResult> => {
      const [located] = await tx.select({ date: appointments.date }).from(appointments).where(eq(appointments.id, id));
      if (!located) return fail("notFound");
      // The day's lock before the row's, in the order of confirm (place_appointment, then the update).
      await tx.execute(sql`select pg_advisory_xact_lock(31007, hashtext(${located.date}::date::text))`);
      const [appointment] = await tx.select(placedColumns).from(appointments).where(eq(appointments.id, id)).for("update");
      if (!appointment) return fail("notFound");
      // Cancelled (its holds ended), or moved to another day since the first read.
      if (!slotOccupyingStatuses.includes(appointment.status) || appointment.date !== located.date) return fail("conflict");
      const chosen = await resourceStates(tx, appointment, workshop, resourceIds);
      const problem = resourceSetProblem(kindsOf(appointment, workshop), resourceIds, chosen);
      if (problem) return fail("invalidResources", problem);
      const blocked = chosen.find((resource) => resource.taken || resource.absent);
      if (blocked) return fail("resourceTaken", { name: blocked.name, absent: !blocked.taken });
      const before = await heldResources(tx, id);
      if (sameSet(before, resourceIds)) return ok({ resources: before, changed: false });
      // Replaced, as place_appointment does: the trail keeps what it held before.
      await tx.delete(appointmentResources).where(and(eq(appointmentResources.appointmentId, id), eq(appointmentResources.active, true)));
      const { starts, ends } = holdRange(appointment, sql`r.kind`, workshop);
      await tx.execute(sql`
        insert into appointment_resources (appointment_id, resource_id, starts_at, ends_at)
        select ${id}::uuid, r.id, ${starts}, ${ends} from resources r
        where r.id = any(${`{${chosen.map((resource) => resource.id).join(",")}}`}::uuid[])`);
      const after = await heldResources(tx, id);
      await recordAudit(tx, {
        appointmentId: id,
        actor: admin,
        action: "resources",
        oldStatus: appointment.status,
        newStatus: appointment.status,
        reason: `${describeSet(before)} → ${describeSet(after)}`,
        now,
      });
      return ok({ resources: after, changed: true });
    });
  } catch (error) {
    // Only a path that skipped the day's lock could have taken it meanwhile: the database refused the overlap.
    if (sqlState(error) === EXCLUSION_VIOLATION) return fail("resourceTaken", {});
    throw error;
  }
}

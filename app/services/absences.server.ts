import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { appointmentResources, appointments, resourceAbsences, resources } from "~/db/schema";
import type { AbsenceAppointment, AbsenceOutcome, ReassignedAppointment, StoredAbsence } from "~/domain/absences";
import { type CalendarDate, zonedParts } from "~/domain/calendar-date";
import type { AbsenceErrorCode } from "~/domain/error-codes";
import type { Resource } from "~/domain/resources";
import { fail, ok, type Result } from "~/domain/result";
import type { AbsenceInput } from "~/schemas/absence";

/**
 * A resource's absences (issue 27): a mechanic's Urlaub, Krankenstand or Berufsschule, whole days or
 * from a time on the first day. Any admin reads them, only the owner enters and removes them. The
 * placement (pick_resources, drizzle/0022_resource_placement.sql) already gives nobody an absent
 * resource; entering one also moves the appointments that hold it then to another free one.
 */

export type AbsenceResult<T> = Result<T, AbsenceErrorCode>;

const ownerOnly = fail("ownerOnly");

const columns = {
  id: resourceAbsences.id,
  resourceId: resourceAbsences.resourceId,
  from: resourceAbsences.fromDate,
  to: resourceAbsences.toDate,
  startTime: resourceAbsences.startTime,
  reason: resourceAbsences.reason,
  createdAt: resourceAbsences.createdAt,
};

type AbsenceRow = Omit<StoredAbsence, "createdAt"> & { createdAt: Date };

function stored(row: AbsenceRow): StoredAbsence {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const inOrder = [asc(resourceAbsences.fromDate), asc(resourceAbsences.startTime), asc(resourceAbsences.createdAt)];

async function findResource(db: Executor, id: string): Promise<Resource | undefined> {
  const [row] = await db
    .select({ id: resources.id, name: resources.name, kind: resources.kind, active: resources.active })
    .from(resources)
    .where(eq(resources.id, id));
  return row;
}

/** The absences `where` selects, the next first. */
async function selectAbsences(db: Executor, where: SQL | undefined): Promise<StoredAbsence[]> {
  const rows = await db
    .select(columns)
    .from(resourceAbsences)
    .where(where)
    .orderBy(...inOrder);
  return rows.map(stored);
}

function endingFrom(now: Date): SQL {
  return gte(resourceAbsences.toDate, zonedParts(now, site.timeZone).date);
}

/** A resource's absences ending today or later, the next first (past ones stay stored, they only drop off the list). */
export async function listAbsences(
  db: Executor,
  { resourceId, now }: { resourceId: string; now: Date },
): Promise<AbsenceResult<StoredAbsence[]>> {
  if (!(await findResource(db, resourceId))) return fail("notFound");
  return ok(await selectAbsences(db, and(eq(resourceAbsences.resourceId, resourceId), endingFrom(now))));
}

/** Every resource's absences ending today or later ('Werkstatt' lists them under each resource). */
export function upcomingAbsences(db: Executor, now: Date): Promise<StoredAbsence[]> {
  return selectAbsences(db, endingFrom(now));
}

/** Every resource's absences overlapping [from, to] (for the planner's days). */
export function absencesBetween(db: Executor, from: CalendarDate, to: CalendarDate): Promise<StoredAbsence[]> {
  return selectAbsences(db, and(lte(resourceAbsences.fromDate, to), gte(resourceAbsences.toDate, from)));
}

/** "Urlaub: 2031-03-04 – 2031-03-06 ab 12:00", the audit trail's words for an absence. */
function describe(absence: Pick<StoredAbsence, "from" | "to" | "startTime" | "reason">): string {
  const range = absence.from === absence.to ? absence.from : `${absence.from} – ${absence.to}`;
  return `${absence.reason}: ${range}${absence.startTime ? ` ab ${absence.startTime}` : ""}`;
}

/**
 * The day lock of every placement (31007, place_appointment and request_appointment) for each day
 * of [from, to], in date order like every path taking more than one: a booking or a move on those
 * days waits for the absence and then sees it, and none placed before is missed by the moves below.
 */
async function lockDays(tx: Executor, from: CalendarDate, to: CalendarDate): Promise<void> {
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(31007, hashtext(day::date::text)))
    from generate_series(${from}::date, ${to}::date, interval '1 day') as day`);
}

/**
 * Enters an absence and moves every active hold of the resource that overlaps it (whole days; on
 * the first day from `startTime` on, Vienna wall-clock time) to another resource of the same kind
 * that is free for the same time: active, no overlapping active hold, not absent, the one used least
 * that day first (pick_resources' rule). What nothing is free for keeps its hold and is answered in
 * `affected`, for the owner to move or cancel; the moved ones in `reassigned`. One transaction under
 * the days' locks; the exclusion constraint appointment_resources_no_overlap still has the last word.
 * (The absent one's holds never overlap each other, so the order of the moves takes nothing from another.)
 */
export async function addAbsence(
  db: Database,
  { actor, resourceId, absence, now }: { actor: AdminIdentity; resourceId: string; absence: AbsenceInput; now: Date },
): Promise<AbsenceResult<AbsenceOutcome & { resource: Resource }>> {
  if (actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx) => {
    // Key share: the resource cannot be deleted (deleteResource locks it for update) until this commits.
    const [resource] = await tx
      .select({ id: resources.id, name: resources.name, kind: resources.kind, active: resources.active })
      .from(resources)
      .where(eq(resources.id, resourceId))
      .for("key share");
    if (!resource) return fail("notFound");
    await lockDays(tx, absence.from, absence.to);
    const [row] = await tx
      .insert(resourceAbsences)
      .values({
        resourceId,
        fromDate: absence.from,
        toDate: absence.to,
        startTime: absence.startTime ?? null,
        reason: absence.reason,
        createdAt: now,
      })
      .returning(columns);
    const created = stored(row!);
    await recordAudit(tx, {
      actor,
      action: "absence.create",
      subject: `resource:${resourceId}`,
      reason: `${resource.name}: ${describe(created)}`,
      now,
    });

    const affected: AbsenceAppointment[] = [];
    const reassigned: ReassignedAppointment[] = [];
    for (const { holdId, ...appointment } of await holdsDuring(tx, created)) {
      const replacement = await moveHold(tx, { holdId, kind: resource.kind, date: appointment.date });
      if (!replacement) {
        affected.push(appointment);
        continue;
      }
      reassigned.push({ ...appointment, resource: replacement });
      await recordAudit(tx, {
        actor,
        action: "resource.reassign",
        appointmentId: appointment.id,
        oldStatus: appointment.status,
        newStatus: appointment.status,
        reason: `${resource.name} → ${replacement.name} (${created.reason})`,
        now,
      });
    }
    return ok({ ...created, resource, affected, reassigned });
  });
}

/** The instant an absence starts and ends: [its first day at startTime (00:00), the day after its last). */
function absenceRange(absence: Pick<StoredAbsence, "from" | "to" | "startTime">) {
  return sql`tstzrange(workshop_instant(${absence.from}::date, ${absence.startTime ?? "00:00"}, ${site.timeZone}),
    workshop_instant(${absence.to}::date + 1, '00:00', ${site.timeZone}), '[)')`;
}

/** The absent resource's active holds during the absence, with their appointments, in time order. */
async function holdsDuring(tx: Executor, absence: StoredAbsence): Promise<Array<AbsenceAppointment & { holdId: string }>> {
  return tx
    .select({
      holdId: appointmentResources.id,
      id: appointments.id,
      name: appointments.name,
      date: appointments.date,
      time: appointments.time,
      service: appointments.service,
      durationMinutes: appointments.durationMinutes,
      status: appointments.status,
    })
    .from(appointmentResources)
    .innerJoin(appointments, eq(appointments.id, appointmentResources.appointmentId))
    .where(
      and(
        eq(appointmentResources.resourceId, absence.resourceId),
        eq(appointmentResources.active, true),
        sql`tstzrange(${appointmentResources.startsAt}, ${appointmentResources.endsAt}, '[)') && ${absenceRange(absence)}`,
      ),
    )
    .orderBy(asc(appointmentResources.startsAt));
}

/**
 * Gives hold `holdId` (same time) to a free resource of `kind`, if there is one, chosen as a booking
 * chooses (free_resource). The absent resource is not free: its new absence counts.
 * Returns the resource now held, or null with nothing changed.
 */
async function moveHold(
  tx: Executor,
  { holdId, kind, date }: { holdId: string; kind: Resource["kind"]; date: CalendarDate },
): Promise<Pick<Resource, "id" | "name"> | null> {
  // free_resource (drizzle/0022_…): the choice of a booking. The absent one is not free: its new absence counts.
  const rows = await tx.execute(sql`
    with candidate as (
      select r.id, r.name from appointment_resources hold
      join resources r on r.id = free_resource(${kind}, hold.starts_at, hold.ends_at, ${date}::date, ${site.timeZone}, hold.appointment_id)
      where hold.id = ${holdId}::uuid
    )
    update appointment_resources moved set resource_id = candidate.id
    from candidate
    where moved.id = ${holdId}::uuid
    returning candidate.id, candidate.name`);
  return resultRows<Pick<Resource, "id" | "name">>(rows)[0] ?? null;
}

/**
 * Removes an absence of `resourceId`; the appointments stay as they are (one moved away stays
 * moved), the resource can be given new ones at once. `notFound` for an unknown resource,
 * `absenceNotFound` for an absence that is not (or no longer) one of its.
 */
export async function deleteAbsence(
  db: Database,
  { actor, resourceId, absenceId, now }: { actor: AdminIdentity; resourceId: string; absenceId: string; now: Date },
): Promise<AbsenceResult<StoredAbsence & { resource: Resource }>> {
  if (actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx) => {
    const resource = await findResource(tx, resourceId);
    if (!resource) return fail("notFound");
    const [row] = await tx
      .delete(resourceAbsences)
      .where(and(eq(resourceAbsences.id, absenceId), eq(resourceAbsences.resourceId, resourceId)))
      .returning(columns);
    if (!row) return fail("absenceNotFound");
    const absence = stored(row);
    await recordAudit(tx, {
      actor,
      action: "absence.delete",
      subject: `resource:${resourceId}`,
      reason: `${resource.name}: ${describe(absence)}`,
      now,
    });
    return ok({ ...absence, resource });
  });
}

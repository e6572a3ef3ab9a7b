import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { appointmentResources, appointments, resources } from "~/db/schema";
import { readBooleanSetting, writeSetting } from "~/db/settings.server";
import { slotOccupyingStatuses } from "~/domain/appointment";
import type { ResourceErrorCode } from "~/domain/error-codes";
import { initialResources, type Resource, resourceKinds, resourceRows } from "~/domain/resources";
import { fail, ok, type Result } from "~/domain/result";
import { visitFactsOf } from "~/domain/workshop";
import { resourceMessages } from "~/messages";
import type { ResourceChange, ResourceInput } from "~/schemas/resource";
import { placeAll } from "./placement.server";
import { readWorkshopFacts } from "./workshop-facts.server";

/**
 * The workshop's lifts, §57a inspection places, mechanics and courtesy cars (issue 27, decision 038):
 * any admin reads them, only the owner changes them. Which appointment holds which resource is
 * app/services/placement.server.ts's; a resource with holds is only ever deactivated, never deleted.
 */

export type ResourceResult<T> = Result<T, ResourceErrorCode>;

const ownerOnly = fail("ownerOnly");

const columns = { id: resources.id, name: resources.name, kind: resources.kind, active: resources.active };

const byName = new Intl.Collator("de-AT", { numeric: true });

/** Every resource, grouped by kind (lifts, inspection places, mechanics, courtesy cars), by name within ("Hebebühne 2" before "Hebebühne 10"). */
export async function listResources(db: Executor): Promise<Resource[]> {
  const rows = await db.select(columns).from(resources).orderBy(asc(resources.createdAt));
  return rows.sort((a, b) => resourceKinds.indexOf(a.kind) - resourceKinds.indexOf(b.kind) || byName.compare(a.name, b.name));
}

export async function addResource(
  db: Database,
  { actor, resource, now }: { actor: AdminIdentity; resource: ResourceInput; now: Date },
): Promise<ResourceResult<Resource>> {
  if (actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(resources).values({ name: resource.name, kind: resource.kind, createdAt: now }).returning(columns);
    await recordAudit(tx, { actor, action: "resource.create", subject: `resource:${row!.id}`, reason: `${row!.kind}: ${row!.name}`, now });
    return ok(row!);
  });
}

/** A new name, active or not: each change its own audit entry (`resource.rename`, `resource.activate`, `resource.deactivate`). */
export async function changeResource(
  db: Database,
  { actor, id, change, now }: { actor: AdminIdentity; id: string; change: ResourceChange; now: Date },
): Promise<ResourceResult<Resource>> {
  if (actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(resources).where(eq(resources.id, id)).for("update");
    if (!before) return fail("notFound");
    const [after] = await tx
      .update(resources)
      .set({ name: change.name ?? before.name, active: change.active ?? before.active })
      .where(eq(resources.id, id))
      .returning(columns);
    const subject = `resource:${id}`;
    if (after!.name !== before.name) {
      await recordAudit(tx, { actor, action: "resource.rename", subject, reason: `${before.name} → ${after!.name}`, now });
    }
    if (after!.active !== before.active) {
      await recordAudit(tx, {
        actor,
        action: after!.active ? "resource.activate" : "resource.deactivate",
        subject,
        reason: after!.name,
        now,
      });
    }
    return ok(after!);
  });
}

/**
 * Deletes a resource no appointment ever held; one that was held (its holds name it, active or
 * ended) is deactivated instead, so the history keeps it: `{deleted: false, resource}`. The row's
 * lock makes a hold inserted meanwhile wait (its foreign key) and then fail, never lose its resource.
 */
export async function deleteResource(
  db: Database,
  { actor, id, now }: { actor: AdminIdentity; id: string; now: Date },
): Promise<ResourceResult<{ deleted: true; resource: Resource } | { deleted: false; resource: Resource }>> {
  if (actor.role !== "owner") return ownerOnly;
  return db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(resources).where(eq(resources.id, id)).for("update");
    if (!row) return fail("notFound");
    const [holds] = await tx.select({ count: count() }).from(appointmentResources).where(eq(appointmentResources.resourceId, id));
    const subject = `resource:${id}`;
    if ((holds?.count ?? 0) > 0) {
      const [after] = await tx.update(resources).set({ active: false }).where(eq(resources.id, id)).returning(columns);
      if (row.active) await recordAudit(tx, { actor, action: "resource.deactivate", subject, reason: row.name, now });
      return ok({ deleted: false as const, resource: after! });
    }
    await tx.delete(resources).where(eq(resources.id, id));
    await recordAudit(tx, { actor, action: "resource.delete", subject, reason: `${row.kind}: ${row.name}`, now });
    return ok({ deleted: true as const, resource: row });
  });
}

/** Settings key: the first start entered the workshop's resources; deleted ones stay deleted. */
const DEFAULTS_ENTERED = "resourceDefaultsEntered";

/**
 * At start, once per database (decision 038): when there are no resources yet, a database without
 * appointments gets a new workshop's set (three lifts, one inspection place, three mechanics, one
 * courtesy car), one with appointments what its `slotCapacity` (SLOT_CAPACITY, 1 when unset) meant:
 * as many lifts and mechanics, one inspection place, no courtesy car, and every active appointment
 * is placed on them (decision 039). Under a lock, so instances starting together enter them once.
 * Returns how many it entered (0 when done before) and the appointments nothing was free for.
 */
export async function enterDefaultResources(
  db: Database,
  { slotCapacity, now }: { slotCapacity: number; now: Date },
): Promise<{ entered: number; unplaced: UnplacedAppointment[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(31006, 0)`);
    if (await readBooleanSetting(tx, DEFAULTS_ENTERED)) return { entered: 0, unplaced: [] };
    const [existing] = await tx.select({ count: count() }).from(resources);
    let entered = 0;
    let unplaced: UnplacedAppointment[] = [];
    if ((existing?.count ?? 0) === 0) {
      const [appointment] = await tx.select({ id: appointments.id }).from(appointments).limit(1);
      const set = initialResources({ hasAppointments: appointment !== undefined, slotCapacity });
      const rows = resourceRows(set, resourceMessages.seedName);
      if (rows.length > 0) await tx.insert(resources).values(rows.map((row) => ({ ...row, createdAt: now })));
      entered = rows.length;
      await recordAudit(tx, { actor: null, action: "resource.seed", subject: "resources", reason: describeSet(set), now });
      unplaced = await placeActiveAppointments(tx);
    }
    await writeSetting(tx, DEFAULTS_ENTERED, true, now);
    return { entered, unplaced };
  });
}

/** An appointment the first start could not place: its id, day and time (no customer data, for the log). */
export type UnplacedAppointment = { id: string; date: string; time: string };

/**
 * Every active appointment that holds nothing yet, placed: confirmed ones first, then by time; what
 * each needs by the workshop's facts as the transaction reads them (issue 29).
 */
async function placeActiveAppointments(tx: Executor): Promise<UnplacedAppointment[]> {
  const active = await tx
    .select({
      id: appointments.id,
      date: appointments.date,
      time: appointments.time,
      service: appointments.service,
      additionalServices: appointments.additionalServices,
      durationMinutes: appointments.durationMinutes,
      courtesyCar: appointments.courtesyCar,
      status: appointments.status,
    })
    .from(appointments)
    .where(inArray(appointments.status, [...slotOccupyingStatuses]));
  const unplaced = new Set(
    (
      await placeAll(
        tx,
        active.map((appointment) => ({ ...appointment, confirmed: appointment.status === "bestätigt" })),
        visitFactsOf((await readWorkshopFacts(tx)).facts),
      )
    ).map((entry) => entry.id),
  );
  return active.filter((appointment) => unplaced.has(appointment.id)).map(({ id, date, time }) => ({ id, date, time }));
}

function describeSet(set: Record<string, number>): string {
  return Object.entries(set)
    .map(([kind, number]) => `${kind}: ${number}`)
    .join(", ");
}

import { and, asc, desc, gte, inArray, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { type Env, env } from "~/config/env.server";
import type { Weekday } from "~/config/site";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { appointments, workshopChanges, workshopHours, workshopServices, workshopSettings } from "~/db/schema";
import { accessRefusal, sensitiveRefusal } from "~/domain/access";
import { slotOccupyingStatuses } from "~/domain/appointment";
import { weekday, zonedParts } from "~/domain/calendar-date";
import { withinHours } from "~/domain/opening-hours";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import {
  type BookingRules,
  defaultWorkshopFacts,
  type EmailSection,
  type FactChange,
  factChanges,
  type ImprintSection,
  serviceIdOf,
  type WeekHours,
  type WorkshopFacts,
  type WorkshopSection,
  type WorkshopService,
  workshopWords,
} from "~/domain/workshop";
import { workshopMessages } from "~/messages";
import type { WorkshopChange } from "~/schemas/workshop";
import { type AffectedAppointment, affectedColumns } from "./closures.server";

/**
 * The workshop's facts (issue 29, decision 042): the one module through which the pages, the
 * booking, the e-mails and the board read them. Kept in the database (migration 0025), changed
 * on 'Einstellungen'; a database that was never changed has app/config/site.ts's facts.
 *
 * Each process keeps them in memory and asks the database at most every `REVALIDATE_MS` whether
 * `workshop_settings.version` moved on (one primary-key read): another app instance on the same
 * PostgreSQL sees a change within that time; this process at once (its own change drops its copy).
 */

/** How old the in-memory facts may get before the version is asked again; a change shows everywhere within this (plus one query). */
export const REVALIDATE_MS = 2_000;

/** The timezone every rule runs in. */
const TIME_ZONE = "Europe/Vienna";

type Cached = { facts: WorkshopFacts; version: number; checkedAt: number; pending?: Promise<{ facts: WorkshopFacts; version: number }> };
const cache = new WeakMap<object, Cached>();

async function storedVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: workshopSettings.version }).from(workshopSettings);
  return row?.version ?? 0;
}

/** The facts as stored, with their version (0: never changed, the defaults). Uncached. */
export async function readWorkshopFacts(db: Executor): Promise<{ facts: WorkshopFacts; version: number }> {
  const [row] = await db.select().from(workshopSettings);
  if (!row) return { facts: defaultWorkshopFacts(), version: 0 };
  const [hourRows, serviceRows] = await Promise.all([
    db.select().from(workshopHours).orderBy(asc(workshopHours.weekday)),
    db.select().from(workshopServices).orderBy(asc(workshopServices.position)),
  ]);
  const hours = Object.fromEntries(
    Array.from({ length: 7 }, (_, day) => {
      const stored = hourRows.find((hoursRow) => hoursRow.weekday === day);
      return [
        day,
        stored?.opens && stored.closes
          ? { open: stored.opens, close: stored.closes, breakFrom: stored.breakFrom, breakTo: stored.breakTo }
          : null,
      ];
    }),
  ) as WeekHours;
  const services: WorkshopService[] = serviceRows.map((service) => ({
    id: service.id,
    name: service.name,
    description: service.description,
    durationSteps: service.durationSteps,
    combinedSteps: service.combinedSteps,
    bookable: service.bookable,
    needs: service.needs as WorkshopService["needs"],
    priceFrom: service.priceFromCents === null ? null : service.priceFromCents / 100,
    retired: service.retired,
  }));
  return {
    facts: {
      workshop: row.workshop as WorkshopSection,
      imprint: row.imprint as ImprintSection,
      hours,
      services,
      bookingRules: row.bookingRules as BookingRules,
      email: row.email as EmailSection,
    },
    version: row.version,
  };
}

/**
 * The current facts, from this process's memory; at most every `REVALIDATE_MS` one read of the
 * version decides whether they are read again. Concurrent callers share one read.
 */
export async function workshopFacts(db: Database, now = Date.now()): Promise<WorkshopFacts> {
  return (await workshopFactsVersioned(db, now)).facts;
}

/**
 * `workshopFacts` with the version they were read at: the public pages' cache (server/page-cache.ts)
 * keeps a rendered page per version. The same facts object while the version stays.
 */
export async function workshopFactsVersioned(db: Database, now = Date.now()): Promise<{ facts: WorkshopFacts; version: number }> {
  const cached = cache.get(db);
  if (cached && now - cached.checkedAt < REVALIDATE_MS) return cached;
  if (cached?.pending) return cached.pending;
  const pending = (async () => {
    const version = await storedVersion(db);
    if (cached && version === cached.version) {
      cached.checkedAt = Date.now();
      return cached;
    }
    const fresh = await readWorkshopFacts(db);
    const entry = { facts: fresh.facts, version: fresh.version, checkedAt: Date.now() };
    cache.set(db, entry);
    return entry;
  })();
  if (cached) cached.pending = pending;
  try {
    return await pending;
  } finally {
    if (cached) cached.pending = undefined;
  }
}

/** The workshop's own words a new password must not rest on, as stored now (read at the rare moment a password is set). */
export async function passwordWorkshopWords(db: Executor): Promise<string[]> {
  return workshopWords((await readWorkshopFacts(db)).facts);
}

/** Drops this process's copy: the next read asks the database (after a change here, or a test's emptied database). */
export function forgetWorkshopFacts(db: object): void {
  cache.delete(db);
}

/** A fact an environment variable sets (it wins over the database's value): the field, the variable, its value. */
export type EnvLock = { variable: string; value: unknown };

/** The display name of a From header ("Happy Car <termine@…>" → "Happy Car"); the address when it has none. */
function displayName(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(from);
  return match?.[1] ? match[1] : from.trim();
}

/** The variables that set a fact where they are set (issue 29: they still win over 'Einstellungen'). */
export type FactsEnv = Pick<Env, "SELF_CANCEL_CUTOFF_HOURS" | "REMINDER_HOURS_BEFORE" | "WORKSHOP_EMAIL" | "MAIL_FROM">;

/**
 * The facts the environment sets where the variables are set (issue 29: they still win): the field
 * as `section.key`, the variable and its value.
 */
export function environmentLocks(config: FactsEnv): Record<string, EnvLock> {
  const locks: Record<string, EnvLock> = {};
  if (config.SELF_CANCEL_CUTOFF_HOURS !== undefined)
    locks["bookingRules.cancelCutoffHours"] = { variable: "SELF_CANCEL_CUTOFF_HOURS", value: config.SELF_CANCEL_CUTOFF_HOURS };
  if (config.REMINDER_HOURS_BEFORE !== undefined)
    locks["bookingRules.reminderHours"] = { variable: "REMINDER_HOURS_BEFORE", value: config.REMINDER_HOURS_BEFORE };
  if (config.WORKSHOP_EMAIL !== undefined) locks["email.noticeAddress"] = { variable: "WORKSHOP_EMAIL", value: config.WORKSHOP_EMAIL };
  if (config.MAIL_FROM !== undefined) locks["email.senderName"] = { variable: "MAIL_FROM", value: displayName(config.MAIL_FROM) };
  return locks;
}

/** `facts` with the environment's values where it sets them: what the site, the e-mails and the jobs use. */
export function withEnvironment(facts: WorkshopFacts, locks: Record<string, EnvLock>): WorkshopFacts {
  const result = structuredClone(facts) as WorkshopFacts & Record<string, Record<string, unknown>>;
  for (const [field, lock] of Object.entries(locks)) {
    const [section, key] = field.split(".") as [string, string];
    result[section]![key] = lock.value;
  }
  return result;
}

/** The facts in force per cached facts object, for the configuration they were derived with. */
const inForce = new WeakMap<WorkshopFacts, { config: FactsEnv; facts: WorkshopFacts }>();

/**
 * The facts as they apply: `facts` with the environment's values where its variables are set (env ??
 * facts, never env ?? app/config/site.ts). The same object for the same facts and configuration, so
 * what is derived from it can be kept per version as well.
 */
export function factsInForce(facts: WorkshopFacts, config: FactsEnv = env()): WorkshopFacts {
  const kept = inForce.get(facts);
  if (kept?.config === config) return kept.facts;
  const locks = environmentLocks(config);
  const applied = Object.keys(locks).length === 0 ? facts : withEnvironment(facts, locks);
  inForce.set(facts, { config, facts: applied });
  return applied;
}

/**
 * The current facts as they apply (`workshopFacts`, then `factsInForce`): what the rules read at the
 * moment of use (the reminder job on each run, the personal page, the contact form's address).
 */
export async function workshopFactsInForce(db: Database, config: FactsEnv = env()): Promise<WorkshopFacts> {
  return factsInForce(await workshopFacts(db), config);
}

/**
 * The active appointments from today on that lie outside `hours` (a closed weekday, before
 * opening, after closing, in the break): never dropped, listed for the owner to move or cancel,
 * as a closure lists those it covers.
 */
export async function appointmentsOutsideHours(db: Executor, hours: WeekHours, now: Date): Promise<AffectedAppointment[]> {
  const today = zonedParts(now, TIME_ZONE).date;
  const rows = await db
    .select(affectedColumns)
    .from(appointments)
    .where(and(gte(appointments.date, today), inArray(appointments.status, [...slotOccupyingStatuses])))
    .orderBy(asc(appointments.date), asc(appointments.time), asc(appointments.createdAt));
  return rows.filter((row) => !withinHours(hours[weekday(row.date) as Weekday], row.time, row.durationMinutes));
}

/** What 'Einstellungen' and GET /api/v1/admin/workshop show. */
export type WorkshopSettingsView = {
  facts: WorkshopFacts;
  version: number;
  /** Fields an environment variable sets: shown read-only with its value. */
  envLocked: Record<string, EnvLock>;
  outsideHours: AffectedAppointment[];
};

export async function workshopSettingsView(db: Database, config: FactsEnv, now: Date): Promise<WorkshopSettingsView> {
  const { facts, version } = await readWorkshopFacts(db);
  const envLocked = environmentLocks(config);
  return {
    facts: withEnvironment(facts, envLocked),
    version,
    envLocked,
    outsideHours: await appointmentsOutsideHours(db, facts.hours, now),
  };
}

/** A refused change: `invalid` with the German message per field, `envLocked` naming the field and its variable. */
export type WorkshopRefusal =
  | Failure<"ownerOnly">
  | Failure<"stepUpRequired">
  | (Failure<"invalid"> & { fields: Record<string, string> })
  | (Failure<"envLocked"> & { fields: Record<string, string>; variable: string });

export type WorkshopSaved = {
  facts: WorkshopFacts;
  version: number;
  changes: FactChange[];
  /** Appointments from today on outside the (new) opening hours; they stay as they are. */
  outsideHours: AffectedAppointment[];
};

/** The services as sent, with the stored ones' ids kept and new ones given an id from their name. */
function mergeServices(
  current: ReadonlyArray<WorkshopService>,
  sent: NonNullable<WorkshopChange["services"]>,
): Ok<WorkshopService[]> | (Failure<"invalid"> & { fields: Record<string, string> }) {
  const fields: Record<string, string> = {};
  const taken = current.map((service) => service.id);
  const merged = sent.map((service, index) => {
    let id = service.id;
    if (id === undefined || id === "") {
      id = serviceIdOf(service.name, taken);
      taken.push(id);
    } else if (!current.some((stored) => stored.id === id)) fields[`services.${index}.id`] = workshopMessages.serviceUnknown;
    return { ...service, id };
  });
  for (const stored of current) {
    if (!merged.some((service) => service.id === stored.id)) fields.services ??= workshopMessages.serviceMissing(stored.name);
  }
  if (Object.keys(fields).length > 0) return fail("invalid", { fields });
  return ok(merged);
}

/** Serialises changes of the facts across instances (each reads, compares and writes the whole). */
const FACTS_LOCK = sql`select pg_advisory_xact_lock(31025, 0)`;

/**
 * 'Speichern' on 'Einstellungen', PUT /api/v1/admin/workshop: the owner replaces one or more
 * sections. A field an environment variable sets may only be sent with that value. In one
 * transaction: the new facts, the version counted up, one history row per changed field and an
 * audit entry. Appointments are never touched: those now outside the hours are answered.
 */
export async function changeWorkshopFacts(
  db: Database,
  input: { admin: AdminIdentity; mustEnrol?: boolean; change: WorkshopChange; config: FactsEnv; now: Date },
): Promise<Ok<WorkshopSaved> | WorkshopRefusal> {
  if (accessRefusal("owner", { role: input.admin.role, mustEnrol: input.mustEnrol ?? false })) return fail("ownerOnly");
  // The workshop's facts are a sensitive owner action (issue 31): the password or a code within 10 minutes.
  const refusal = sensitiveRefusal(input.admin, input.now);
  if (refusal) return fail(refusal);
  const locks = environmentLocks(input.config);
  for (const [field, lock] of Object.entries(locks)) {
    const [section, key] = field.split(".") as [keyof WorkshopChange, string];
    const sent = (input.change[section] as Record<string, unknown> | undefined)?.[key];
    if (sent !== undefined && sent !== lock.value)
      return fail("envLocked", { variable: lock.variable, fields: { [field]: workshopMessages.envLockedField(lock.variable) } });
  }
  const saved = await db.transaction(async (tx): Promise<Ok<WorkshopSaved> | WorkshopRefusal> => {
    await tx.execute(FACTS_LOCK);
    const current = await readWorkshopFacts(tx);
    let services = current.facts.services;
    if (input.change.services) {
      const merged = mergeServices(current.facts.services, input.change.services);
      if (!merged.ok) return merged;
      services = merged.value;
    }
    const next: WorkshopFacts = {
      workshop: input.change.workshop ?? current.facts.workshop,
      imprint: input.change.imprint ?? current.facts.imprint,
      hours: (input.change.hours as WeekHours | undefined) ?? current.facts.hours,
      services,
      bookingRules: input.change.bookingRules ?? current.facts.bookingRules,
      email: input.change.email ?? current.facts.email,
    };
    const changes = factChanges(current.facts, next);
    if (changes.length === 0) {
      return ok({ ...current, changes, outsideHours: await appointmentsOutsideHours(tx, current.facts.hours, input.now) });
    }
    const version = current.version + 1;
    const sections = { workshop: next.workshop, imprint: next.imprint, bookingRules: next.bookingRules, email: next.email };
    await tx
      .insert(workshopSettings)
      .values({ id: 1, ...sections, version, updatedAt: input.now })
      .onConflictDoUpdate({ target: workshopSettings.id, set: { ...sections, version, updatedAt: input.now } });
    await tx.delete(workshopHours);
    await tx.insert(workshopHours).values(
      Array.from({ length: 7 }, (_, day) => {
        const hours = next.hours[day as Weekday];
        return {
          weekday: day,
          opens: hours?.open ?? null,
          closes: hours?.close ?? null,
          breakFrom: hours?.breakFrom ?? null,
          breakTo: hours?.breakTo ?? null,
        };
      }),
    );
    // Names are unique: moved out of the way first, so two services may swap theirs.
    await tx.update(workshopServices).set({ name: sql`'~' || ${workshopServices.id}` });
    for (const [position, service] of next.services.entries()) {
      const row = {
        position,
        name: service.name,
        description: service.description,
        durationSteps: service.durationSteps,
        combinedSteps: service.combinedSteps,
        bookable: service.bookable,
        needs: [...service.needs],
        priceFromCents: service.priceFrom === null ? null : Math.round(service.priceFrom * 100),
        retired: service.retired,
      };
      await tx
        .insert(workshopServices)
        .values({ id: service.id, ...row })
        .onConflictDoUpdate({ target: workshopServices.id, set: row });
    }
    const actor = { adminUserId: input.admin.id, actor: input.admin.email, changedAt: input.now };
    await tx
      .insert(workshopChanges)
      .values(changes.map((change) => ({ ...actor, field: change.field, oldValue: change.oldValue, newValue: change.newValue })));
    await recordAudit(tx, {
      actor: input.admin,
      action: "workshop.update",
      subject: "workshop",
      reason: changes.map((change) => change.field).join(", "),
      now: input.now,
    });
    return ok({ facts: next, version, changes, outsideHours: await appointmentsOutsideHours(tx, next.hours, input.now) });
  });
  forgetWorkshopFacts(db);
  if (!saved.ok) return saved;
  return ok({ ...saved.value, facts: withEnvironment(saved.value.facts, locks) });
}

/** One entry of the history: who, when, which field, old and new value. */
export type WorkshopHistoryEntry = { id: number; changedAt: string; actor: string; field: string; oldValue: unknown; newValue: unknown };

/** The changes of the facts, the newest first (GET /api/v1/admin/workshop/history, 'Einstellungen'). */
export async function workshopHistory(db: Executor, limit = 200): Promise<WorkshopHistoryEntry[]> {
  const rows = await db.select().from(workshopChanges).orderBy(desc(workshopChanges.changedAt), desc(workshopChanges.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    changedAt: row.changedAt.toISOString(),
    actor: row.actor,
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
  }));
}

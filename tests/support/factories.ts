import { and, eq } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import { type AdminIdentity, createSession, sessionCookieName } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import { adminUsers, appointmentResources, appointments, resources } from "~/db/schema";
import { addDays, weekday, zonedParts } from "~/domain/calendar-date";
import { austrianHolidayName } from "~/domain/holidays";
import { resourceRows, type ResourceSet } from "~/domain/resources";
import { daySchedule } from "~/domain/slots";
import type { WorkshopFacts } from "~/domain/workshop";
import { resourceMessages } from "~/messages";
import type { WorkshopChange } from "~/schemas/workshop";
import { staffRules } from "~/services/appointment-moves.server";
import { changeWorkshopFacts, readWorkshopFacts } from "~/services/workshop-facts.server";
import { siteSlotRules } from "./slot-rules";

/**
 * Shared test data (like epic-stack's tests/db-utils.ts): one valid record
 * each, with the fields a test cares about given as overrides.
 */

export type AppointmentInput = typeof appointments.$inferInsert;

/** A valid appointment row (status beantragt unless overridden). */
export function appointmentInput(overrides: Partial<AppointmentInput> = {}): AppointmentInput {
  return {
    name: "Anna Muster",
    email: "anna@example.at",
    phone: "0660 1234567",
    date: "2026-12-01",
    time: "08:00",
    service: "Wartung",
    message: null,
    ...overrides,
  };
}

/** Inserts one appointment (appointmentInput with `overrides`) and returns the stored row. */
export async function insertAppointment(db: Database, overrides: Partial<AppointmentInput> = {}) {
  const [row] = await db.insert(appointments).values(appointmentInput(overrides)).returning();
  return row!;
}

export const DEFAULT_ADMIN_PASSWORD = "Werkstatt-Passwort-2026";
/**
 * hashPassword(DEFAULT_ADMIN_PASSWORD) at the tests' cost (PASSWORD_HASH_COST=10 in
 * vitest.config.ts, decision 030), computed once and written down: most files
 * create accounts with it. tests/integration/auth.test.ts checks that it verifies
 * and carries the parameters hashPassword uses in the tests.
 */
export const DEFAULT_ADMIN_PASSWORD_HASH = "scrypt$1024$8$1$pJQZpXHyccikt6poiXWCTw==$9jmgljanqAUu9KJPTMa0q5jS45GbjrXnrF/VU2+5Aoo=";

/** Any other password's hash is computed once per process. */
const hashes = new Map<string, Promise<string>>([[DEFAULT_ADMIN_PASSWORD, Promise.resolve(DEFAULT_ADMIN_PASSWORD_HASH)]]);
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** An admin account; `password` is hashed (once per password and process), or give `passwordHash` directly. */
export async function createAdminAccount(
  db: Database,
  { password = DEFAULT_ADMIN_PASSWORD, ...overrides }: Partial<typeof adminUsers.$inferInsert> & { password?: string } = {},
) {
  const [row] = await db
    .insert(adminUsers)
    .values({
      email: "chef@happycar.example",
      displayName: "Chef",
      passwordHash: overrides.passwordHash ?? (await cachedHash(password)),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * An admin account (createAdminAccount) as the guards pass it to the services, from a session whose
 * password was checked at `verifiedAt` (default: now), so sensitive actions are open for 10 minutes.
 */
export async function createAdminIdentity(
  db: Database,
  { verifiedAt = new Date(), ...overrides }: Parameters<typeof createAdminAccount>[1] & { verifiedAt?: Date } = {},
): Promise<AdminIdentity> {
  const { id, email, displayName, role } = await createAdminAccount(db, overrides);
  return { id, email, displayName, role, verifiedAt };
}

/** The Cookie header of a new full session of the account, as the browser sends it back. */
export async function sessionCookieOf(db: Database, adminId: string, now = new Date()): Promise<string> {
  return `${sessionCookieName()}=${await createSession(db, adminId, now)}`;
}

/** An owner and a staff account, each with the Cookie header of a full session. */
export async function ownerAndStaffSessions(db: Database) {
  const owner = await createAdminIdentity(db, { email: "owner@happycar.example", displayName: "Chefin", role: "owner" });
  const staff = await createAdminIdentity(db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
  const cookies = new Map([
    [owner.id, await sessionCookieOf(db, owner.id)],
    [staff.id, await sessionCookieOf(db, staff.id)],
  ]);
  return { owner, staff, cookieOf: (admin: AdminIdentity) => cookies.get(admin.id) };
}

/**
 * Replaces the test workshop (tests/support/databases.ts: one lift, the inspection place, one mechanic)
 * by `set` (kinds not given keep those counts; courtesy cars 0), before any appointment holds one.
 * Returns the resources in the order of `resourceKinds`, named as the first start names them.
 */
export async function setWorkshop(db: Database, set: Partial<ResourceSet>) {
  const counts: ResourceSet = { lift: 1, inspection: 1, mechanic: 1, courtesy_car: 0, ...set };
  await db.delete(resources);
  const rows = resourceRows(counts, resourceMessages.seedName);
  if (rows.length === 0) return [];
  return db
    .insert(resources)
    .values(rows.map((row, index) => ({ ...row, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) })))
    .returning();
}

/** The names of the resources an appointment holds now (its active holds), sorted. */
export async function heldResourceNames(db: Database, appointmentId: string): Promise<string[]> {
  const rows = await db
    .select({ name: resources.name })
    .from(appointmentResources)
    .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
    .where(and(eq(appointmentResources.appointmentId, appointmentId), eq(appointmentResources.active, true)));
  return rows.map((row) => row.name).sort();
}

/** The first open weekday at least `days` after today (real clock), for the tests of paths that use their own now. */
export function openDayFromToday(days: number): string {
  const now = new Date();
  let date = addDays(zonedParts(now, "Europe/Vienna").date, days);
  while (!daySchedule(date, now, staffRules(siteSlotRules)).open) date = addDays(date, 1);
  return date;
}

/** The first Monday-to-Friday from `days` ahead (Vienna, real clock) that is no holiday: for the paths that read the real clock. */
export function weekdayAhead(days: number): string {
  let date = addDays(zonedParts(new Date(), "Europe/Vienna").date, days);
  while (weekday(date) === 0 || weekday(date) === 6 || austrianHolidayName(date)) date = addDays(date, 1);
  return date;
}

let factsOwners = 0;

/**
 * The owner saves `change` on 'Einstellungen' (issue 29), built from the facts as stored; the
 * environment sets nothing. The process's cached facts follow at once.
 */
export async function changeFacts(db: Database, change: (facts: WorkshopFacts) => WorkshopChange): Promise<void> {
  factsOwners += 1;
  const owner = await createAdminIdentity(db, { email: `facts-owner-${factsOwners}@happycar.example`, role: "owner" });
  const { facts } = await readWorkshopFacts(db);
  const saved = await changeWorkshopFacts(db, { admin: owner, change: change(facts), config: {}, now: new Date() });
  if (!saved.ok) throw new Error(`the facts were not saved: ${JSON.stringify(saved)}`);
}

import { adminUsers, appointments } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { hashPassword } from "~/auth/password.server";

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

/** Hashing is deliberately slow (scrypt): a password's hash is computed once per process. */
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export const DEFAULT_ADMIN_PASSWORD = "Werkstatt-Passwort-2026";

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

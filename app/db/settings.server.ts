import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "./audit.server";
import type { Database, Executor } from "./client.server";
import { settings } from "./schema";

/** Settings key: when true, every account must log in with a second factor. */
export const REQUIRE_SECOND_FACTOR = "requireSecondFactor";

/** Settings key: when true (the default, until the owner switches it off), 'Abholbereit' e-mails the customer (issue 16). */
export const READY_EMAIL = "readyEmail";

/** The stored switch, or `fallback` while it was never set. */
export async function readBooleanSetting(db: Executor, key: string, fallback = false): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return typeof row?.value === "boolean" ? row.value : fallback;
}

export async function writeSetting(db: Executor, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

/** On until the owner switches it off: the customer learns that the car can be fetched. */
export function readyEmailEnabled(db: Executor): Promise<boolean> {
  return readBooleanSetting(db, READY_EMAIL, true);
}

/** Writes a switch of the board with its audit entry (`action`, in words `reason`) in one transaction. */
export async function writeSettingWithAudit(
  db: Database,
  input: { actor: AuditActor; key: string; value: boolean; action: string; reason: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await writeSetting(tx, input.key, input.value, input.now);
    await recordAudit(tx, { actor: input.actor, action: input.action, subject: "settings", reason: input.reason, now: input.now });
  });
}

import { eq } from "drizzle-orm";
import type { Executor } from "./client.server";
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

import { eq } from "drizzle-orm";
import type { Executor } from "./client.server";
import { settings } from "./schema";

/** Settings key: when true, every account must log in with a second factor. */
export const REQUIRE_SECOND_FACTOR = "requireSecondFactor";

export async function readBooleanSetting(db: Executor, key: string): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value === true;
}

export async function writeSetting(db: Executor, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

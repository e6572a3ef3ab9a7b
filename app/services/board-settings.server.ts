import type { AdminIdentity } from "~/auth/session.server";
import { recordAccountAction } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { READY_EMAIL, readBooleanSetting, writeSetting } from "~/db/settings.server";
import type { SettingsErrorCode } from "~/domain/error-codes";

/** The workshop's switches on the board that only an owner changes (issue 16: the 'Abholbereit' e-mail). */
export type BoardSettings = { readyEmail: boolean };

export type SettingsResult = { ok: true; value: BoardSettings } | { ok: false; code: SettingsErrorCode };

/** On until the owner switches it off: the customer learns that the car can be fetched. */
export function readyEmailEnabled(db: Executor): Promise<boolean> {
  return readBooleanSetting(db, READY_EMAIL, true);
}

export async function readBoardSettings(db: Executor): Promise<BoardSettings> {
  return { readyEmail: await readyEmailEnabled(db) };
}

/**
 * Writes an owner's switch with its audit entry (`action`, in words `reason`)
 * in one transaction; false, and nothing written, for anyone but an owner.
 */
export async function writeOwnerSetting(
  db: Database,
  input: { admin: AdminIdentity; key: string; value: boolean; action: string; reason: string; now: Date },
): Promise<boolean> {
  if (input.admin.role !== "owner") return false;
  await db.transaction(async (tx) => {
    await writeSetting(tx, input.key, input.value, input.now);
    await recordAccountAction(tx, { actor: input.admin, action: input.action, subject: "settings", reason: input.reason, now: input.now });
  });
  return true;
}

/** Owner only; the change is in the audit log (`settings.ready-email`). */
export async function setReadyEmail(
  db: Database,
  input: { admin: AdminIdentity; readyEmail: boolean; now?: Date },
): Promise<SettingsResult> {
  const written = await writeOwnerSetting(db, {
    admin: input.admin,
    key: READY_EMAIL,
    value: input.readyEmail,
    action: "settings.ready-email",
    reason: input.readyEmail ? "eingeschaltet" : "ausgeschaltet",
    now: input.now ?? new Date(),
  });
  return written ? { ok: true, value: { readyEmail: input.readyEmail } } : { ok: false, code: "ownerOnly" };
}

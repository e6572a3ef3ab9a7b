import type { AdminIdentity } from "~/auth/session.server";
import type { Database, Executor } from "~/db/client.server";
import { READY_EMAIL, readyEmailEnabled, writeSettingWithAudit } from "~/db/settings.server";
import { sensitiveRefusal } from "~/domain/access";
import type { SettingsErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";

/** The workshop's switches on the board that only an owner changes (issue 16: the 'Abholbereit' e-mail). */
export type BoardSettings = { readyEmail: boolean };

export async function readBoardSettings(db: Executor): Promise<BoardSettings> {
  return { readyEmail: await readyEmailEnabled(db) };
}

/** Owner only; the change is in the audit log (`settings.ready-email`). */
export async function setReadyEmail(
  db: Database,
  input: { admin: AdminIdentity; readyEmail: boolean; now?: Date },
): Promise<Result<BoardSettings, SettingsErrorCode>> {
  const now = input.now ?? new Date();
  const refusal = sensitiveRefusal(input.admin, now);
  if (refusal) return fail(refusal);
  await writeSettingWithAudit(db, {
    actor: input.admin,
    key: READY_EMAIL,
    value: input.readyEmail,
    action: "settings.ready-email",
    reason: input.readyEmail ? "eingeschaltet" : "ausgeschaltet",
    now,
  });
  return ok({ readyEmail: input.readyEmail });
}

import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { SECOND_FACTOR_LOCK_AFTER } from "~/domain/login-gate";
import { enqueueEmail } from "~/mail/outbox.server";
import { logLoginEvent } from "./login-events.server";
import { acceptTotpCode, consumeRecoveryCode } from "./totp.server";

/**
 * The lock of an account's code login (decision 033): SECOND_FACTOR_LOCK_AFTER wrong codes in a
 * row, each after the right password, and the app's codes are no longer accepted, not even the
 * right one, until a recovery code, an owner ('Team') or the operator (`npm run admin --
 * unlock-2fa`) lifts it. Counted on the account's row, not the per-address gate: the gate forgets
 * after an hour and is keyed by what was typed, the lock must hold until someone lifts it.
 */

/**
 * What a code did: `accepted`; `wrong`; `lockedNow`, wrong and the one that locked the code login;
 * `locked`, refused because the code login was locked already (unless it was a recovery code).
 */
export type CodeCheck = "accepted" | "wrong" | "lockedNow" | "locked";

/** An account's columns without a lock and without wrong codes counted. */
export const NO_SECOND_FACTOR_LOCK = { secondFactorFailures: 0, secondFactorLockedAt: null } as const;

type Account = { id: string; email: string; displayName: string };

/**
 * Checks a code (the app's or a recovery code) of an account whose password was right, and counts
 * it, in one transaction that holds the account's row, so that parallel attempts count one after
 * the other and exactly one of them locks (and e-mails the account, through the outbox). A code
 * that logs in forgets the count; a recovery code also lifts the lock.
 */
export async function checkSecondFactorCode(
  db: Database,
  account: Account,
  secret: string,
  code: string,
  facts: { ip: string; requestId: string; now: Date },
): Promise<CodeCheck> {
  const { now } = facts;
  const check = await db.transaction(async (tx): Promise<CodeCheck | "unlocked"> => {
    const [row] = await tx
      .select({ failures: adminUsers.secondFactorFailures, lockedAt: adminUsers.secondFactorLockedAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, account.id))
      .for("update");
    if (!row) return "wrong";
    const locked = row.lockedAt !== null;
    const accepted =
      (!locked && (await acceptTotpCode(tx, account.id, secret, code, now))) || (await consumeRecoveryCode(tx, account.id, code, now));
    if (accepted) {
      if (row.failures === 0 && !locked) return "accepted";
      await liftSecondFactorLock(tx, account.id, { actor: account, reason: "mit einem Wiederherstellungscode", now });
      return locked ? "unlocked" : "accepted";
    }
    const failures = row.failures + 1;
    const locksNow = !locked && failures >= SECOND_FACTOR_LOCK_AFTER;
    await tx
      .update(adminUsers)
      .set({ secondFactorFailures: failures, ...(locksNow ? { secondFactorLockedAt: now } : {}) })
      .where(eq(adminUsers.id, account.id));
    if (!locksNow) return locked ? "locked" : "wrong";
    await enqueueEmail(tx, {
      recipient: account.email,
      template: "second-factor-locked",
      params: { name: account.displayName, lockedAt: now.toISOString() },
    });
    await recordAudit(tx, {
      actor: null,
      action: "account.second-factor-lock",
      subject: `account:${account.id}`,
      reason: `${failures} falsche Codes in Folge`,
      now,
    });
    return "lockedNow";
  });
  const event = { accountId: account.id, ip: facts.ip, requestId: facts.requestId };
  if (check === "lockedNow") logLoginEvent("second_factor.locked", event);
  if (check !== "unlocked") return check;
  logLoginEvent("second_factor.unlocked", event);
  return "accepted";
}

/**
 * Lifts the lock of the account with this id and forgets its wrong codes; an audit entry when
 * there was a lock to lift. False when no such account exists.
 */
export async function liftSecondFactorLock(
  tx: Executor,
  id: string,
  entry: { actor: AuditActor; reason?: string; now: Date },
): Promise<boolean> {
  const [before] = await tx
    .select({ lockedAt: adminUsers.secondFactorLockedAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .for("update");
  if (!before) return false;
  await tx.update(adminUsers).set(NO_SECOND_FACTOR_LOCK).where(eq(adminUsers.id, id));
  if (before.lockedAt) await recordAudit(tx, { ...entry, action: "account.second-factor-unlock", subject: `account:${id}` });
  return true;
}

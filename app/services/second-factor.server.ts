import { eq } from "drizzle-orm";
import { throughLoginLimits } from "~/auth/login.server";
import { logLoginEvent } from "~/auth/login-events.server";
import { verifyPassword } from "~/auth/password.server";
import { checkSecondFactorCode } from "~/auth/second-factor-lock.server";
import { openTotpSecret, sealTotpSecret } from "~/auth/secrets-at-rest.server";
import type { AdminIdentity } from "~/auth/session.server";
import type { Throttled } from "~/auth/throttle.server";
import { issueRecoveryCodes, newTotpSecret, otpauthUrl, remainingRecoveryCodes, totpStep } from "~/auth/totp.server";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { adminUsers, recoveryCodes } from "~/db/schema";
import { readBooleanSetting, REQUIRE_SECOND_FACTOR, writeSettingWithAudit } from "~/db/settings.server";
import { sensitiveRefusal } from "~/domain/access";
import type { SecondFactorErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";

/**
 * The second factor of an admin account (TOTP, RFC 6238, ASVS 6.3.3):
 * enrolment confirms one code before it is switched on and hands out ten
 * single-use recovery codes once; switching it off needs the password and a
 * current code. Checks of a code run behind the login's limits.
 */
export type SecondFactorResult<T> = Result<T, SecondFactorErrorCode> | Throttled;

type Actor = { admin: AdminIdentity; ip: string; requestId: string; now?: Date };

async function accountRow(db: Database, id: string) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw new Error("the session's account is gone");
  return row;
}

export type SecurityOverview = {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  requiredForAll: boolean;
  /** The secret of an enrolment that waits for its first code. */
  pendingSecret: string | null;
  pendingOtpauthUrl: string | null;
};

export async function securityOverview(db: Database, admin: AdminIdentity): Promise<SecurityOverview> {
  const row = await accountRow(db, admin.id);
  // Stored encrypted (decision 035); shown to its own account for typing it into the app by hand.
  const pendingSecret = !row.totpSecret && row.totpPendingSecret ? openTotpSecret(row.id, row.totpPendingSecret) : null;
  return {
    enabled: row.totpSecret !== null,
    enabledAt: row.totpEnabledAt,
    recoveryCodesLeft: row.totpSecret ? await remainingRecoveryCodes(db, admin.id) : 0,
    requiredForAll: await readBooleanSetting(db, REQUIRE_SECOND_FACTOR),
    pendingSecret,
    pendingOtpauthUrl: pendingSecret ? otpauthUrl(pendingSecret, row.email) : null,
  };
}

/** Step 1: a new secret, kept aside until a code from it confirms the app has it. */
export async function startEnrolment(
  db: Database,
  admin: AdminIdentity,
): Promise<SecondFactorResult<{ secret: string; otpauthUrl: string }>> {
  const row = await accountRow(db, admin.id);
  if (row.totpSecret) return fail("alreadyEnabled");
  const secret = newTotpSecret();
  await db
    .update(adminUsers)
    .set({ totpPendingSecret: sealTotpSecret(admin.id, secret) })
    .where(eq(adminUsers.id, admin.id));
  return ok({ secret, otpauthUrl: otpauthUrl(secret, row.email) });
}

/**
 * Step 2: the password and one code from the app switch the factor on and return the recovery codes
 * (shown once). The password, because a session alone must not be enough: whoever held a stolen one
 * could otherwise tie the account to their own phone and lock its owner out.
 */
export async function enableSecondFactor(
  db: Database,
  input: Actor & { password: string; code: string },
): Promise<SecondFactorResult<{ recoveryCodes: string[] }>> {
  const now = input.now ?? new Date();
  const row = await accountRow(db, input.admin.id);
  if (row.totpSecret) return fail("alreadyEnabled");
  if (!row.totpPendingSecret) return fail("notStarted");
  const secret = openTotpSecret(row.id, row.totpPendingSecret);
  const facts = { email: row.email, ip: input.ip, requestId: input.requestId, now };
  return throughLoginLimits<SecondFactorResult<{ recoveryCodes: string[] }>>(db, facts, async () => {
    const passwordMatches = await verifyPassword(input.password, row.passwordHash);
    const step = totpStep(secret, input.code, now);
    if (!passwordMatches || step === null) return { result: fail("wrongPasswordOrCode"), outcome: "failure" };
    const recoveryCodes = await db.transaction(async (tx) => {
      await tx
        .update(adminUsers)
        .set({ totpSecret: sealTotpSecret(row.id, secret), totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
        .where(eq(adminUsers.id, row.id));
      await recordAudit(tx, { actor: input.admin, action: "account.second-factor-on", subject: `account:${row.id}`, now });
      return issueRecoveryCodes(tx, row.id, now);
    });
    logLoginEvent("second_factor.enabled", { accountId: row.id, ip: input.ip, requestId: input.requestId });
    return { result: ok({ recoveryCodes }), outcome: "success" };
  });
}

/**
 * Switching off needs the password and a current code (or a recovery code), and is refused while the owner requires it.
 * A wrong code counts towards the lock of the code login as at the login (decision 033).
 */
export async function disableSecondFactor(
  db: Database,
  input: Actor & { password: string; code: string },
): Promise<SecondFactorResult<null>> {
  const now = input.now ?? new Date();
  const row = await accountRow(db, input.admin.id);
  if (!row.totpSecret) return fail("notEnabled");
  const secret = openTotpSecret(row.id, row.totpSecret);
  if (await readBooleanSetting(db, REQUIRE_SECOND_FACTOR)) return fail("required");
  const facts = { email: row.email, ip: input.ip, requestId: input.requestId, now };
  return throughLoginLimits<SecondFactorResult<null>>(db, facts, async () => {
    if (!(await verifyPassword(input.password, row.passwordHash))) return { result: fail("wrongPasswordOrCode"), outcome: "failure" };
    const check = await checkSecondFactorCode(db, row, secret, input.code, { ip: input.ip, requestId: input.requestId, now });
    if (check !== "accepted") return { result: fail(check === "wrong" ? "wrongPasswordOrCode" : "secondFactorLocked"), outcome: "failure" };
    await db.transaction(async (tx) => {
      await tx
        .update(adminUsers)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(adminUsers.id, row.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id));
      await recordAudit(tx, { actor: input.admin, action: "account.second-factor-off", subject: `account:${row.id}`, now });
    });
    logLoginEvent("second_factor.disabled", { accountId: row.id, ip: input.ip, requestId: input.requestId });
    return { result: ok(null), outcome: "success" };
  });
}

/** The owner requires (or no longer requires) the second factor of every account. */
export async function setSecondFactorRequired(
  db: Database,
  input: { admin: AdminIdentity; required: boolean; now?: Date },
): Promise<SecondFactorResult<{ required: boolean }>> {
  const refusal = sensitiveRefusal(input.admin, input.now ?? new Date());
  if (refusal) return fail(refusal);
  await writeSettingWithAudit(db, {
    actor: input.admin,
    key: REQUIRE_SECOND_FACTOR,
    value: input.required,
    action: "settings.second-factor",
    reason: input.required ? "für alle Konten vorgeschrieben" : "nicht mehr vorgeschrieben",
    now: input.now ?? new Date(),
  });
  return ok({ required: input.required });
}

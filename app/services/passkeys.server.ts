import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { and, count, eq } from "drizzle-orm";
import { PASSKEY_NAME_MAX, type PasskeyAttestation } from "~/auth/credentials";
import { throughLoginLimits } from "~/auth/login.server";
import { logLoginEvent } from "~/auth/login-events.server";
import { accountPasskeys, registrationOptions, type RelyingParty, verifyNewPasskey } from "~/auth/passkeys.server";
import { verifyPassword } from "~/auth/password.server";
import { checkSecondFactorCode } from "~/auth/second-factor-lock.server";
import { openTotpSecret } from "~/auth/secrets-at-rest.server";
import type { AdminIdentity } from "~/auth/session.server";
import type { Throttled } from "~/auth/throttle.server";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { adminUsers, passkeys } from "~/db/schema";
import { readBooleanSetting, REQUIRE_SECOND_FACTOR } from "~/db/settings.server";
import type { PasskeyErrorCode } from "~/domain/error-codes";
import { isUuid } from "~/domain/ids";
import { fail, ok, type Result } from "~/domain/result";
import { passkeyMessages } from "~/messages";
import { cleanText } from "~/schemas/text";

/**
 * An account's passkeys (decision 034), on 'Sicherheit' and /api/v1/admin/passkeys: adding one
 * needs the password first (a session alone must not tie the account to another device, as for
 * the app's code), removing one the password or a code of the app. Both checks run behind the
 * login's limits; every change is in the audit log.
 */
export type PasskeyResult<T> = Result<T, PasskeyErrorCode> | Throttled;

/** A passkey as its account sees it in the list. */
export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

type Actor = { admin: AdminIdentity; ip: string; requestId: string; now?: Date };

async function accountRow(db: Database, id: string) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw new Error("the session's account is gone");
  return row;
}

/** The account's passkeys, the oldest first. */
export async function listPasskeys(db: Database, admin: AdminIdentity): Promise<PasskeySummary[]> {
  return (await accountPasskeys(db, admin.id)).map((passkey) => ({
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  }));
}

/** A passkey's name as typed, cleaned like every text; blank is the default name, too long null. */
export function passkeyName(typed: string | undefined): string | null {
  const name = cleanText(typed ?? "");
  if (name.length > PASSKEY_NAME_MAX) return null;
  return name || passkeyMessages.defaultName;
}

/**
 * Step 1: the password, then the browser's options for a new passkey with a challenge of five
 * minutes for this account. A wrong password counts like a failed login.
 */
export async function startPasskeyRegistration(
  db: Database,
  input: Actor & { password: string; rp: RelyingParty },
): Promise<PasskeyResult<PublicKeyCredentialCreationOptionsJSON>> {
  const now = input.now ?? new Date();
  const row = await accountRow(db, input.admin.id);
  const facts = { email: row.email, ip: input.ip, requestId: input.requestId, now };
  return throughLoginLimits<PasskeyResult<PublicKeyCredentialCreationOptionsJSON>>(db, facts, async () => {
    if (!(await verifyPassword(input.password, row.passwordHash))) return { result: fail("wrongCurrentPassword"), outcome: "failure" };
    return { result: ok(await registrationOptions(db, input.admin, input.rp, now)), outcome: "success" };
  });
}

/** Step 2: the browser's answer, checked (its challenge spent), becomes the account's passkey with `name`. */
export async function finishPasskeyRegistration(
  db: Database,
  input: Actor & { credential: PasskeyAttestation; name: string; rp: RelyingParty },
): Promise<PasskeyResult<PasskeySummary>> {
  const now = input.now ?? new Date();
  const verified = await verifyNewPasskey(db, input.admin, input.credential, input.rp, now);
  if (!verified) return fail("passkeyFailed");
  const added = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({ userId: input.admin.id, ...verified, name: input.name, createdAt: now })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) return null;
    await recordAudit(tx, {
      actor: input.admin,
      action: "account.passkey-add",
      subject: `account:${input.admin.id}`,
      reason: input.name,
      now,
    });
    return row;
  });
  if (!added) return fail("passkeyExists");
  logLoginEvent("passkey.added", { accountId: input.admin.id, ip: input.ip, requestId: input.requestId });
  return ok({ id: added.id, name: added.name, createdAt: added.createdAt.toISOString(), lastUsedAt: null });
}

/**
 * Removes one of the account's passkeys with the password or a code of the app (or a recovery
 * code), checked behind the login's limits. While the owner requires a second factor, the
 * account's last one stays: its last passkey when it has no app.
 */
export async function removePasskey(
  db: Database,
  input: Actor & { id: string; password?: string; code?: string },
): Promise<PasskeyResult<null>> {
  const now = input.now ?? new Date();
  const row = await accountRow(db, input.admin.id);
  const [passkey] = isUuid(input.id)
    ? await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, row.id)))
    : [];
  if (!passkey) return fail("notFound");
  if (!row.totpSecret && (await readBooleanSetting(db, REQUIRE_SECOND_FACTOR))) {
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, row.id));
    if (n <= 1) return fail("lastFactor");
  }
  const facts = { email: row.email, ip: input.ip, requestId: input.requestId, now };
  return throughLoginLimits<PasskeyResult<null>>(db, facts, async () => {
    if (input.password !== undefined) {
      if (!(await verifyPassword(input.password, row.passwordHash))) return { result: fail("wrongPasswordOrCode"), outcome: "failure" };
    } else {
      const check =
        row.totpSecret && input.code
          ? await checkSecondFactorCode(db, row, openTotpSecret(row.id, row.totpSecret), input.code, {
              ip: input.ip,
              requestId: input.requestId,
              now,
            })
          : "wrong";
      if (check !== "accepted")
        return { result: fail(check === "wrong" ? "wrongPasswordOrCode" : "secondFactorLocked"), outcome: "failure" };
    }
    await db.transaction(async (tx) => {
      await tx.delete(passkeys).where(and(eq(passkeys.id, passkey.id), eq(passkeys.userId, row.id)));
      await recordAudit(tx, {
        actor: input.admin,
        action: "account.passkey-remove",
        subject: `account:${row.id}`,
        reason: passkey.name,
        now,
      });
    });
    logLoginEvent("passkey.removed", { accountId: row.id, ip: input.ip, requestId: input.requestId });
    return { result: ok(null), outcome: "success" };
  });
}

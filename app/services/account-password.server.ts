import { and, eq, isNull, like, sql } from "drizzle-orm";
import { z } from "zod";
import { throughLoginLimits } from "~/auth/login.server";
import { logLoginEvent } from "~/auth/login-events.server";
import { addressKey } from "~/auth/login-gate.server";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { passwordRefusal } from "~/auth/password-policy.server";
import { type AdminIdentity, revokeAllSessions, revokeOtherSessions } from "~/auth/session.server";
import { refuseOverLinkLimit, type Throttled } from "~/auth/throttle.server";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { hitRateLimit } from "~/db/rate-limit.server";
import { adminUsers, setupTokens } from "~/db/schema";
import { issueSetupToken, usableSetupToken } from "~/db/setup-tokens.server";
import type { PasswordErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";
import { SECRET_TOKEN_PATTERN } from "~/lib/secret-token.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { PASSWORD_RESET_HOURS } from "~/mail/templates/account";
import { passwordWorkshopWords } from "./workshop-facts.server";

/**
 * An admin's own password: changed on 'Sicherheit' with the current one (the other sessions end),
 * or set again through a one-time link e-mailed to the account ('Passwort vergessen?': every
 * session ends, and a second factor stays on, so the next login still asks for it). The links
 * are the setup and invitation links' kind (setup_tokens, only a hash stored, spent once).
 */
export type PasswordResult<T> = Result<T, PasswordErrorCode> | Throttled;

/**
 * Asking for a link e-mails the account and costs a database write, so it is limited like the
 * login: per client IP and per typed address (hashed, whether or not it has an account), in a
 * window of 15 minutes. Using a link is limited per IP with the other link pages (LINK_THROTTLE),
 * since each attempt may hash a password.
 */
export const PASSWORD_RESET_LIMITS = { requestsPerIp: 10, requestsPerAddress: 3, windowMinutes: 15 } as const;

const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** Counts one event for `key` in the current window; the refusal when it is over `limit`. */
async function overLimit(db: Executor, key: string, limit: number, scope: "ip" | "account", now: Date): Promise<Throttled | null> {
  const hit = await hitRateLimit(db, { key, limit, windowSeconds: PASSWORD_RESET_LIMITS.windowMinutes * 60, now });
  return hit.allowed ? null : fail("throttled", { limit: scope, retryAfterSeconds: hit.retryAfterSeconds });
}

/** Accounts that can log in with a password: active, and not an invitation still waiting for its first one. */
const canUsePassword = and(isNull(adminUsers.deactivatedAt), like(adminUsers.passwordHash, "scrypt$%"));

/** Any other link to reset this account's password is spent too: one reset or change closes them all. */
async function spendOpenResetLinks(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(setupTokens)
    .set({ usedAt: now })
    .where(and(eq(setupTokens.userId, userId), eq(setupTokens.purpose, "password-reset"), isNull(setupTokens.usedAt)));
}

/**
 * 'Passwort ändern': the current password (checked behind the login's limits, so this cannot be
 * used to guess it) and a new one that meets the policy. Every other session of the account ends;
 * the one of this request stays. An e-mail tells the account.
 */
export async function changeOwnPassword(
  db: Database,
  input: {
    admin: AdminIdentity;
    /** The cookie value of the request's session, which stays logged in. */
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    ip: string;
    requestId: string;
    now?: Date;
  },
): Promise<PasswordResult<null>> {
  const now = input.now ?? new Date();
  const badPassword = passwordRefusal(
    input.newPassword,
    { email: input.admin.email, name: input.admin.displayName },
    await passwordWorkshopWords(db),
  );
  if (badPassword) return badPassword;
  if (input.newPassword === input.currentPassword) return fail("samePassword");
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, input.admin.id));
  if (!row) throw new Error("the session's account is gone");
  const facts = { email: row.email, ip: input.ip, requestId: input.requestId, now };
  return throughLoginLimits<PasswordResult<null>>(db, facts, async () => {
    const event = { accountId: row.id, ip: input.ip, requestId: input.requestId };
    if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
      logLoginEvent("password.change_failure", event);
      return { result: fail("wrongCurrentPassword"), outcome: "failure" };
    }
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, row.id));
      await revokeOtherSessions(tx, row.id, input.sessionId);
      await spendOpenResetLinks(tx, row.id, now);
      await recordAudit(tx, { actor: input.admin, action: "account.password-change", subject: `account:${row.id}`, now });
      await enqueueEmail(tx, {
        recipient: row.email,
        template: "password-changed",
        params: { name: row.displayName, changedAt: now.toISOString(), via: "change" },
      });
    });
    logLoginEvent("password.changed", event);
    return { result: ok(null), outcome: "success" };
  });
}

/**
 * 'Passwort vergessen?': an active account with this address gets a one-time link valid
 * PASSWORD_RESET_HOURS by e-mail (through the outbox). The answer is the same whether or not
 * there is one, and so is the work as far as it shows: the token is minted and hashed for every
 * request, both limits count every request, and one transaction looks the address up either way.
 */
export async function requestPasswordReset(
  db: Database,
  input: { email: string; ip: string; requestId: string; now?: Date },
): Promise<PasswordResult<null>> {
  const now = input.now ?? new Date();
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) return fail("invalidEmail");
  const email = parsed.data;
  const refused =
    (await overLimit(db, `password-reset:ip:${input.ip}`, PASSWORD_RESET_LIMITS.requestsPerIp, "ip", now)) ??
    (await overLimit(db, `password-reset:address:${addressKey(email)}`, PASSWORD_RESET_LIMITS.requestsPerAddress, "account", now));
  if (refused) {
    logLoginEvent("login.refused", { email, ip: input.ip, requestId: input.requestId, limit: refused.limit });
    return refused;
  }
  const accountId = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: adminUsers.id, email: adminUsers.email, displayName: adminUsers.displayName })
      .from(adminUsers)
      .where(and(eq(sql`lower(${adminUsers.email})`, email), canUsePassword));
    if (!user) return null;
    const token = await issueSetupToken(tx, { purpose: "password-reset", userId: user.id, validMs: PASSWORD_RESET_HOURS * 3_600_000, now });
    await enqueueEmail(tx, { recipient: user.email, template: "password-reset", params: { name: user.displayName, token } });
    await recordAudit(tx, { actor: null, action: "account.password-reset-requested", subject: `account:${user.id}`, now });
    return user.id;
  });
  logLoginEvent("password.reset_requested", { ip: input.ip, requestId: input.requestId, ...(accountId ? { accountId } : { email }) });
  return ok(null);
}

/**
 * Whether a reset link can still be used, and for which account: the page shows the address (password
 * managers use it), the password policy refuses a new password made of the address or the name.
 */
export async function openPasswordReset(db: Executor, token: string, now: Date): Promise<{ email: string; name: string } | null> {
  if (!SECRET_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ email: adminUsers.email, name: adminUsers.displayName })
    .from(setupTokens)
    .innerJoin(adminUsers, eq(adminUsers.id, setupTokens.userId))
    .where(and(usableSetupToken(token, now, "password-reset"), canUsePassword));
  return row ?? null;
}

class AccountUnusable extends Error {}

/**
 * The link's new password: the link is checked before the password is hashed (a flood of posts
 * with made-up links hashes nothing), then spent once even under a race. Every session of the
 * account ends; nobody is logged in here, so the next login asks for the second factor as always.
 * A deactivated account is refused and its link left as it was.
 */
export async function completePasswordReset(
  db: Database,
  input: { token: string; newPassword: string; ip: string; requestId: string; now?: Date },
): Promise<PasswordResult<{ accountId: string }>> {
  const now = input.now ?? new Date();
  const refused = await refuseOverLinkLimit(db, input.ip, now);
  if (refused) return refused;
  const reset = await openPasswordReset(db, input.token, now);
  if (!reset) return fail("resetInvalid");
  const badPassword = passwordRefusal(input.newPassword, reset, await passwordWorkshopWords(db));
  if (badPassword) return badPassword;
  const passwordHash = await hashPassword(input.newPassword);
  const result = await db
    .transaction(async (tx): Promise<PasswordResult<{ accountId: string }>> => {
      const [spent] = await tx
        .update(setupTokens)
        .set({ usedAt: now })
        .where(usableSetupToken(input.token, now, "password-reset"))
        .returning({ userId: setupTokens.userId });
      if (!spent?.userId) return fail("resetInvalid");
      const [user] = await tx
        .update(adminUsers)
        .set({ passwordHash })
        .where(and(eq(adminUsers.id, spent.userId), canUsePassword))
        .returning({ id: adminUsers.id, email: adminUsers.email, displayName: adminUsers.displayName });
      // Deactivated meanwhile: roll back, so the link is not spent on a refusal.
      if (!user) throw new AccountUnusable();
      await spendOpenResetLinks(tx, user.id, now);
      await revokeAllSessions(tx, user.id);
      await recordAudit(tx, { actor: user, action: "account.password-reset", subject: `account:${user.id}`, now });
      await enqueueEmail(tx, {
        recipient: user.email,
        template: "password-changed",
        params: { name: user.displayName, changedAt: now.toISOString(), via: "reset" },
      });
      return ok({ accountId: user.id });
    })
    .catch((error: unknown) => {
      if (error instanceof AccountUnusable) return fail("resetInvalid");
      throw error;
    });
  if (result.ok) logLoginEvent("password.reset", { accountId: result.value.accountId, ip: input.ip, requestId: input.requestId });
  return result;
}

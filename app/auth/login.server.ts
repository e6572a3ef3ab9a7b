import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import type { PasskeyAssertion } from "./credentials";
import { recordBrowserLogin } from "./known-browsers.server";
import { logLoginEvent } from "./login-events.server";
import { enterLoginGate, leaveLoginGate } from "./login-gate.server";
import {
  answeredChallenge,
  hasPasskey,
  loginOptions,
  passkeyByCredentialId,
  type RelyingParty,
  spendChallenge,
  verifyPasskeyAssertion,
} from "./passkeys.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { checkSecondFactorCode } from "./second-factor-lock.server";
import { openTotpSecret } from "./secrets-at-rest.server";
import { type AdminIdentity, createSession, deleteSession, pruneSessions, type SessionPolicy, sessionPolicy } from "./session.server";
import {
  blockedForSeconds,
  clearAccountIpFailures,
  refuseOverPasskeyOptionsLimit,
  releaseIpAttempt,
  reserveIpAttempt,
  settleIpFailure,
  type Throttled,
} from "./throttle.server";

export type LoginResult =
  /** `browserId`: the id for the browser's long-lived cookie (app/auth/known-browsers.server.ts), new when it sent none. */
  | Ok<{ sessionId: string; admin: AdminIdentity; browserId: string }>
  | Failure<"wrongPassword">
  /** The password was right; the account's second factor is missing or wrong. `sessionId` carries a form login to its code step. */
  | (Failure<"secondFactor"> & { wrongCode: boolean; sessionId?: string })
  /** The password was right; the account's code login is locked after too many wrong codes (decision 033). */
  | Failure<"secondFactorLocked">
  /** The password was right; the account's second factor is a passkey, which logs in alone (decision 034). */
  | Failure<"passkeyRequired">
  | Throttled;

export type LoginInput = {
  email: string;
  password: string;
  /** A TOTP code or a recovery code, when the account has the second factor on. */
  code?: string;
  ip: string;
  requestId?: string;
  /** The browser's User-Agent, shown in the account's list of sessions. */
  userAgent?: string | null;
  /** The id in the browser's long-lived cookie, when it sent one: a login from a browser new to the account e-mails it. */
  browserId?: string | null;
  /** The login form keeps a correct password in a short `second_factor` session while it asks for the code. */
  pendingSecondFactor?: boolean;
  now?: Date;
  policy?: SessionPolicy;
};

type AdminRow = typeof adminUsers.$inferSelect;

export async function findAdminByEmail(db: Database, email: string): Promise<AdminRow | undefined> {
  const [user] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email.trim().toLowerCase()));
  return user;
}

function identityOf(user: AdminRow): AdminIdentity {
  return { id: user.id, email: user.email, displayName: user.displayName, role: user.role };
}

type LoginAttempt = { result: LoginResult; outcome: "failure" | "success" | "neutral" };

/**
 * The second factor's code of an account whose password was right: null when it logs in, else the
 * refusal, counted as a failure (a code refused by the lock too, so the gate spaces out the
 * attempts at recovery codes as well).
 */
async function refusedCode(
  db: Database,
  user: AdminRow,
  secret: string,
  code: string,
  event: { ip: string; requestId: string; accountId: string },
  now: Date,
): Promise<LoginAttempt | null> {
  const check = await checkSecondFactorCode(db, user, secret, code, { ...event, now });
  if (check === "accepted") return null;
  if (check === "locked") {
    logLoginEvent("login.refused", { ...event, limit: "second_factor_lock" });
    return { result: fail("secondFactorLocked"), outcome: "failure" };
  }
  logLoginEvent("login.second_factor_failure", event);
  return { result: check === "lockedNow" ? fail("secondFactorLocked") : fail("secondFactor", { wrongCode: true }), outcome: "failure" };
}

/**
 * Runs a check of a password or a code behind both limits: the per-IP block
 * (throttle.server.ts), which counts the attempt before the check, and the
 * per-address gate. `outcome` says whether the attempt counts as a failure
 * (for the IP and the account from it, a longer pause) or a success (pause forgotten).
 */
export async function throughLoginLimits<T>(
  db: Database,
  facts: { email: string; ip: string; requestId: string; now: Date },
  attempt: () => Promise<{ result: T; outcome: "failure" | "success" | "neutral" }>,
): Promise<T | Throttled> {
  const refused = (limit: "ip" | "account", retryAfterSeconds: number): Throttled => {
    logLoginEvent("login.refused", { email: facts.email, ip: facts.ip, requestId: facts.requestId, limit });
    return fail("throttled", { limit, retryAfterSeconds });
  };
  const ipBlockedFor = await blockedForSeconds(db, facts.ip, facts.now);
  if (ipBlockedFor > 0) return refused("ip", ipBlockedFor);
  // The address's gate first: guesses at one paused account are refused without counting for the IP.
  const gate = await enterLoginGate(db, facts.email, facts.now);
  if (!gate.open) return refused("account", gate.retryAfterSeconds);
  let outcome: "failure" | "success" | "neutral" = "neutral";
  try {
    const reserved = await reserveIpAttempt(db, facts.ip, facts.now);
    if (!reserved.allowed) return refused("ip", reserved.retryAfterSeconds);
    try {
      const done = await attempt();
      outcome = done.outcome;
      return done.result;
    } finally {
      // Also when the check threw: an attempt that did not fail gives its count back.
      if (outcome === "failure") await settleIpFailure(db, facts.email, facts.ip, facts.now);
      else await releaseIpAttempt(db, facts.ip, facts.now);
    }
  } finally {
    await leaveLoginGate(db, gate.pass, outcome, facts.now);
  }
}

async function startSession(
  db: Database,
  user: AdminRow,
  input: { email: string; ip: string; now: Date; policy?: SessionPolicy; userAgent?: string | null; browserId?: string | null },
) {
  return db.transaction(async (tx) => {
    await pruneSessions(tx, input.now);
    await clearAccountIpFailures(tx, input.email, input.ip);
    await tx.update(adminUsers).set({ lastLoginAt: input.now }).where(eq(adminUsers.id, user.id));
    const browserId = await recordBrowserLogin(tx, {
      account: user,
      browserId: input.browserId ?? null,
      userAgent: input.userAgent,
      ip: input.ip,
      now: input.now,
    });
    const sessionId = await createSession(tx, user.id, input.now, input.policy ?? sessionPolicy(), {
      userAgent: input.userAgent,
      address: input.ip,
    });
    return { sessionId, browserId };
  });
}

/**
 * Checks e-mail, password and, when the account has it on, the second factor.
 * A wrong password and an unknown e-mail give the same answer after the same
 * scrypt work, so nobody can probe for accounts. One attempt per address at a
 * time, with a growing pause after failures (app/domain/login-gate.ts).
 */
export async function login(db: Database, input: LoginInput): Promise<LoginResult> {
  const now = input.now ?? new Date();
  const facts = { email: input.email, ip: input.ip, requestId: input.requestId ?? "", now };
  return throughLoginLimits<LoginResult>(db, facts, async () => {
    const found = await findAdminByEmail(db, input.email);
    // A deactivated account, or an invited one without a password yet, answers like an unknown one (same scrypt work).
    const user = found && !found.deactivatedAt && found.passwordHash.startsWith("scrypt$") ? found : undefined;
    const matches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !matches) {
      logLoginEvent("login.failure", {
        ip: input.ip,
        requestId: facts.requestId,
        ...(found ? { accountId: found.id } : { email: input.email }),
      });
      return { result: fail("wrongPassword"), outcome: "failure" };
    }
    const event = { ip: input.ip, requestId: facts.requestId, accountId: user.id };
    if (user.totpSecret) {
      if (!input.code) {
        logLoginEvent("login.second_factor_required", event);
        const sessionId = input.pendingSecondFactor
          ? await createSession(db, user.id, now, input.policy ?? sessionPolicy(), { stage: "second_factor" })
          : undefined;
        return { result: fail("secondFactor", { wrongCode: false, sessionId }), outcome: "neutral" };
      }
      const refused = await refusedCode(db, user, openTotpSecret(user.id, user.totpSecret), input.code, event, now);
      if (refused) return refused;
    } else if (await hasPasskey(db, user.id)) {
      // Its second factor is a passkey: the password alone never logs in, as without the code of an app.
      logLoginEvent("login.second_factor_required", { ...event, passkey: true });
      return { result: fail("passkeyRequired"), outcome: "neutral" };
    }
    const started = await startSession(db, user, { ...input, now });
    logLoginEvent("login.success", event);
    return { result: ok({ ...started, admin: identityOf(user) }), outcome: "success" };
  });
}

/**
 * The login form's second step: the code for the account behind a
 * `second_factor` session (the password was right a moment ago). Throttled
 * like the password; success replaces the pending session with a full one.
 */
export async function completeSecondFactor(
  db: Database,
  input: {
    pendingSessionId: string;
    userId: string;
    code: string;
    ip: string;
    requestId?: string;
    userAgent?: string | null;
    browserId?: string | null;
    now?: Date;
    policy?: SessionPolicy;
  },
): Promise<LoginResult> {
  const now = input.now ?? new Date();
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, input.userId));
  if (!user?.totpSecret) return fail("wrongPassword");
  const secret = openTotpSecret(user.id, user.totpSecret);
  const facts = { email: user.email, ip: input.ip, requestId: input.requestId ?? "", now };
  return throughLoginLimits<LoginResult>(db, facts, async () => {
    const event = { ip: input.ip, requestId: facts.requestId, accountId: user.id };
    const refused = await refusedCode(db, user, secret, input.code, event, now);
    if (refused) return refused;
    await deleteSession(db, input.pendingSessionId, user.id);
    const started = await startSession(db, user, {
      email: user.email,
      ip: input.ip,
      now,
      policy: input.policy,
      userAgent: input.userAgent,
      browserId: input.browserId,
    });
    logLoginEvent("login.success", event);
    return { result: ok({ ...started, admin: identityOf(user) }), outcome: "success" };
  });
}

/** A passkey login's options, or the per-IP block's refusal. */
export type PasskeyLoginOptionsResult = Ok<PublicKeyCredentialRequestOptionsJSON> | Throttled;

/**
 * The challenge of a login with a passkey (any of the site's: the browser offers the ones it
 * knows). Refused while the IP is blocked for failed logins; each IP may ask
 * PASSKEY_LOGIN_OPTIONS_LIMIT times in a window, since every challenge is a row until it expires.
 */
export async function passkeyLoginOptions(
  db: Database,
  input: { rp: RelyingParty; ip: string; now?: Date },
): Promise<PasskeyLoginOptionsResult> {
  const now = input.now ?? new Date();
  const blockedFor = await blockedForSeconds(db, input.ip, now);
  if (blockedFor > 0) return fail("throttled", { limit: "ip", retryAfterSeconds: blockedFor });
  const overLimit = await refuseOverPasskeyOptionsLimit(db, input.ip, now);
  if (overLimit) return overLimit;
  return ok(await loginOptions(db, input.rp, now));
}

export type PasskeyLoginResult = Ok<{ sessionId: string; admin: AdminIdentity; browserId: string }> | Failure<"passkeyRefused"> | Throttled;

/**
 * A login with a passkey alone (decision 034): it verified its user, so it counts as both
 * factors. Behind the same limits as the password (per IP, and the account's gate, keyed by its
 * address when the passkey is known, else by the credential's id); every refusal is the same
 * `passkeyRefused` and counts as a failure: an unknown or removed passkey, a spent or expired
 * challenge, another origin or relying party, a counter that did not go up, a bad signature, a
 * deactivated account.
 */
export async function loginWithPasskey(
  db: Database,
  input: {
    credential: PasskeyAssertion;
    rp: RelyingParty;
    ip: string;
    requestId?: string;
    userAgent?: string | null;
    browserId?: string | null;
    now?: Date;
    policy?: SessionPolicy;
  },
): Promise<PasskeyLoginResult> {
  const now = input.now ?? new Date();
  const requestId = input.requestId ?? "";
  const passkey = await passkeyByCredentialId(db, input.credential.id);
  const [found] = passkey ? await db.select().from(adminUsers).where(eq(adminUsers.id, passkey.userId)) : [];
  const facts = { email: found?.email ?? `passkey:${input.credential.id}`, ip: input.ip, requestId, now };
  return throughLoginLimits<PasskeyLoginResult>(db, facts, async () => {
    // Spent first, whatever follows: a challenge answers once.
    const challenge = answeredChallenge(input.credential.response.clientDataJSON);
    const spent = challenge !== null && (await spendChallenge(db, challenge, "login", null, now));
    const user = found && !found.deactivatedAt ? found : undefined;
    const verified = spent && passkey && user && (await verifyPasskeyAssertion(db, passkey, input.credential, challenge, input.rp, now));
    if (!verified || !user) {
      logLoginEvent("login.failure", { ip: input.ip, requestId, passkey: true, ...(found ? { accountId: found.id } : {}) });
      return { result: fail("passkeyRefused"), outcome: "failure" };
    }
    const started = await startSession(db, user, {
      email: user.email,
      ip: input.ip,
      now,
      policy: input.policy,
      userAgent: input.userAgent,
      browserId: input.browserId,
    });
    logLoginEvent("login.success", { ip: input.ip, requestId, accountId: user.id, passkey: true });
    return { result: ok({ ...started, admin: identityOf(user) }), outcome: "success" };
  });
}

import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "~/auth/password.server";
import { passwordRefusal } from "~/auth/password-policy.server";
import { liftSecondFactorLock, NO_SECOND_FACTOR_LOCK } from "~/auth/second-factor-lock.server";
import { createSession, revokeAllSessions } from "~/auth/session.server";
import { refuseOverLinkLimit, type Throttled } from "~/auth/throttle.server";
import type { Database, Executor } from "~/db/client.server";
import { adminUsers, passkeys, recoveryCodes, setupTokens } from "~/db/schema";
import { issueSetupToken, usableSetupToken } from "~/db/setup-tokens.server";
import type { AccountErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";
import { accountMessages, refusalMessage } from "~/messages";
import { passwordWorkshopWords } from "./workshop-facts.server";

/** Admin accounts: owner and staff, created by the CLI, the first start or the setup link. */
export type AccountResult<T> = Result<T, AccountErrorCode>;

const SETUP_TOKEN_TTL_MS = 60 * 60_000;

const emailSchema = z.email().max(254);

function normaliseEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  return emailSchema.safeParse(trimmed).success ? trimmed : null;
}

async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

export async function listAdmins(db: Executor) {
  return db
    .select({
      email: adminUsers.email,
      displayName: adminUsers.displayName,
      createdAt: adminUsers.createdAt,
      lastLoginAt: adminUsers.lastLoginAt,
    })
    .from(adminUsers)
    .orderBy(adminUsers.createdAt);
}

type NewAdmin = { email: string; password: string; displayName?: string };

/** A new account's address, normalised, once it and the password meet the rules. */
async function checkNewAdmin(db: Executor, input: NewAdmin): Promise<AccountResult<string>> {
  const email = normaliseEmail(input.email);
  if (!email) return fail("invalidEmail");
  return passwordRefusal(input.password, { email, name: input.displayName }, await passwordWorkshopWords(db)) ?? ok(email);
}

/** Inserts an account whose password is hashed already; usable inside a transaction. */
async function insertAdmin(
  db: Executor,
  input: { email: string; displayName?: string; passwordHash: string },
): Promise<AccountResult<{ id: string; email: string }>> {
  const [row] = await db
    .insert(adminUsers)
    .values({ email: input.email, displayName: input.displayName?.trim() || input.email, passwordHash: input.passwordHash })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id, email: adminUsers.email });
  return row ? ok(row) : fail("exists");
}

/** Validates, hashes and inserts. */
export async function createAdmin(db: Executor, input: NewAdmin): Promise<AccountResult<{ id: string; email: string }>> {
  const checked = await checkNewAdmin(db, input);
  if (!checked.ok) return checked;
  return insertAdmin(db, { email: checked.value, displayName: input.displayName, passwordHash: await hashPassword(input.password) });
}

/** A new password ends every session of the account. */
export async function resetAdminPassword(db: Database, input: { email: string; password: string }): Promise<AccountResult<{ id: string }>> {
  const badPassword = passwordRefusal(input.password, { email: input.email }, await passwordWorkshopWords(db));
  if (badPassword) return badPassword;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminUsers)
      .set({ passwordHash })
      .where(eq(sql`lower(${adminUsers.email})`, input.email.trim().toLowerCase()))
      .returning({ id: adminUsers.id });
    if (!row) return fail("unknown");
    await revokeAllSessions(tx, row.id);
    return ok(row);
  });
}

/**
 * For a lost phone without recovery codes (npm run admin -- reset-2fa): the
 * account's second factor, recovery codes and passkeys go, and so do its sessions. The
 * next login takes the password alone (and enrolment, if the owner requires it).
 */
export async function resetSecondFactor(db: Database, input: { email: string }): Promise<AccountResult<{ id: string }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminUsers)
      // A lock of the old factor's code login would otherwise greet the next one (decision 033).
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, ...NO_SECOND_FACTOR_LOCK })
      .where(eq(sql`lower(${adminUsers.email})`, input.email.trim().toLowerCase()))
      .returning({ id: adminUsers.id });
    if (!row) return fail("unknown");
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id));
    // Its passkeys are second factors too (decision 034): a lost device that held the only one.
    await tx.delete(passkeys).where(eq(passkeys.userId, row.id));
    await revokeAllSessions(tx, row.id);
    return ok(row);
  });
}

/**
 * For an account whose code login is locked after too many wrong codes (npm run admin --
 * unlock-2fa, decision 033): the app's codes work again, and the factor, its recovery codes and the
 * sessions stay. Audited as the system's act.
 */
export async function unlockSecondFactor(db: Database, input: { email: string; now?: Date }): Promise<AccountResult<{ id: string }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(sql`lower(${adminUsers.email})`, input.email.trim().toLowerCase()));
    if (!row) return fail("unknown");
    await liftSecondFactorLock(tx, row.id, { actor: null, reason: "npm run admin -- unlock-2fa", now: input.now ?? new Date() });
    return ok(row);
  });
}

export function createSetupToken(db: Executor, now: Date): Promise<string> {
  return issueSetupToken(db, { purpose: "setup", validMs: SETUP_TOKEN_TTL_MS, now });
}

export async function isSetupTokenUsable(db: Executor, token: string, now: Date): Promise<boolean> {
  if (!token || (await countAdmins(db)) > 0) return false;
  const [row] = await db
    .select({ tokenHash: setupTokens.tokenHash })
    .from(setupTokens)
    .where(usableSetupToken(token, now, "setup"));
  return row !== undefined;
}

/**
 * Spends the one-time token and creates the first account in one transaction,
 * then logs the new owner in. Posts are limited per IP with the other link
 * pages, and the link is checked before the password is hashed, so a flood of
 * posts with made-up links hashes nothing. The hash is made before the
 * transaction, which would otherwise hold a connection (PGlite's only one)
 * while the hash waits its turn. The token is taken with a conditional update,
 * so two tabs using the same link cannot both succeed.
 */
export async function completeSetup(
  db: Database,
  input: NewAdmin & { token: string; ip: string; now: Date },
): Promise<AccountResult<{ sessionId: string }> | Throttled> {
  const refused = await refuseOverLinkLimit(db, input.ip, input.now);
  if (refused) return refused;
  if ((await countAdmins(db)) > 0) return fail("setupDone");
  if (!(await isSetupTokenUsable(db, input.token, input.now))) return fail("setupInvalid");
  // Checked before the token is spent, so a typo does not burn the link.
  const checked = await checkNewAdmin(db, input);
  if (!checked.ok) return checked;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx): Promise<AccountResult<{ sessionId: string }>> => {
    if ((await countAdmins(tx)) > 0) return fail("setupDone");
    const [spent] = await tx
      .update(setupTokens)
      .set({ usedAt: input.now })
      .where(usableSetupToken(input.token, input.now, "setup"))
      .returning({ tokenHash: setupTokens.tokenHash });
    if (!spent) return fail("setupInvalid");
    const created = await insertAdmin(tx, { email: checked.value, displayName: input.displayName, passwordHash });
    if (!created.ok) return created;
    return ok({ sessionId: await createSession(tx, created.value.id, input.now, undefined, { address: input.ip }) });
  });
}

/** What the first start did; refused: ADMIN_PASSWORD (or ADMIN_EMAIL) is not acceptable. */
export type BootstrapOutcome = Result<
  | { kind: "exists" }
  | { kind: "created"; email: string }
  | { kind: "setup-link"; url: string }
  /** A link handed out by an earlier start is still valid until `expiresAt`; only its hash is stored. */
  | { kind: "setup-link-issued"; expiresAt: Date },
  AccountErrorCode
>;

/**
 * First start: with ADMIN_EMAIL and ADMIN_PASSWORD set, create that account;
 * without them, hand out a one-time setup link (printed once by server.ts).
 * A link is a secret in the log: a new one is issued only while no account
 * and no valid link exist, so restarts do not print one token after another,
 * and instances starting together (the table lock) issue only one.
 */
export async function bootstrapAdmin(
  db: Database,
  input: { adminEmail?: string; adminPassword?: string; origin: string; now?: Date },
): Promise<BootstrapOutcome> {
  if ((await countAdmins(db)) > 0) return ok({ kind: "exists" });
  if (input.adminEmail && input.adminPassword) {
    const created = await createAdmin(db, { email: input.adminEmail, password: input.adminPassword });
    if (created.ok) return ok({ kind: "created", email: created.value.email });
    if ((await countAdmins(db)) > 0) return ok({ kind: "exists" });
    return created;
  }
  const now = input.now ?? new Date();
  return db.transaction(async (tx): Promise<BootstrapOutcome> => {
    await tx.execute(sql`lock table setup_tokens in share row exclusive mode`);
    if ((await countAdmins(tx)) > 0) return ok({ kind: "exists" });
    const [issued] = await tx
      .select({ expiresAt: setupTokens.expiresAt })
      .from(setupTokens)
      .where(and(isNull(setupTokens.userId), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)))
      .orderBy(desc(setupTokens.expiresAt))
      .limit(1);
    if (issued) return ok({ kind: "setup-link-issued", expiresAt: issued.expiresAt });
    const token = await createSetupToken(tx, now);
    return ok({ kind: "setup-link", url: `${input.origin}/admin-setup?token=${token}` });
  });
}

/** Runs the first-start bootstrap and says what happened in one log line (server.ts). */
export async function announceAdminBootstrap(
  db: Database,
  config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string; PUBLIC_URL?: string; PORT: number },
  log: { info(message: string): void; warn(message: string): void },
  now = new Date(),
): Promise<void> {
  const result = await bootstrapAdmin(db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
    origin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`,
    now,
  });
  if (!result.ok) {
    log.warn(`ADMIN_PASSWORD abgelehnt: ${refusalMessage(result, accountMessages)}`);
    return;
  }
  const outcome = result.value;
  if (outcome.kind === "created") log.info("Admin-Konto aus ADMIN_EMAIL/ADMIN_PASSWORD angelegt.");
  if (outcome.kind === "setup-link") {
    log.warn(`Noch kein Admin-Konto. Einmaliger Einrichtungslink (1 Stunde gültig): ${outcome.url}`);
  }
  if (outcome.kind === "setup-link-issued") {
    log.warn(
      `Noch kein Admin-Konto. Der Einrichtungslink steht im Log eines früheren Starts und ist bis ${outcome.expiresAt.toISOString()} gültig; ` +
        "danach gibt der nächste Start einen neuen aus (oder: npm run admin -- create --email …).",
    );
  }
}

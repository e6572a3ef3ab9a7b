import crypto from "node:crypto";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { adminUsers, recoveryCodes } from "~/db/schema";
import { legacyRecoveryDigest, recoveryCodeKey, recoveryDigest } from "./secrets-at-rest.server";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const TOTP_PARAMS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
/** One step either side forgives a phone clock that is a little off. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totp(secretBase32: string, label = ""): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: site.name, label, secret: OTPAuth.Secret.fromBase32(secretBase32), ...TOTP_PARAMS });
}

/** A new secret of 160 random bits (RFC 4226's recommendation), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, accountEmail: string): string {
  return totp(secretBase32, accountEmail).toString();
}

/** Codes are typed with spaces or pasted with a hyphen now and then. */
function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

/** The time step a 6-digit code belongs to, or null when it matches none within the window. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const token = normalizeCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return OTPAuth.TOTP.counter({ period: TOTP_PARAMS.period, timestamp: now.getTime() }) + delta;
}

/**
 * Accepts a TOTP code once: the step is recorded in the same statement that
 * checks it is newer than the last accepted one, so the same code (or an older
 * one) is refused even when two logins race with it.
 */
export async function acceptTotpCode(db: Executor, userId: string, secretBase32: string, code: string, now: Date): Promise<boolean> {
  const step = totpStep(secretBase32, code, now);
  if (step === null) return false;
  const updated = await db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(and(eq(adminUsers.id, userId), or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step))))
    .returning({ id: adminUsers.id });
  return updated.length === 1;
}

// Recovery codes: 10 groups of base32 characters without look-alikes, e.g. "k7m2p-x9q4r".
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function recoveryCode(): string {
  const characters = Array.from(crypto.randomBytes(10), (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/**
 * Replaces the account's recovery codes with ten new ones. Only an HMAC of each is stored, under the
 * database's recovery-code key, which the master key wraps (decision 035): a dump alone does not
 * let anyone test guesses of 50-bit codes offline.
 */
export async function issueRecoveryCodes(db: Executor, userId: string, now: Date): Promise<string[]> {
  const key = await recoveryCodeKey(db);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryDigest(key, legacyRecoveryDigest(normalizeCode(code))), createdAt: now })));
  return codes;
}

/**
 * Uses up one unused recovery code in one statement (a code counts once, even under a race). A row
 * an older instance wrote as a plain SHA-256 (a rolling deploy) still counts, until the next start
 * converts it.
 */
export async function consumeRecoveryCode(db: Executor, userId: string, code: string, now: Date): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const sha256 = legacyRecoveryDigest(normalized);
  const digest = recoveryDigest(await recoveryCodeKey(db), sha256);
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), inArray(recoveryCodes.codeHash, [digest, sha256]), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function remainingRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}

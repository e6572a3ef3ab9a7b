import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Executor } from "~/db/client.server";
import { adminUsers, passkeys, sessions, settings } from "~/db/schema";
import { REQUIRE_SECOND_FACTOR } from "~/db/settings.server";
import type { AdminRole, SessionStage } from "~/domain/admin";
import { maskedAddress } from "~/lib/client-network";
import { readCookie } from "./cookies";

/**
 * Admin sessions (OWASP ASVS level 2): a random 256-bit id in the cookie, only
 * its SHA-256 in the database, an idle and an absolute timeout.
 */
export type SessionPolicy = { idleMs: number; absoluteMs: number; secureCookie: boolean };

export function sessionPolicy(): SessionPolicy {
  const config = env();
  return {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    secureCookie: config.NODE_ENV === "production",
  };
}

/** `__Host-` makes the browser insist on Secure, Path=/ and no Domain (production only). */
export function sessionCookieName(policy: Pick<SessionPolicy, "secureCookie"> = sessionPolicy()): string {
  return policy.secureCookie ? "__Host-hc_admin" : "hc_admin";
}

/**
 * Who is logged in; `verifiedAt`: when the session last checked the password or a second factor
 * (the login's own check included), which sensitive owner actions need recent (app/domain/access.ts).
 */
export type AdminIdentity = { id: string; email: string; displayName: string; role: AdminRole; verifiedAt?: Date };

/** A session as the guard sees it: who, how far the login got, and whether the second factor must be set up first. */
export type SessionState = {
  admin: AdminIdentity;
  stage: SessionStage;
  /** The owner requires a second factor and the account has neither the app's code nor a passkey (decision 034). */
  mustEnrol: boolean;
  /** The account's code login is locked (decision 033): the login's code step says so before a code is typed. */
  codeLocked: boolean;
};

/**
 * Writing last_seen_at on every request is wasteful, so it is written when it
 * is at least this old: a minute, or a twelfth of a short idle timeout.
 */
export function touchIntervalMs(policy: Pick<SessionPolicy, "idleMs">): number {
  return Math.min(60_000, Math.floor(policy.idleMs / 12));
}

/** A second factor's code must follow the password within this time. */
const SECOND_FACTOR_STEP_MS = 5 * 60_000;

export function hashSessionId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex");
}

function cookieAttributes(policy: SessionPolicy): string {
  return `Path=/; HttpOnly; SameSite=Lax${policy.secureCookie ? "; Secure" : ""}`;
}

export function sessionCookie(id: string, policy: SessionPolicy = sessionPolicy()): string {
  // No Max-Age: the browser forgets it on close; the server enforces the timeouts.
  return `${sessionCookieName(policy)}=${id}; ${cookieAttributes(policy)}`;
}

export function clearSessionCookie(policy: SessionPolicy = sessionPolicy()): string {
  return `${sessionCookieName(policy)}=; ${cookieAttributes(policy)}; Max-Age=0`;
}

/**
 * A fresh id at every login, so a planted cookie can never become a logged-in
 * one. A `second_factor` session only carries the login to its code step and
 * lives five minutes.
 */
export async function createSession(
  db: Executor,
  userId: string,
  now: Date,
  policy: SessionPolicy = sessionPolicy(),
  { stage = "active", userAgent, address }: { stage?: SessionStage; userAgent?: string | null; address?: string } = {},
): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  const lifetimeMs = stage === "active" ? policy.absoluteMs : Math.min(SECOND_FACTOR_STEP_MS, policy.absoluteMs);
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    stage,
    userAgent: userAgent ? userAgent.slice(0, 200) : null,
    networkMasked: address ? maskedAddress(address) : null,
    verifiedAt: now,
  });
  return id;
}

/**
 * The session id in a request's Cookie header, when there is a plausible one. The session
 * functions take the header, not the request: pages have a web Request, the JSON API Hono's context.
 */
export function sessionIdFrom(cookieHeader: string | null | undefined, policy: SessionPolicy = sessionPolicy()): string | null {
  const id = readCookie(cookieHeader, sessionCookieName(policy));
  return id && id.length <= 100 ? id : null;
}

/**
 * The session behind the request's cookie, or null when absent, unknown or
 * expired. The idle timeout is exact to the touch interval: last_seen_at is at
 * most that much older than the last use, so a session expires between
 * `idleMs` and `idleMs + touch interval` after its last use, never earlier.
 */
export async function readSession(
  db: Executor,
  cookieHeader: string | null | undefined,
  now: Date,
  policy: SessionPolicy = sessionPolicy(),
): Promise<SessionState | null> {
  const id = sessionIdFrom(cookieHeader, policy);
  if (!id) return null;
  const idHash = hashSessionId(id);
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      stage: sessions.stage,
      verifiedAt: sessions.verifiedAt,
      id: adminUsers.id,
      email: adminUsers.email,
      displayName: adminUsers.displayName,
      role: adminUsers.role,
      totpEnabledAt: adminUsers.totpEnabledAt,
      secondFactorLockedAt: adminUsers.secondFactorLockedAt,
      secondFactorRequired: settings.value,
      // A passkey is a second factor as the app's code is (decision 034).
      hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${adminUsers.id})`,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .leftJoin(settings, eq(settings.key, REQUIRE_SECOND_FACTOR))
    .where(and(eq(sessions.idHash, idHash), isNull(adminUsers.deactivatedAt)));
  if (!row) return null;
  const touchMs = touchIntervalMs(policy);
  const idleExpired = now.getTime() - row.lastSeenAt.getTime() >= policy.idleMs + touchMs;
  if (idleExpired || now >= row.expiresAt) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= touchMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    admin: { id: row.id, email: row.email, displayName: row.displayName, role: row.role, verifiedAt: row.verifiedAt },
    stage: row.stage,
    mustEnrol: row.secondFactorRequired === true && row.totpEnabledAt === null && !row.hasPasskey,
    codeLocked: row.secondFactorLockedAt !== null,
  };
}

/** Ends one session by its cookie value (the code step replaces its pending session with a full one). */
export async function deleteSession(db: Executor, id: string, userId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.idHash, hashSessionId(id)), eq(sessions.userId, userId)));
}

export async function destroySession(db: Executor, cookieHeader: string | null | undefined, policy: SessionPolicy = sessionPolicy()) {
  const id = readCookie(cookieHeader, sessionCookieName(policy));
  if (id) await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
}

export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the account but the one with this cookie value (a password change keeps its own). */
export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, hashSessionId(keepSessionId))));
}

/** Removes sessions past their absolute lifetime; idle ones also go when next seen. */
export async function pruneSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** A session as its account sees it in the list: a handle (a prefix of the stored hash, never the cookie), times and browser. */
export type SessionSummary = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  /** The client's network as stored (app/lib/client-network.ts `maskedAddress`), never the full address. */
  network: string | null;
  current: boolean;
};

const HANDLE_LENGTH = 16;

/** The account's active sessions, newest first; `current` marks the one of this request. */
export async function listSessions(
  db: Executor,
  userId: string,
  cookieHeader: string | null | undefined,
  now: Date,
): Promise<SessionSummary[]> {
  const currentId = sessionIdFrom(cookieHeader);
  const currentHash = currentId ? hashSessionId(currentId) : null;
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.stage, "active"), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.idHash.slice(0, HANDLE_LENGTH),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    network: row.networkMasked,
    current: row.idHash === currentHash,
  }));
}

/** Ends one of the account's own sessions by its handle; false when there is none. */
export async function endSessionByHandle(db: Executor, userId: string, handle: string): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(handle)) return false;
  const rows = await db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((row) => row.idHash.startsWith(handle));
  if (!match) return false;
  await db.delete(sessions).where(and(eq(sessions.idHash, match.idHash), eq(sessions.userId, userId)));
  return true;
}

/**
 * The session's password or second factor was just checked again (the step-up of a sensitive
 * action): the session gets a new id (ASVS 5.0 7.2.4: a new token at every authentication, the old
 * one ends) that counts as checked now, which opens those actions for the next 10 minutes. Its
 * times, browser and network carry over. Answers the new cookie value, or null when the cookie names
 * no full session of this account.
 */
export async function renewVerifiedSession(
  db: Executor,
  userId: string,
  cookieHeader: string | null | undefined,
  now: Date,
): Promise<string | null> {
  const id = sessionIdFrom(cookieHeader);
  if (!id) return null;
  const [old] = await db
    .delete(sessions)
    .where(and(eq(sessions.idHash, hashSessionId(id)), eq(sessions.userId, userId), eq(sessions.stage, "active")))
    .returning();
  if (!old) return null;
  const renewed = crypto.randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ ...old, idHash: hashSessionId(renewed), lastSeenAt: now, verifiedAt: now });
  return renewed;
}

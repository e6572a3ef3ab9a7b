import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Executor } from "~/db/client.server";
import { adminUsers, sessions } from "~/db/schema";
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

export type AdminIdentity = { id: string; email: string; displayName: string };

/** Writing last_seen_at on every request is wasteful; a minute's precision is enough. */
const TOUCH_AFTER_MS = 60_000;

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

/** A fresh id at every login, so a planted cookie can never become a logged-in one. */
export async function createSession(db: Executor, userId: string, now: Date, policy: SessionPolicy = sessionPolicy()): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.absoluteMs),
  });
  return id;
}

/** The admin behind the request's cookie, or null when absent, unknown or expired. */
export async function readSession(
  db: Executor,
  request: Request,
  now: Date,
  policy: SessionPolicy = sessionPolicy(),
): Promise<AdminIdentity | null> {
  const id = readCookie(request, sessionCookieName(policy));
  if (!id || id.length > 100) return null;
  const idHash = hashSessionId(id);
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: adminUsers.id,
      email: adminUsers.email,
      displayName: adminUsers.displayName,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const idleExpired = now.getTime() - row.lastSeenAt.getTime() >= policy.idleMs;
  if (idleExpired || now >= row.expiresAt) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { id: row.id, email: row.email, displayName: row.displayName };
}

export async function destroySession(db: Executor, request: Request, policy: SessionPolicy = sessionPolicy()) {
  const id = readCookie(request, sessionCookieName(policy));
  if (id) await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
}

export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past their absolute lifetime; idle ones also go when next seen. */
export async function pruneSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

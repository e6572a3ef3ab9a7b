import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { type AdminIdentity, createSession, pruneSessions, sessionPolicy, type SessionPolicy } from "./session.server";
import { accountDelayMs, blockedForSeconds, clearAccountIpFailures, recordLoginFailure } from "./throttle.server";

export const wrongPasswordMessage = "Falsches Passwort";

export type LoginResult =
  | { ok: true; sessionId: string; admin: AdminIdentity }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export type LoginInput = {
  email: string;
  password: string;
  ip: string;
  now?: Date;
  policy?: SessionPolicy;
  /** Injected so tests can see the slow-down without waiting for it. */
  sleep?: (ms: number) => Promise<void>;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function findAdminByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email.trim().toLowerCase()));
  return user;
}

/**
 * Checks e-mail and password. A wrong password and an unknown e-mail give the
 * same answer after the same scrypt work, so nobody can probe for accounts.
 */
export async function login(db: Database, input: LoginInput): Promise<LoginResult> {
  const now = input.now ?? new Date();
  const retryAfterSeconds = await blockedForSeconds(db, input.ip, now);
  if (retryAfterSeconds > 0) return { ok: false, reason: "throttled", retryAfterSeconds };

  const delay = await accountDelayMs(db, input.email, now);
  if (delay > 0) await (input.sleep ?? realSleep)(delay);

  const user = await findAdminByEmail(db, input.email);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !matches) {
    await recordLoginFailure(db, input.email, input.ip, now);
    return { ok: false, reason: "invalid" };
  }

  const sessionId = await db.transaction(async (tx) => {
    await pruneSessions(tx, now);
    await clearAccountIpFailures(tx, input.email, input.ip);
    await tx.update(adminUsers).set({ lastLoginAt: now }).where(eq(adminUsers.id, user.id));
    return createSession(tx, user.id, now, input.policy ?? sessionPolicy());
  });
  return { ok: true, sessionId, admin: { id: user.id, email: user.email, displayName: user.displayName } };
}

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { login } from "~/auth/login.server";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { clearSessionCookie, createSession, destroySession, readSession, sessionCookie, type SessionPolicy } from "~/auth/session.server";
import { LOGIN_THROTTLE, reserveIpAttempt, settleIpFailure } from "~/auth/throttle.server";
import { resetEnvCache } from "~/config/env.server";
import { adminUsers, sessions } from "~/db/schema";
import {
  bootstrapAdmin,
  completeSetup,
  createAdmin,
  createSetupToken,
  isSetupTokenUsable,
  resetAdminPassword,
} from "~/services/admin-accounts.server";
import { type TestDatabase, testDatabaseKinds } from "../support/databases";
import { createAdminAccount, DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD_HASH } from "../support/factories";
import { useTestDatabase, withPasswordHashCost } from "../support/fixtures";

const PASSWORD = DEFAULT_ADMIN_PASSWORD;
const EMAIL = "chef@happycar.example";
const policy: SessionPolicy = { idleMs: 60 * 60_000, absoluteMs: 12 * 3_600_000, secureCookie: true };
const minutes = (n: number) => n * 60_000;

/** The Cookie header a browser sends back for a Set-Cookie value. */
function requestWith(cookie: string): string {
  return cookie.split(";")[0]!;
}

describe("password hashing", () => {
  it("stores scrypt with the OWASP parameters unless the tests lower the cost, and verifies only the right password", async () => {
    const testsCost = await hashPassword(PASSWORD);
    expect(testsCost).toMatch(/^scrypt\$1024\$8\$1\$/);
    delete process.env.PASSWORD_HASH_COST;
    resetEnvCache();
    const hash = await hashPassword(PASSWORD).finally(() => {
      process.env.PASSWORD_HASH_COST = "10";
      resetEnvCache();
    });
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}x`, hash)).toBe(false);
    expect(await verifyPassword(PASSWORD, "kaputt")).toBe(false);
    // The same password gets a new salt each time.
    expect(await hashPassword(PASSWORD)).not.toBe(hash);
  });

  it("the tests' precomputed hash of their default password verifies and carries the parameters of the tests' hashPassword", async () => {
    const parameters = (hash: string) => hash.split("$").slice(0, 4);
    expect(parameters(DEFAULT_ADMIN_PASSWORD_HASH)).toEqual(parameters(await hashPassword(PASSWORD)));
    expect(await verifyPassword(PASSWORD, DEFAULT_ADMIN_PASSWORD_HASH)).toBe(true);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and in production Secure with the __Host- prefix", () => {
    expect(sessionCookie("abc", policy)).toBe("__Host-hc_admin=abc; Path=/; HttpOnly; SameSite=Lax; Secure");
    expect(sessionCookie("abc", { ...policy, secureCookie: false })).toBe("hc_admin=abc; Path=/; HttpOnly; SameSite=Lax");
    expect(clearSessionCookie(policy)).toContain("Max-Age=0");
  });
});

describe.each(testDatabaseKinds)("admin authentication on %s", (kind) => {
  let userId: string;
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    // PASSWORD's precomputed hash (tests/support/factories.ts).
    userId = (await createAdminAccount(database.db, { email: EMAIL, displayName: "Chef", passwordHash: DEFAULT_ADMIN_PASSWORD_HASH })).id;
  });

  const t0 = new Date("2026-12-01T08:00:00Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it("logs in with the right password (e-mail case-insensitive) and stores only the session id's hash", async () => {
    const result = await login(database.db, { email: " Chef@HappyCar.example ", password: PASSWORD, ip: "10.0.0.1", now: t0, policy });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const rows = await database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash).not.toBe(result.value.sessionId);
    expect(rows[0]!.idHash).toMatch(/^[0-9a-f]{64}$/);
    const [user] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, userId));
    expect(user!.lastLoginAt?.toISOString()).toBe(t0.toISOString());
    expect(user!.passwordHash).not.toContain(PASSWORD);
  });

  it("gives a new session id at every login", async () => {
    const first = await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.1", now: t0, policy });
    const second = await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.1", now: t0, policy });
    expect(first.ok && second.ok && first.value.sessionId !== second.value.sessionId).toBe(true);
  });

  it("answers a wrong password and an unknown e-mail the same way, after the same scrypt work", async () => {
    // At 2^14 (16 MiB, tens of ms) rather than the tests' 2^10, so that scrypt outweighs the queries around it.
    withPasswordHashCost(14);
    const passwordHash = await hashPassword(PASSWORD);
    await database.db.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, userId));
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      const result = await login(database.db, { email, password: "falsch-falsch-falsch", ip, now: t0 });
      return { result, ms: performance.now() - started };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      const a = await timed(EMAIL, `10.0.1.${round}`);
      const b = await timed("niemand@example.at", `10.0.2.${round}`);
      expect(a.result).toEqual({ ok: false, code: "wrongPassword" });
      expect(b.result).toEqual(a.result);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    // Both run scrypt; the fastest of three ignores stalls of a busy machine. Skipping scrypt for
    // unknown accounts, or checking them against a cheaper hash, would make them several times faster.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.3);
  });

  it("refuses an IP for 15 minutes after 5 failures for one account, even with the right password", async () => {
    for (let attempt = 1; attempt <= LOGIN_THROTTLE.accountIpFailures; attempt++) {
      const result = await login(database.db, {
        email: EMAIL,
        password: `falsch-${attempt}-xxxxxx`,
        ip: "10.0.0.9",
        now: at(attempt * 1000),
      });
      expect(result).toEqual({ ok: false, code: "wrongPassword" });
    }
    const blocked = await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.9", now: at(10_000) });
    expect(blocked).toMatchObject({ ok: false, code: "throttled" });
    expect(blocked.ok === false && blocked.code === "throttled" && blocked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // Another IP (the owner at the workshop) is not locked out.
    expect((await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.10", now: at(10_000) })).ok).toBe(true);
    // 15 minutes after the block began it is lifted.
    expect((await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.9", now: at(5000 + minutes(15) + 1000) })).ok).toBe(
      true,
    );
  });

  /** A failed attempt as throughLoginLimits counts it: reserved for the IP before the check, then settled as a failure. */
  async function recordLoginFailure(db: TestDatabase["db"], email: string, ip: string, now: Date) {
    expect(await reserveIpAttempt(db, ip, now)).toEqual({ allowed: true });
    await settleIpFailure(db, email, ip, now);
  }

  it("refuses an IP after 20 failures for different accounts within 15 minutes", async () => {
    for (let n = 0; n < LOGIN_THROTTLE.ipFailures - 1; n++) {
      await recordLoginFailure(database.db, `probe${n}@example.at`, "10.0.0.20", at(n * 30_000));
    }
    expect((await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.20", now: at(minutes(10)) })).ok).toBe(true);
    await recordLoginFailure(database.db, "probe-last@example.at", "10.0.0.20", at(minutes(10)));
    expect(await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.0.0.20", now: at(minutes(11)) })).toMatchObject({
      code: "throttled",
    });
    // Failures older than 15 minutes no longer count towards a new block.
    await database.reset();
  });

  it("ends a session after 1 hour idle", async () => {
    const id = await createSession(database.db, userId, t0, policy);
    const request = requestWith(sessionCookie(id, policy));
    expect(await readSession(database.db, request, at(minutes(59)), policy)).toMatchObject({ admin: { email: EMAIL } });
    // Activity at minute 59 moved the idle deadline.
    expect(await readSession(database.db, request, at(minutes(59 + 59)), policy)).not.toBeNull();
    // Gone once idle for the hour plus the minute last_seen_at may lag behind.
    expect(await readSession(database.db, request, at(minutes(59 + 59 + 61)), policy)).toBeNull();
    expect(await database.db.select().from(sessions)).toHaveLength(0);
  });

  it("ends an active session 12 hours after login", async () => {
    const id = await createSession(database.db, userId, t0, policy);
    const request = requestWith(sessionCookie(id, policy));
    for (let minute = 50; minute < 12 * 60; minute += 50) {
      expect(await readSession(database.db, request, at(minutes(minute)), policy)).not.toBeNull();
    }
    expect(await readSession(database.db, request, at(minutes(12 * 60)), policy)).toBeNull();
  });

  it("deletes the session at logout and ignores unknown or missing cookies", async () => {
    const id = await createSession(database.db, userId, t0, policy);
    const request = requestWith(sessionCookie(id, policy));
    await destroySession(database.db, request, policy);
    expect(await readSession(database.db, request, t0, policy)).toBeNull();
    expect(await readSession(database.db, requestWith(sessionCookie("erfunden", policy)), t0, policy)).toBeNull();
    expect(await readSession(database.db, undefined, t0, policy)).toBeNull();
    // The production cookie name is required: a plain hc_admin cookie does not count there.
    expect(await readSession(database.db, requestWith(`hc_admin=${id}`), t0, policy)).toBeNull();
  });

  it("revokes every session of the account at a password reset", async () => {
    const first = await createSession(database.db, userId, t0, policy);
    await createSession(database.db, userId, t0, policy);
    expect(await resetAdminPassword(database.db, { email: EMAIL, password: "kurz" })).toEqual({
      ok: false,
      code: "tooShort",
    });
    expect((await resetAdminPassword(database.db, { email: EMAIL, password: "Neues-Werkstatt-Passwort-7" })).ok).toBe(true);
    expect(await database.db.select().from(sessions)).toHaveLength(0);
    expect(await readSession(database.db, requestWith(sessionCookie(first, policy)), t0, policy)).toBeNull();
    expect((await login(database.db, { email: EMAIL, password: PASSWORD, ip: "10.3.0.1", now: t0 })).ok).toBe(false);
    expect((await login(database.db, { email: EMAIL, password: "Neues-Werkstatt-Passwort-7", ip: "10.3.0.1", now: t0 })).ok).toBe(true);
  });

  it("refuses a second account with the same e-mail and a common password", async () => {
    expect(await createAdmin(database.db, { email: "CHEF@happycar.example", password: "Anderes-Passwort-2026" })).toEqual({
      ok: false,
      code: "exists",
    });
    expect(await createAdmin(database.db, { email: "neu@happycar.example", password: "Passwort123456" })).toEqual({
      ok: false,
      code: "common",
    });
  });

  it("first start: creates the account from ADMIN_EMAIL/ADMIN_PASSWORD, or hands out a setup link", async () => {
    expect(await bootstrapAdmin(database.db, { origin: "http://x" })).toEqual({ ok: true, value: { kind: "exists" } });
    await database.reset();
    const link = await bootstrapAdmin(database.db, { origin: "https://www.happycar.at", now: t0 });
    expect(link.ok && link.value.kind).toBe("setup-link");
    expect(link.ok && link.value.kind === "setup-link" && link.value.url).toMatch(
      /^https:\/\/www\.happycar\.at\/admin-setup\?token=[A-Za-z0-9_-]{43}$/,
    );
    await database.reset();
    expect(
      await bootstrapAdmin(database.db, { adminEmail: "owner@happycar.example", adminPassword: PASSWORD, origin: "http://x" }),
    ).toEqual({ ok: true, value: { kind: "created", email: "owner@happycar.example" } });
  });

  it("the setup link works once, within one hour", async () => {
    await database.reset();
    const token = await createSetupToken(database.db, t0);
    expect(await isSetupTokenUsable(database.db, token, at(minutes(59)))).toBe(true);
    expect(await isSetupTokenUsable(database.db, token, at(minutes(61)))).toBe(false);
    expect(await isSetupTokenUsable(database.db, "erfunden", t0)).toBe(false);
    // A weak password does not spend the token.
    const weak = await completeSetup(database.db, {
      token,
      email: "owner@happycar.example",
      password: "password1234",
      ip: "10.4.0.1",
      now: at(1000),
    });
    expect(weak).toEqual({ ok: false, code: "common" });
    const done = await completeSetup(database.db, {
      token,
      email: "owner@happycar.example",
      password: PASSWORD,
      ip: "10.4.0.1",
      now: at(2000),
    });
    expect(done.ok).toBe(true);
    const again = await completeSetup(database.db, {
      token,
      email: "zweiter@happycar.example",
      password: PASSWORD,
      ip: "10.4.0.1",
      now: at(3000),
    });
    expect(again).toEqual({ ok: false, code: "setupDone" });
    expect(await isSetupTokenUsable(database.db, token, at(3000))).toBe(false);
    expect(await database.db.select().from(adminUsers)).toHaveLength(1);
  });

  it("an expired setup link creates nothing", async () => {
    await database.reset();
    const token = await createSetupToken(database.db, t0);
    expect(
      await completeSetup(database.db, {
        token,
        email: "owner@happycar.example",
        password: PASSWORD,
        ip: "10.4.0.1",
        now: at(minutes(61)),
      }),
    ).toEqual({
      ok: false,
      code: "setupInvalid",
    });
    expect(await database.db.select().from(adminUsers)).toHaveLength(0);
  });
});

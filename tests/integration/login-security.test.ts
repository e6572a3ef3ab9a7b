import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { completeSecondFactor, login } from "~/auth/login.server";
import { addressKey } from "~/auth/login-gate.server";
import { hashPassword } from "~/auth/password.server";
import type { AdminIdentity } from "~/auth/session.server";
import { createSession, readSession, sessionCookie, type SessionPolicy } from "~/auth/session.server";
import { LOGIN_THROTTLE, releaseIpAttempt, reserveIpAttempt } from "~/auth/throttle.server";
import { adminUsers, auditLog, loginGates, recoveryCodes, sessions } from "~/db/schema";
import { LOGIN_GATE, pauseAfterFailures } from "~/domain/login-gate";
import { logger } from "~/lib/logger.server";
import { resetSecondFactor } from "~/services/admin-accounts.server";
import {
  disableSecondFactor,
  enableSecondFactor,
  securityOverview,
  setSecondFactorRequired,
  startEnrolment,
} from "~/services/second-factor.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminAccount, createAdminIdentity, DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD_HASH } from "../support/factories";
import { useTestDatabase, withPasswordHashCost } from "../support/fixtures";

const PASSWORD = DEFAULT_ADMIN_PASSWORD;
/** PASSWORD's precomputed hash (tests/support/factories.ts). */
const passwordHash = DEFAULT_ADMIN_PASSWORD_HASH;
const EMAIL = "chef@happycar.example";
const policy: SessionPolicy = { idleMs: 60 * 60_000, absoluteMs: 12 * 3_600_000, secureCookie: true };
const t0 = new Date("2026-12-01T08:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const seconds = (n: number) => n * 1000;

function codeAt(secret: string, when: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: when.getTime(),
  });
}

/** The Cookie header of a request with this session. */
function requestWith(sessionId: string): string {
  return sessionCookie(sessionId, policy).split(";")[0]!;
}

describe.each(testDatabaseKinds)("login limits and the second factor on %s", (kind) => {
  let owner: AdminIdentity;
  const database = useTestDatabase(kind, { poolSize: 16 });
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: EMAIL, displayName: "Chef", passwordHash });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const attempt = (email: string, password: string, ip: string, now: Date, code?: string) =>
    login(database.db, { email, password, ip, now, code, policy, requestId: "req-1" });

  /**
   * For parallel guesses at one address: the first is still in its scrypt run while the others meet
   * the gate. At the tests' 2^10 it could finish first (1 ms), and after one failure the next guess
   * may go at once. 2^16 for the owner's stored hash and for the dummy hash of unknown addresses.
   */
  const slowScrypt = async () => {
    withPasswordHashCost(16);
    await database.db.update(adminUsers).set({ passwordHash: await hashPassword(PASSWORD) });
  };

  describe("the per-account gate", () => {
    it.each([
      ["an existing account", EMAIL],
      ["an address without an account", "niemand@happycar.example"],
    ])("lets one of 12 parallel guesses for %s through, from 12 addresses; the rest get 429 at once", async (_label, email) => {
      await slowScrypt();
      const results = await Promise.all(Array.from({ length: 12 }, (_, n) => attempt(email, `geraten-${n}-xxxxxx`, `10.9.0.${n}`, t0)));
      expect(results.filter((result) => !result.ok && result.code === "wrongPassword")).toHaveLength(1);
      const refused = results.filter((result) => !result.ok && result.code === "throttled");
      expect(refused).toHaveLength(11);
      for (const result of refused) expect(result).toMatchObject({ limit: "account", retryAfterSeconds: expect.any(Number) });
    });

    it("spaces attempts out after the third failure in a row, whether or not the account exists", async () => {
      for (const email of [EMAIL, "niemand@happycar.example"]) {
        let now = t0;
        for (let failure = 1; failure <= 5; failure++) {
          expect(await attempt(email, `falsch-${failure}-xxxxx`, `10.8.${failure}.1`, now)).toEqual({ ok: false, code: "wrongPassword" });
          now = new Date(now.getTime() + pauseAfterFailures(failure));
        }
        // After the fifth failure the pause is 2 s: half-way through it, the next guess is refused.
        const early = await attempt(email, PASSWORD, "10.8.9.1", new Date(now.getTime() - seconds(1)));
        expect(early).toEqual({ ok: false, code: "throttled", limit: "account", retryAfterSeconds: 1 });
      }
      // The limiter answers alike for both, so it does not tell which addresses have accounts.
      const gates = await database.db.select().from(loginGates);
      expect(gates.map((gate) => gate.failures)).toEqual([5, 5]);
      expect(gates.map((gate) => gate.key).sort()).toEqual([addressKey(EMAIL), addressKey("niemand@happycar.example")].sort());
    });

    it("never locks the owner out for good: after 100 failures the right password works after the cool-down", async () => {
      await attempt(EMAIL, "falsch-falsch-falsch", "10.7.0.1", t0);
      await database.db.update(loginGates).set({ failures: 100, nextAttemptAt: at(LOGIN_GATE.maxPauseMs) });
      expect(await attempt(EMAIL, PASSWORD, "10.7.0.2", at(seconds(30)))).toMatchObject({ code: "throttled", retryAfterSeconds: 30 });
      const after = await attempt(EMAIL, PASSWORD, "10.7.0.2", at(LOGIN_GATE.maxPauseMs));
      expect(after.ok).toBe(true);
      // Success forgets the failures.
      const [gate] = await database.db.select().from(loginGates);
      expect(gate!.failures).toBe(0);
    });

    it("frees an address whose attempt crashed once the lease runs out", async () => {
      await database.db.insert(loginGates).values({ key: addressKey(EMAIL), inFlightUntil: at(LOGIN_GATE.leaseMs), nextAttemptAt: t0 });
      expect(await attempt(EMAIL, PASSWORD, "10.6.0.1", at(seconds(1)))).toMatchObject({ code: "throttled", limit: "account" });
      expect((await attempt(EMAIL, PASSWORD, "10.6.0.1", at(LOGIN_GATE.leaseMs))).ok).toBe(true);
    });
  });

  // A burst from one address at many accounts: each attempt is counted before its scrypt check, so
  // the 20 of the per-IP limit are all that run (before, all of them passed the check at once).
  it.runIf(kind === "postgres")("30 parallel guesses from one IP at 30 addresses: 20 are checked, 10 refused at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, n) => attempt(`raten-${n}@example.at`, `geraten-${n}-xxxxxx`, "10.8.0.1", t0)),
    );
    expect(results.filter((result) => !result.ok && result.code === "wrongPassword")).toHaveLength(LOGIN_THROTTLE.ipFailures);
    const refused = results.filter((result) => !result.ok && result.code === "throttled");
    expect(refused).toHaveLength(10);
    for (const result of refused) expect(result).toMatchObject({ limit: "ip", retryAfterSeconds: 15 * 60 });
    // The IP stays blocked, also for the right password; another IP is not.
    expect(await attempt(EMAIL, PASSWORD, "10.8.0.1", t0)).toMatchObject({ code: "throttled", limit: "ip" });
    expect((await attempt(EMAIL, PASSWORD, "10.8.0.2", t0)).ok).toBe(true);
  });

  it("25 parallel guesses at one account from one IP: the gate refuses 24 without counting them, the IP stays open", async () => {
    await slowScrypt();
    const results = await Promise.all(Array.from({ length: 25 }, (_, n) => attempt(EMAIL, `geraten-${n}-xxxxxx`, "10.8.2.1", t0)));
    expect(results.filter((result) => !result.ok && result.code === "wrongPassword")).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.code === "throttled" && result.limit === "account")).toHaveLength(24);
    expect(await reserveIpAttempt(database.db, "10.8.2.1", t0)).toEqual({ allowed: true });
  });

  it("an attempt that did not fail gives its reserved count back: 25 in a row never block the IP, 21 unreleased do", async () => {
    for (let n = 0; n < 25; n++) {
      expect(await reserveIpAttempt(database.db, "10.8.1.1", t0)).toEqual({ allowed: true });
      await releaseIpAttempt(database.db, "10.8.1.1", t0);
    }
    for (let n = 0; n < LOGIN_THROTTLE.ipFailures; n++) expect((await reserveIpAttempt(database.db, "10.8.1.2", t0)).allowed).toBe(true);
    expect(await reserveIpAttempt(database.db, "10.8.1.2", t0)).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    // A right password after a typo from the same IP still works (the per-account pause starts after the third).
    expect((await attempt(EMAIL, "vertippt-xxxxxxxx", "10.8.1.1", t0)).ok).toBe(false);
    expect((await attempt(EMAIL, PASSWORD, "10.8.1.1", t0)).ok).toBe(true);
  });

  describe("login events in the log", () => {
    it("logs success, failure, refusal and the second-factor step with account id or address hash, never the address or password", async () => {
      const lines: unknown[] = [];
      vi.spyOn(logger, "info").mockImplementation(((entry: unknown) => void lines.push(entry)) as never);
      vi.spyOn(logger, "warn").mockImplementation(((entry: unknown) => void lines.push(entry)) as never);
      await slowScrypt();
      await attempt(EMAIL, PASSWORD, "10.5.0.1", t0);
      await attempt("Niemand@HappyCar.example", "geheim-geheim-123", "10.5.0.2", t0);
      await Promise.all([attempt(EMAIL, "falsch-1-xxxxxx", "10.5.0.3", at(1)), attempt(EMAIL, "falsch-2-xxxxxx", "10.5.0.4", at(1))]);
      expect(lines).toEqual(
        expect.arrayContaining([
          { event: "login.success", accountId: owner.id, ip: "10.5.0.1", requestId: "req-1" },
          { event: "login.failure", addressHash: addressKey("niemand@happycar.example"), ip: "10.5.0.2", requestId: "req-1" },
          expect.objectContaining({ event: "login.failure", accountId: owner.id }),
          expect.objectContaining({ event: "login.refused", limit: "account", addressHash: addressKey(EMAIL) }),
        ]),
      );
      const text = JSON.stringify(lines);
      for (const secret of [EMAIL, "niemand", PASSWORD, "geheim-geheim-123", "falsch-"])
        expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    });
  });

  describe("TOTP", () => {
    async function enrol(now = t0): Promise<{ secret: string; recoveryCodes: string[] }> {
      const setup = await startEnrolment(database.db, owner);
      if (!setup.ok) throw new Error("setup refused");
      const enabled = await enableSecondFactor(database.db, {
        admin: owner,
        password: PASSWORD,
        code: codeAt(setup.value.secret, now),
        ip: "10.4.0.1",
        requestId: "r",
        now,
      });
      if (!enabled.ok) throw new Error(`enable refused: ${JSON.stringify(enabled)}`);
      return { secret: setup.value.secret, recoveryCodes: enabled.value.recoveryCodes };
    }

    it("enrolment confirms one code before switching on, and hands out 10 recovery codes stored only as hashes", async () => {
      const setup = await startEnrolment(database.db, owner);
      expect(setup.ok).toBe(true);
      if (!setup.ok) return;
      expect(setup.value.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.value.otpauthUrl).toMatch(
        /^otpauth:\/\/totp\/Happy%20Car:chef%40happycar\.example\?issuer=Happy%20Car&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/,
      );
      // Not on yet: the password alone still logs in.
      expect((await attempt(EMAIL, PASSWORD, "10.4.0.2", t0)).ok).toBe(true);
      const enable = (password: string, code: string) =>
        enableSecondFactor(database.db, { admin: owner, password, code, ip: "10.4.0.1", requestId: "r", now: t0 });
      expect(await enable(PASSWORD, "000000")).toEqual({ ok: false, code: "wrongPasswordOrCode" });
      // A session alone is not enough: with a right code but without the password nothing changes.
      expect(await enable("nicht-das-passwort", codeAt(setup.value.secret, t0))).toEqual({ ok: false, code: "wrongPasswordOrCode" });
      expect((await attempt(EMAIL, PASSWORD, "10.4.0.2", t0)).ok).toBe(true);
      const enabled = await enableSecondFactor(database.db, {
        admin: owner,
        password: PASSWORD,
        code: codeAt(setup.value.secret, t0),
        ip: "10.4.0.1",
        requestId: "r",
        now: at(seconds(2)),
      });
      expect(enabled.ok).toBe(true);
      if (!enabled.ok) return;
      expect(enabled.value.recoveryCodes).toHaveLength(10);
      expect(new Set(enabled.value.recoveryCodes).size).toBe(10);
      const stored = await database.db.select().from(recoveryCodes);
      expect(stored).toHaveLength(10);
      const storedText = JSON.stringify(stored);
      for (const code of enabled.value.recoveryCodes) expect(storedText).not.toContain(code.replace("-", ""));
      expect(await securityOverview(database.db, owner)).toMatchObject({ enabled: true, recoveryCodesLeft: 10, pendingSecret: null });
    });

    it("asks for the code after the right password, and accepts each code once", async () => {
      const { secret } = await enrol();
      expect(await attempt(EMAIL, PASSWORD, "10.4.1.1", at(seconds(31)))).toEqual({ ok: false, code: "secondFactor", wrongCode: false });
      // A wrong password still says nothing about the second factor.
      expect(await attempt(EMAIL, "falsch-falsch-falsch", "10.4.1.1", at(seconds(31)))).toEqual({ ok: false, code: "wrongPassword" });
      const code = codeAt(secret, at(seconds(60)));
      expect((await attempt(EMAIL, PASSWORD, "10.4.1.1", at(seconds(60)), code)).ok).toBe(true);
      // The same code again, within its window: refused.
      expect(await attempt(EMAIL, PASSWORD, "10.4.1.1", at(seconds(61)), code)).toEqual({
        ok: false,
        code: "secondFactor",
        wrongCode: true,
      });
      // The code used to switch the factor on (an older step) is refused as well.
      expect(await attempt(EMAIL, PASSWORD, "10.4.1.1", at(seconds(62)), codeAt(secret, t0))).toMatchObject({ code: "secondFactor" });
      expect((await attempt(EMAIL, PASSWORD, "10.4.1.1", at(seconds(95)), codeAt(secret, at(seconds(95))))).ok).toBe(true);
    });

    it("accepts each recovery code once, typed with or without the hyphen", async () => {
      const { recoveryCodes: codes } = await enrol();
      const first = codes[0]!;
      expect((await attempt(EMAIL, PASSWORD, "10.4.2.1", at(seconds(40)), first.toUpperCase().replace("-", " "))).ok).toBe(true);
      expect(await attempt(EMAIL, PASSWORD, "10.4.2.1", at(seconds(41)), first)).toEqual({
        ok: false,
        code: "secondFactor",
        wrongCode: true,
      });
      expect(await securityOverview(database.db, owner)).toMatchObject({ recoveryCodesLeft: 9 });
    });

    it("throttles wrong codes like wrong passwords", async () => {
      await enrol();
      let now = at(seconds(40));
      for (let failure = 1; failure <= 4; failure++) {
        expect(await attempt(EMAIL, PASSWORD, "10.4.3.1", now, "123456")).toMatchObject({ code: "secondFactor", wrongCode: true });
        now = new Date(now.getTime() + pauseAfterFailures(failure));
      }
      expect(await attempt(EMAIL, PASSWORD, "10.4.3.1", new Date(now.getTime() - 500), "123456")).toMatchObject({
        code: "throttled",
        limit: "account",
      });
    });

    it("the form's second step: a short pending session that only a valid code turns into a full one", async () => {
      const { secret } = await enrol();
      const first = await login(database.db, {
        email: EMAIL,
        password: PASSWORD,
        ip: "10.4.4.1",
        now: at(seconds(40)),
        policy,
        pendingSecondFactor: true,
      });
      expect(first).toMatchObject({ ok: false, code: "secondFactor", sessionId: expect.any(String) });
      if (first.ok || first.code !== "secondFactor" || !first.sessionId) return;
      const pending = await readSession(database.db, requestWith(first.sessionId), at(seconds(41)), policy);
      expect(pending).toMatchObject({ stage: "second_factor" });
      const wrong = await completeSecondFactor(database.db, {
        pendingSessionId: first.sessionId,
        userId: owner.id,
        code: "111111",
        ip: "10.4.4.1",
        now: at(seconds(42)),
        policy,
      });
      expect(wrong).toMatchObject({ code: "secondFactor", wrongCode: true });
      const done = await completeSecondFactor(database.db, {
        pendingSessionId: first.sessionId,
        userId: owner.id,
        code: codeAt(secret, at(seconds(62))),
        ip: "10.4.4.1",
        now: at(seconds(62)),
        policy,
      });
      expect(done.ok).toBe(true);
      if (!done.ok) return;
      expect(await readSession(database.db, requestWith(first.sessionId), at(seconds(63)), policy)).toBeNull();
      expect(await readSession(database.db, requestWith(done.value.sessionId), at(seconds(63)), policy)).toMatchObject({ stage: "active" });
      // The pending step expires after five minutes.
      const late = await login(database.db, {
        email: EMAIL,
        password: PASSWORD,
        ip: "10.4.4.2",
        now: at(seconds(100)),
        policy,
        pendingSecondFactor: true,
      });
      if (late.ok || late.code !== "secondFactor" || !late.sessionId) throw new Error("no pending session");
      expect(await readSession(database.db, requestWith(late.sessionId), at(seconds(100 + 5 * 60)), policy)).toBeNull();
    });

    it("switching off needs the password and a current code", async () => {
      const { secret } = await enrol();
      const now = at(seconds(60));
      expect(
        await disableSecondFactor(database.db, { admin: owner, password: PASSWORD, code: "000000", ip: "10.4.5.1", requestId: "r", now }),
      ).toEqual({
        ok: false,
        code: "wrongPasswordOrCode",
      });
      expect(
        await disableSecondFactor(database.db, {
          admin: owner,
          password: "falsch-falsch",
          code: codeAt(secret, now),
          ip: "10.4.5.1",
          requestId: "r",
          now,
        }),
      ).toEqual({ ok: false, code: "wrongPasswordOrCode" });
      const later = at(seconds(95));
      expect(
        await disableSecondFactor(database.db, {
          admin: owner,
          password: PASSWORD,
          code: codeAt(secret, later),
          ip: "10.4.5.1",
          requestId: "r",
          now: later,
        }),
      ).toEqual({ ok: true, value: null });
      expect(await database.db.select().from(recoveryCodes)).toHaveLength(0);
      expect((await attempt(EMAIL, PASSWORD, "10.4.5.1", at(seconds(200)))).ok).toBe(true);
    });

    it("a lost phone without recovery codes: the CLI's reset switches the factor off and ends the sessions", async () => {
      await enrol();
      const session = await createSession(database.db, owner.id, t0, policy);
      expect(await resetSecondFactor(database.db, { email: "CHEF@happycar.example" })).toEqual({ ok: true, value: { id: owner.id } });
      expect(await readSession(database.db, requestWith(session), t0, policy)).toBeNull();
      expect(await database.db.select().from(recoveryCodes)).toHaveLength(0);
      expect((await attempt(EMAIL, PASSWORD, "10.4.7.1", at(seconds(40)))).ok).toBe(true);
      expect(await resetSecondFactor(database.db, { email: "niemand@happycar.example" })).toEqual({ ok: false, code: "unknown" });
    });

    it("the owner can require the factor for all accounts: an account without it must enrol; staff cannot change it", async () => {
      const staffRow = await createAdminAccount(database.db, {
        email: "lehrling@happycar.example",
        displayName: "Lehrling",
        passwordHash,
        role: "staff",
      });
      const staff: AdminIdentity = { id: staffRow.id, email: staffRow.email, displayName: staffRow.displayName, role: "staff" };
      expect(await setSecondFactorRequired(database.db, { admin: staff, required: true })).toEqual({ ok: false, code: "ownerOnly" });
      expect(await setSecondFactorRequired(database.db, { admin: owner, required: true })).toEqual({ ok: true, value: { required: true } });
      const staffSession = await createSession(database.db, staff.id, t0, policy);
      expect(await readSession(database.db, requestWith(staffSession), t0, policy)).toMatchObject({ stage: "active", mustEnrol: true });
      const setup = await startEnrolment(database.db, staff);
      if (!setup.ok) throw new Error("setup refused");
      await enableSecondFactor(database.db, {
        admin: staff,
        password: PASSWORD,
        code: codeAt(setup.value.secret, t0),
        ip: "10.4.6.1",
        requestId: "r",
        now: t0,
      });
      expect(await readSession(database.db, requestWith(staffSession), at(1000), policy)).toMatchObject({ mustEnrol: false });
      // While required, nobody switches it off.
      const now = at(seconds(60));
      expect(
        await disableSecondFactor(database.db, {
          admin: staff,
          password: PASSWORD,
          code: codeAt(setup.value.secret, now),
          ip: "10.4.6.1",
          requestId: "r",
          now,
        }),
      ).toEqual({ ok: false, code: "required" });
      const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, staff.id));
      expect(row!.totpSecret).not.toBeNull();
      // Who changed what, and when, is in the audit log.
      const trail = await database.db.select().from(auditLog);
      expect(trail.map((entry) => [entry.action, entry.actor])).toEqual(
        expect.arrayContaining([
          ["settings.second-factor", owner.email],
          ["account.second-factor-on", staff.email],
        ]),
      );
    });
  });

  it("a session used 30 s ago does not expire at a one-minute idle timeout", async () => {
    const oneMinute: SessionPolicy = { ...policy, idleMs: 60_000 };
    const id = await createSession(database.db, owner.id, t0, oneMinute);
    expect(await readSession(database.db, requestWith(id), at(seconds(45)), oneMinute)).not.toBeNull();
    expect(await readSession(database.db, requestWith(id), at(seconds(75)), oneMinute)).not.toBeNull();
    // Idle for the minute plus the touch interval (5 s): gone.
    expect(await readSession(database.db, requestWith(id), at(seconds(75 + 65)), oneMinute)).toBeNull();
    expect(await database.db.select().from(sessions)).toHaveLength(0);
  });
});

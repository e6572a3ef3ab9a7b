import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { login } from "~/auth/login.server";
import { checkSecondFactorCode } from "~/auth/second-factor-lock.server";
import { createSession, sessionCookie } from "~/auth/session.server";
import { issueRecoveryCodes } from "~/auth/totp.server";
import { adminContext } from "~/context";
import { adminUsers, auditLog, emailOutbox } from "~/db/schema";
import { pauseAfterFailures, SECOND_FACTOR_LOCK_AFTER } from "~/domain/login-gate";
import { logger } from "~/lib/logger.server";
import { loginMessages, teamMessages } from "~/messages";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as teamAction } from "~/routes/admin/team";
import { resetSecondFactor } from "~/services/admin-accounts.server";
import { disableSecondFactor } from "~/services/second-factor.server";
import { listTeam, unlockTeamMemberSecondFactor } from "~/services/team.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, DEFAULT_ADMIN_PASSWORD, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";

/** Decision 033: after 20 wrong codes in a row the code login locks until a recovery code, an owner or the CLI lifts it. */

const PASSWORD = DEFAULT_ADMIN_PASSWORD;
const EMAIL = "chef@happycar.example";
/** A fixed secret, so that every code below is the same at every run (the wrong one is never right by chance). */
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const WRONG_CODE = "123456";
const t0 = new Date("2026-12-01T08:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const seconds = (n: number) => n * 1000;

function codeAt(when: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(SECRET), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: when.getTime(),
  });
}

describe.each(testDatabaseKinds)("the lock of the code login on %s", (kind) => {
  const database = useTestDatabase(kind, { poolSize: 12 });
  const api = useApiApp(database);
  let ownerId: string;
  let recoveryCodes: string[];
  beforeEach(async () => {
    ({ id: ownerId } = await createAdminIdentity(database.db, {
      email: EMAIL,
      displayName: "Chef",
      totpSecret: SECRET,
      totpEnabledAt: t0,
    }));
    recoveryCodes = await issueRecoveryCodes(database.db, ownerId, t0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const attempt = (code: string | undefined, ip: string, now: Date) =>
    login(database.db, { email: EMAIL, password: PASSWORD, code, ip, now, requestId: "req-lock" });

  /** The state of the owner's account. */
  const account = async () => {
    const [row] = await database.db
      .select({ failures: adminUsers.secondFactorFailures, lockedAt: adminUsers.secondFactorLockedAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, ownerId));
    return row!;
  };
  /** The account as 20 wrong codes leave it, without the 12 minutes of pauses they take at the login. */
  const lockAccount = (id: string, lockedAt = t0) =>
    database.db
      .update(adminUsers)
      .set({ secondFactorFailures: SECOND_FACTOR_LOCK_AFTER, secondFactorLockedAt: lockedAt })
      .where(eq(adminUsers.id, id));
  const lockEmails = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "second-factor-locked"));

  it("20 wrong codes in a row lock it: then even the right code is refused; one e-mail; the log names the account, never its address", async () => {
    const lines: unknown[] = [];
    vi.spyOn(logger, "info").mockImplementation(((entry: unknown) => void lines.push(entry)) as never);
    vi.spyOn(logger, "warn").mockImplementation(((entry: unknown) => void lines.push(entry)) as never);
    let now = at(seconds(40));
    let lockedAt = now;
    // From another address each time, and each after the gate's pause: only the lock can stop them.
    for (let failure = 1; failure <= SECOND_FACTOR_LOCK_AFTER; failure++) {
      const result = await attempt(WRONG_CODE, `10.3.${failure}.1`, now);
      if (failure < SECOND_FACTOR_LOCK_AFTER) expect(result).toEqual({ ok: false, code: "secondFactor", wrongCode: true });
      else expect(result).toEqual({ ok: false, code: "secondFactorLocked" });
      lockedAt = now;
      now = new Date(now.getTime() + pauseAfterFailures(failure));
    }
    expect(await account()).toEqual({ failures: SECOND_FACTOR_LOCK_AFTER, lockedAt });
    expect(await attempt(codeAt(now), "10.3.100.1", now)).toEqual({ ok: false, code: "secondFactorLocked" });
    now = new Date(now.getTime() + pauseAfterFailures(SECOND_FACTOR_LOCK_AFTER + 1));
    expect(await attempt(WRONG_CODE, "10.3.101.1", now)).toEqual({ ok: false, code: "secondFactorLocked" });

    const mails = await lockEmails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: EMAIL, status: "pending", params: { name: "Chef", lockedAt: lockedAt.toISOString() } });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.second-factor-lock"));
    expect(entry).toMatchObject({ actor: "system", subject: `account:${ownerId}`, reason: "20 falsche Codes in Folge" });

    expect(lines).toEqual(
      expect.arrayContaining([
        { event: "second_factor.locked", accountId: ownerId, ip: "10.3.20.1", requestId: "req-lock" },
        { event: "login.refused", accountId: ownerId, ip: "10.3.100.1", requestId: "req-lock", limit: "second_factor_lock" },
      ]),
    );
    expect(JSON.stringify(lines).toLowerCase()).not.toContain(EMAIL);
  });

  // The gate lets one attempt per address through at a time; the count holds even without it.
  it.runIf(kind === "postgres")("10 wrong codes at once from 15 before: every one is counted, one of them locks and e-mails", async () => {
    await database.db.update(adminUsers).set({ secondFactorFailures: 15 }).where(eq(adminUsers.id, ownerId));
    const owner = { id: ownerId, email: EMAIL, displayName: "Chef" };
    const checks = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        checkSecondFactorCode(database.db, owner, SECRET, WRONG_CODE, { ip: `10.3.9.${n}`, requestId: "r", now: t0 }),
      ),
    );
    expect(checks.filter((check) => check === "lockedNow")).toHaveLength(1);
    expect(checks.filter((check) => check === "wrong")).toHaveLength(4);
    expect(checks.filter((check) => check === "locked")).toHaveLength(5);
    expect(await account()).toEqual({ failures: 25, lockedAt: t0 });
    expect(await lockEmails()).toHaveLength(1);
  });

  it("a recovery code logs in while it is locked and lifts the lock; then the app's codes work again", async () => {
    await lockAccount(ownerId);
    const lines: unknown[] = [];
    vi.spyOn(logger, "info").mockImplementation(((entry: unknown) => void lines.push(entry)) as never);
    expect(await attempt(codeAt(at(seconds(40))), "10.3.0.1", at(seconds(40)))).toEqual({ ok: false, code: "secondFactorLocked" });
    expect((await attempt(recoveryCodes[0], "10.3.0.1", at(seconds(41)))).ok).toBe(true);
    expect(await account()).toEqual({ failures: 0, lockedAt: null });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.second-factor-unlock"));
    expect(entry).toMatchObject({ actor: EMAIL, subject: `account:${ownerId}`, reason: "mit einem Wiederherstellungscode" });
    expect(lines).toContainEqual({ event: "second_factor.unlocked", accountId: ownerId, ip: "10.3.0.1", requestId: "req-lock" });
    expect((await attempt(codeAt(at(seconds(70))), "10.3.0.1", at(seconds(70)))).ok).toBe(true);
    expect(await lockEmails()).toHaveLength(0);
  });

  it("a code that logs in forgets the wrong ones before it: 19, the right one, then one more wrong is no lock", async () => {
    await database.db
      .update(adminUsers)
      .set({ secondFactorFailures: SECOND_FACTOR_LOCK_AFTER - 1 })
      .where(eq(adminUsers.id, ownerId));
    expect((await attempt(codeAt(at(seconds(40))), "10.3.0.2", at(seconds(40)))).ok).toBe(true);
    expect(await account()).toEqual({ failures: 0, lockedAt: null });
    expect(await attempt(WRONG_CODE, "10.3.0.2", at(seconds(41)))).toEqual({ ok: false, code: "secondFactor", wrongCode: true });
    expect(await account()).toEqual({ failures: 1, lockedAt: null });
  });

  it("switching the factor off on 'Sicherheit' counts wrong codes too, and refuses the app's code while locked", async () => {
    await database.db
      .update(adminUsers)
      .set({ secondFactorFailures: SECOND_FACTOR_LOCK_AFTER - 1 })
      .where(eq(adminUsers.id, ownerId));
    const admin = { id: ownerId, email: EMAIL, displayName: "Chef", role: "owner" as const };
    const disable = (code: string, now: Date) =>
      disableSecondFactor(database.db, { admin, password: PASSWORD, code, ip: "10.3.0.3", requestId: "r", now });
    expect(await disable(WRONG_CODE, at(seconds(40)))).toEqual({ ok: false, code: "secondFactorLocked" });
    expect(await disable(codeAt(at(seconds(41))), at(seconds(41)))).toEqual({ ok: false, code: "secondFactorLocked" });
    expect(await lockEmails()).toHaveLength(1);
  });

  it("switching the factor off for a lost phone (npm run admin -- reset-2fa) forgets the lock: a new factor starts unlocked", async () => {
    await lockAccount(ownerId);
    expect((await resetSecondFactor(database.db, { email: EMAIL })).ok).toBe(true);
    expect(await account()).toEqual({ failures: 0, lockedAt: null });
  });

  it("the form's code step says it is locked before a code is typed, and answers the app's right code with 423", async () => {
    await lockAccount(ownerId);
    const pending = await createSession(database.db, ownerId, new Date(), undefined, { stage: "second_factor" });
    const cookie = sessionCookie(pending).split(";")[0]!;
    const page = await loginLoader(
      (await routeArgs(new Request("http://localhost/admin-login", { headers: { Cookie: cookie } }), { db: database.db })) as never,
    );
    expect(page).toMatchObject({ step: "code", codeLocked: true });
    const request = new Request("http://localhost/admin-login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ intent: "code", code: codeAt(new Date()), redirectTo: "/admin" }).toString(),
    });
    const answer = (await loginAction((await routeArgs(request, { db: database.db })) as never)) as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect([answer.init?.status, answer.data]).toEqual([
      423,
      { error: loginMessages.secondFactorLocked, email: "", step: "code", codeLocked: true },
    ]);
  });

  it("the JSON login answers 423 with the German words, also for the right code", async () => {
    await lockAccount(ownerId);
    const response = await api.request("/api/v1/admin/login", { json: { email: EMAIL, password: PASSWORD, code: codeAt(new Date()) } });
    expect(response.status).toBe(423);
    expect(await response.json()).toEqual({ error: loginMessages.secondFactorLocked, secondFactor: true });
  });

  describe("lifted by an owner", () => {
    let staffId: string;
    beforeEach(async () => {
      ({ id: staffId } = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" }));
      await lockAccount(ownerId);
    });

    it("POST /api/v1/admin/users/:id/unlock-second-factor: 403 for staff, 404 for no account, 204 for an owner, audited", async () => {
      const path = `/api/v1/admin/users/${ownerId}/unlock-second-factor`;
      const staffCookie = await sessionCookieOf(database.db, staffId);
      const owner = await createAdminIdentity(database.db, { email: "inhaberin@happycar.example", displayName: "Inhaberin" });
      const ownerCookie = await sessionCookieOf(database.db, owner.id);

      const refused = await api.request(path, { json: {}, cookie: staffCookie });
      expect([refused.status, await refused.json()]).toEqual([403, { error: teamMessages.ownerOnly }]);
      expect((await account()).lockedAt).not.toBeNull();
      const team = (await (await api.request("/api/v1/admin/users", { cookie: ownerCookie })).json()) as { users: object[] };
      expect(team.users).toContainEqual(expect.objectContaining({ id: ownerId, secondFactorLockedAt: t0.toISOString() }));
      const unknown = await api.request("/api/v1/admin/users/0b5c7f3e-8d4a-4c1e-9f2b-6a7d8e9f0a1b/unlock-second-factor", {
        json: {},
        cookie: ownerCookie,
      });
      expect(unknown.status).toBe(404);

      expect((await api.request(path, { json: {}, cookie: ownerCookie })).status).toBe(204);
      expect(await account()).toEqual({ failures: 0, lockedAt: null });
      expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "account.second-factor-unlock"))).toEqual([
        expect.objectContaining({ actor: owner.email, subject: `account:${ownerId}` }),
      ]);
      expect((await attempt(codeAt(at(seconds(40))), "10.3.0.4", at(seconds(40)))).ok).toBe(true);
    });

    it("'Code-Sperre aufheben' on the 'Team' page: shown for the locked account, refused to staff", async () => {
      const owner = await createAdminIdentity(database.db, { email: "inhaberin@happycar.example", displayName: "Inhaberin" });
      const team = await listTeam(database.db, owner, t0);
      expect(team.ok && team.value.map((member) => [member.email, member.secondFactorLockedAt])).toEqual([
        [EMAIL, t0.toISOString()],
        ["lena@happycar.example", null],
        ["inhaberin@happycar.example", null],
      ]);
      const staff = { id: staffId, email: "lena@happycar.example", displayName: "Lena", role: "staff" as const };
      expect(await unlockTeamMemberSecondFactor(database.db, { actor: staff, id: ownerId, now: t0 })).toEqual({
        ok: false,
        code: "ownerOnly",
      });

      const post = async (actor: typeof owner) => {
        const request = new Request("http://localhost/admin/team", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "unlock-second-factor", id: ownerId }).toString(),
        });
        const args = await routeArgs(request, { db: database.db });
        args.context.set(adminContext, actor);
        const answer = (await teamAction(args as never)) as { data: unknown; init: ResponseInit | null };
        return [answer.init?.status ?? 200, answer.data];
      };
      expect(await post(staff)).toEqual([403, { ok: false, message: teamMessages.ownerOnly }]);
      expect((await account()).lockedAt).not.toBeNull();
      expect(await post(owner)).toEqual([200, { ok: true, message: teamMessages.secondFactorUnlocked }]);
      expect(await account()).toEqual({ failures: 0, lockedAt: null });
    });
  });
});

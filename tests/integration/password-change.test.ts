import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { login } from "~/auth/login.server";
import { type AdminIdentity, createSession, sessionCookie } from "~/auth/session.server";
import { adminContext } from "~/context";
import { adminUsers, auditLog, emailOutbox, sessions } from "~/db/schema";
import { renderEmail } from "~/mail/templates";
import { passwordChangeMessages } from "~/messages";
import { action as securityAction } from "~/routes/admin/security";
import { changeOwnPassword } from "~/services/account-password.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminAccount, createAdminIdentity, DEFAULT_ADMIN_PASSWORD } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";

const t0 = new Date("2026-12-01T08:00:00Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const NEW_PASSWORD = "Neues-Werkstatt-Passwort-27";
const IP = "198.51.100.7";

/** The Cookie header of a request with this session. */
function cookieOf(sessionId: string): string {
  return sessionCookie(sessionId).split(";")[0]!;
}

describe.each(testDatabaseKinds)("'Passwort ändern' on %s", (kind) => {
  let chef: AdminIdentity;
  const database = useTestDatabase(kind, { poolSize: 10 });
  const api = useApiApp(database);
  beforeEach(async () => {
    chef = await createAdminIdentity(database.db, { email: "chef@happycar.example", displayName: "Chef" });
  });

  const change = (sessionId: string, currentPassword: string, newPassword: string, now = t0) =>
    changeOwnPassword(database.db, { admin: chef, sessionId, currentPassword, newPassword, ip: IP, requestId: "test", now });

  it("takes the current password and a new one: the new one logs in, the old one no longer; every other session ends, this one stays", async () => {
    const here = await createSession(database.db, chef.id, t0);
    const laptop = await createSession(database.db, chef.id, t0);
    await createSession(database.db, chef.id, t0, undefined, { stage: "second_factor" });
    const other = await createAdminAccount(database.db, { email: "lena@happycar.example", role: "staff" });
    const othersSession = await createSession(database.db, other.id, t0);

    expect(await change(here, DEFAULT_ADMIN_PASSWORD, NEW_PASSWORD)).toEqual({ ok: true, value: null });

    const left = await database.db.select().from(sessions);
    expect(left.map((row) => row.userId).sort()).toEqual([chef.id, other.id].sort());
    const me = await api.request("/api/v1/admin/sessions", { cookie: cookieOf(here) });
    expect(me.status).toBe(200);
    expect((await api.request("/api/v1/admin/sessions", { cookie: cookieOf(laptop) })).status).toBe(401);
    expect((await api.request("/api/v1/admin/sessions", { cookie: cookieOf(othersSession) })).status).toBe(200);

    expect(await login(database.db, { email: chef.email, password: DEFAULT_ADMIN_PASSWORD, ip: "10.0.0.1", now: minutes(1) })).toEqual({
      ok: false,
      code: "wrongPassword",
    });
    expect((await login(database.db, { email: chef.email, password: NEW_PASSWORD, ip: "10.0.0.1", now: minutes(2) })).ok).toBe(true);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.password-change"));
    expect(entry).toMatchObject({ actor: chef.email, subject: `account:${chef.id}` });
  });

  it("e-mails the account: 'Ihr Passwort wurde geändert', the time in Vienna, a link to 'Sicherheit', what to do if it was not them", async () => {
    const here = await createSession(database.db, chef.id, t0);
    await change(here, DEFAULT_ADMIN_PASSWORD, NEW_PASSWORD);
    const mails = await database.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: "chef@happycar.example", template: "password-changed", status: "pending" });
    const rendered = renderEmail({ ...mails[0]!, createdAt: t0 }, "https://www.happycar.example");
    expect(rendered.subject).toBe("Ihr Passwort wurde geändert");
    expect(rendered.text).toContain("wurde am 01.12.2026 09:00 Uhr auf der Seite „Sicherheit“ geändert.");
    expect(rendered.text).toContain("Alle anderen Sitzungen wurden beendet.");
    expect(rendered.text).toContain("https://www.happycar.example/admin/sicherheit");
    expect(rendered.text).toContain("Waren Sie das nicht? Dann setzen Sie Ihr Passwort sofort über „Passwort vergessen?“");
    expect(rendered.html).toContain('href="https://www.happycar.example/admin/sicherheit"');
  });

  it("refuses a new password the policy refuses or the current one again, before any check; nothing changes", async () => {
    const here = await createSession(database.db, chef.id, t0);
    const laptop = await createSession(database.db, chef.id, t0);
    const [before] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, chef.id));
    expect(await change(here, DEFAULT_ADMIN_PASSWORD, "kurz")).toEqual({ ok: false, code: "tooShort" });
    expect(await change(here, DEFAULT_ADMIN_PASSWORD, "passwort1234")).toEqual({ ok: false, code: "common" });
    expect(await change(here, DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD)).toEqual({ ok: false, code: "samePassword" });
    expect(await change(here, "ganz-falsch-geraten", NEW_PASSWORD)).toEqual({ ok: false, code: "wrongCurrentPassword" });
    const [after] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, chef.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await database.db.select().from(sessions)).map((row) => row.idHash)).toHaveLength(2);
    expect(laptop).toBeTruthy();
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  it("counts a wrong current password like a failed login: the gate pauses the address, and five from one IP block that IP for the login too", async () => {
    const here = await createSession(database.db, chef.id, t0);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await change(here, `falsch-${attempt}-geraten`, NEW_PASSWORD, minutes(2 * attempt))).toEqual({
        ok: false,
        code: "wrongCurrentPassword",
      });
    }
    // The right password from that IP is refused now, at the login as here.
    expect(await login(database.db, { email: chef.email, password: DEFAULT_ADMIN_PASSWORD, ip: IP, now: minutes(11) })).toMatchObject({
      ok: false,
      code: "throttled",
      limit: "ip",
    });
    expect(await change(here, DEFAULT_ADMIN_PASSWORD, NEW_PASSWORD, minutes(12))).toMatchObject({
      ok: false,
      code: "throttled",
      limit: "ip",
    });
  });

  it("POST /api/v1/admin/password: 204 and the session stays; a wrong current password 400 in German; wrong ones block the IP like failed logins, 429 with Retry-After; 401 without a session", async () => {
    // Four wrong guesses from this IP in the last minutes, then a fifth through the API below: the IP is blocked (app/auth/throttle.server.ts).
    const recently = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    for (let attempt = 0; attempt < 4; attempt++) {
      const guess = await changeOwnPassword(database.db, {
        admin: chef,
        sessionId: "",
        currentPassword: `falsch-${attempt}-geraten`,
        newPassword: "Noch-ein-Passwort-2028",
        ip: IP,
        requestId: "test",
        now: recently(10 - 2 * attempt),
      });
      expect(guess).toEqual({ ok: false, code: "wrongCurrentPassword" });
    }
    const login = await api.request("/api/v1/admin/login", { json: { email: chef.email, password: DEFAULT_ADMIN_PASSWORD } });
    expect(login.status).toBe(204);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const unauthenticated = await api.request("/api/v1/admin/password", {
      json: { currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(unauthenticated.status).toBe(401);

    const missing = await api.request("/api/v1/admin/password", { cookie, json: { newPassword: NEW_PASSWORD } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: passwordChangeMessages.changeMissing });

    const changed = await api.request("/api/v1/admin/password", {
      cookie,
      json: { currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    expect((await api.request("/api/v1/admin/sessions", { cookie })).status).toBe(200);

    const wrong = await api.request("/api/v1/admin/password", {
      cookie,
      clientIp: IP,
      json: { currentPassword: "falsch-4-geraten", newPassword: "Noch-ein-Passwort-2028" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Das aktuelle Passwort ist falsch." });
    const blocked = await api.request("/api/v1/admin/password", {
      cookie,
      clientIp: IP,
      json: { currentPassword: NEW_PASSWORD, newPassword: "Noch-ein-Passwort-2028" },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await blocked.json()).toEqual({
      error: "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.",
    });
    const loginBlocked = await api.request("/api/v1/admin/login", { clientIp: IP, json: { email: chef.email, password: NEW_PASSWORD } });
    expect(loginBlocked.status).toBe(429);
  });

  it("the page's form ('Sicherheit', intent=password): a mismatch or a wrong password in German and nothing changes; then the change, in German", async () => {
    const here = await createSession(database.db, chef.id, t0);
    const laptop = await createSession(database.db, chef.id, t0);
    const post = async (fields: Record<string, string>) => {
      const request = new Request("http://localhost/admin/sicherheit", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieOf(here) },
        body: new URLSearchParams({ intent: "password", ...fields }).toString(),
      });
      const args = await routeArgs(request, { db: database.db, clientIp: IP });
      args.context.set(adminContext, chef);
      const answer = (await securityAction(args as unknown as Parameters<typeof securityAction>[0])) as {
        data: unknown;
        init: ResponseInit | null;
      };
      return { status: answer.init?.status ?? 200, data: answer.data };
    };
    expect(await post({ currentPassword: DEFAULT_ADMIN_PASSWORD, password: NEW_PASSWORD, passwordRepeat: `${NEW_PASSWORD}x` })).toEqual({
      status: 400,
      data: { ok: false, message: "Die Passwörter stimmen nicht überein." },
    });
    expect(await post({ currentPassword: "ganz-falsch-geraten", password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD })).toEqual({
      status: 400,
      data: { ok: false, message: "Das aktuelle Passwort ist falsch." },
    });
    expect(await database.db.select().from(sessions)).toHaveLength(2);
    expect(await post({ currentPassword: DEFAULT_ADMIN_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD })).toEqual({
      status: 200,
      data: { ok: true, message: "Ihr Passwort wurde geändert. Alle anderen Sitzungen wurden beendet." },
    });
    const left = await database.db.select().from(sessions);
    expect(left).toHaveLength(1);
    expect((await api.request("/api/v1/admin/sessions", { cookie: cookieOf(laptop) })).status).toBe(401);
  });
});

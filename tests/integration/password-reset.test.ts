import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { beforeEach, describe, expect, it } from "vitest";
import { login } from "~/auth/login.server";
import { createSession } from "~/auth/session.server";
import { LINK_THROTTLE } from "~/auth/throttle.server";
import { newTotpSecret } from "~/auth/totp.server";
import { adminUsers, auditLog, emailOutbox, sessions, setupTokens } from "~/db/schema";
import { renderEmail } from "~/mail/templates";
import { passwordChangeMessages } from "~/messages";
import { completePasswordReset, openPasswordReset, PASSWORD_RESET_LIMITS, requestPasswordReset } from "~/services/account-password.server";
import { acceptInvitation, addTeamMember } from "~/services/team.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminAccount, DEFAULT_ADMIN_PASSWORD } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

const t0 = new Date("2026-12-01T08:00:00Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const NEW_PASSWORD = "Neues-Werkstatt-Passwort-27";
const IP = "198.51.100.7";

function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
}

describe.each(testDatabaseKinds)("'Passwort vergessen?' on %s", (kind) => {
  let chef: Awaited<ReturnType<typeof createAdminAccount>>;
  const database = useTestDatabase(kind, { poolSize: 10 });
  const api = useApiApp(database);
  beforeEach(async () => {
    chef = await createAdminAccount(database.db, { email: "chef@happycar.example", displayName: "Chef" });
  });

  const request = (email: string, now = t0, ip = IP) => requestPasswordReset(database.db, { email, ip, requestId: "test", now });
  const complete = (token: string, newPassword: string, now = t0, ip = IP) =>
    completePasswordReset(database.db, { token, newPassword, ip, requestId: "test", now });
  /** The token of the newest reset e-mail in the outbox. */
  async function mailedToken(): Promise<string> {
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "password-reset"));
    return (mails.at(-1)!.params as { token: string }).token;
  }

  it("answers an unknown address, a deactivated account and an account alike (202, same text); only the account gets an e-mail", async () => {
    await createAdminAccount(database.db, {
      email: "weg@happycar.example",
      displayName: "Weg",
      role: "staff",
      deactivatedAt: t0,
    });
    const answers = [];
    for (const [index, email] of ["chef@happycar.example", "niemand@happycar.example", "weg@happycar.example"].entries()) {
      const response = await api.request("/api/v1/admin/password-reset", { clientIp: `203.0.113.${index + 1}`, json: { email } });
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(answers).toEqual(Array(3).fill({ status: 202, body: { message: passwordChangeMessages.resetRequested } }));
    expect(passwordChangeMessages.resetRequested).toBe(
      "Wenn es zu dieser Adresse ein aktives Konto gibt, haben wir eine E-Mail mit einem Link geschickt. Er gilt 1 Stunde und nur einmal. Bitte sehen Sie auch im Spam-Ordner nach.",
    );
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map(({ recipient, template }) => ({ recipient, template }))).toEqual([
      { recipient: "chef@happycar.example", template: "password-reset" },
    ]);
    const invalid = await api.request("/api/v1/admin/password-reset", { json: { email: "kein at zeichen" } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: "Bitte geben Sie eine gültige E-Mail-Adresse ein." });
  });

  it("stores only the token's hash, for one hour; the e-mail carries the link /admin-passwort-neu/<token>", async () => {
    expect(await request("Chef@HappyCar.example ")).toEqual({ ok: true, value: null });
    const token = await mailedToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await database.db.select().from(setupTokens);
    expect(stored).toMatchObject({
      tokenHash: crypto.createHash("sha256").update(token).digest("hex"),
      userId: chef.id,
      purpose: "password-reset",
      usedAt: null,
    });
    expect(stored!.expiresAt.getTime() - t0.getTime()).toBe(3_600_000);
    const [mail] = await database.db.select().from(emailOutbox);
    const rendered = renderEmail({ ...mail!, createdAt: t0 }, "https://www.happycar.example");
    expect(rendered.subject).toBe("Passwort zurücksetzen");
    expect(rendered.text).toContain(`https://www.happycar.example/admin-passwort-neu/${token}`);
    expect(rendered.text).toContain("er gilt 1 Stunde und nur einmal");
    expect(rendered.text).toContain("Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail bitte");
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.password-reset-requested"));
    expect(entry).toMatchObject({ actor: "system", subject: `account:${chef.id}` });
  });

  it("expires after one hour and works once: the new password logs in, the old one not, every session of the account ends", async () => {
    await request(chef.email);
    const expired = await mailedToken();
    expect(await openPasswordReset(database.db, expired, minutes(59))).toEqual({ email: chef.email, name: "Chef" });
    expect(await openPasswordReset(database.db, expired, minutes(60))).toBeNull();
    expect(await complete(expired, NEW_PASSWORD, minutes(60))).toEqual({ ok: false, code: "resetInvalid" });

    await request(chef.email, minutes(61));
    const token = await mailedToken();
    await createSession(database.db, chef.id, minutes(61));
    await createSession(database.db, chef.id, minutes(61));
    expect(await complete(token, NEW_PASSWORD, minutes(62))).toEqual({ ok: true, value: { accountId: chef.id } });
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, chef.id))).toEqual([]);
    expect(await complete(token, "Noch-ein-Passwort-2028", minutes(63))).toEqual({ ok: false, code: "resetInvalid" });
    expect(await openPasswordReset(database.db, token, minutes(63))).toBeNull();

    expect(await login(database.db, { email: chef.email, password: DEFAULT_ADMIN_PASSWORD, ip: "10.0.0.1", now: minutes(64) })).toEqual({
      ok: false,
      code: "wrongPassword",
    });
    expect((await login(database.db, { email: chef.email, password: NEW_PASSWORD, ip: "10.0.0.1", now: minutes(65) })).ok).toBe(true);

    const [notice] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "password-changed"));
    const rendered = renderEmail({ ...notice!, createdAt: t0 }, "https://www.happycar.example");
    expect(rendered.subject).toBe("Ihr Passwort wurde geändert");
    expect(rendered.text).toContain("wurde am 01.12.2026 10:02 Uhr über „Passwort vergessen?“ neu gesetzt.");
    expect(rendered.text).toContain("Alle Sitzungen wurden beendet.");
  });

  it("never skips the second factor: after a reset the login still asks for the code", async () => {
    const secret = newTotpSecret();
    await database.db.update(adminUsers).set({ totpSecret: secret, totpEnabledAt: t0 }).where(eq(adminUsers.id, chef.id));
    await request(chef.email, new Date());
    expect(await complete(await mailedToken(), NEW_PASSWORD, new Date())).toMatchObject({ ok: true });
    const [account] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, chef.id));
    expect(account!.totpSecret).toBe(secret);
    expect(await login(database.db, { email: chef.email, password: NEW_PASSWORD, ip: "10.0.0.2" })).toEqual({
      ok: false,
      code: "secondFactor",
      wrongCode: false,
    });
    expect((await login(database.db, { email: chef.email, password: NEW_PASSWORD, code: totpCode(secret), ip: "10.0.0.2" })).ok).toBe(true);
  });

  it("refuses the link of an account deactivated since, and leaves the link unspent; a refused password does not spend it either", async () => {
    await request(chef.email);
    const token = await mailedToken();
    expect(await complete(token, "passwort1234", minutes(1))).toEqual({ ok: false, code: "common" });
    await database.db
      .update(adminUsers)
      .set({ deactivatedAt: minutes(2) })
      .where(eq(adminUsers.id, chef.id));
    expect(await openPasswordReset(database.db, token, minutes(3))).toBeNull();
    expect(await complete(token, NEW_PASSWORD, minutes(3))).toEqual({ ok: false, code: "resetInvalid" });
    const [stored] = await database.db.select().from(setupTokens);
    expect(stored!.usedAt).toBeNull();
    const [account] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, chef.id));
    expect(account!.passwordHash).toBe(chef.passwordHash);
    // Active again: the same link works.
    await database.db.update(adminUsers).set({ deactivatedAt: null }).where(eq(adminUsers.id, chef.id));
    expect(await complete(token, NEW_PASSWORD, minutes(4))).toMatchObject({ ok: true });
  });

  it("a reset link opens no invitation and an invitation link resets no password", async () => {
    await addTeamMember(database.db, {
      actor: { id: chef.id, email: chef.email, displayName: chef.displayName, role: "owner", verifiedAt: t0 },
      member: { email: "neu@happycar.example", name: "Neu", role: "staff" },
      now: t0,
    });
    const [invitation] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "staff-invitation"));
    const invitationToken = (invitation!.params as { token: string }).token;
    expect(await complete(invitationToken, NEW_PASSWORD)).toEqual({ ok: false, code: "resetInvalid" });
    // Invited and without a password yet: 'Passwort vergessen?' sends nothing (the invitation is the way in).
    await request("neu@happycar.example");
    await request(chef.email);
    expect(
      (await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "password-reset"))).map((m) => m.recipient),
    ).toEqual([chef.email]);
    expect(await acceptInvitation(database.db, { token: await mailedToken(), password: NEW_PASSWORD, ip: IP, now: t0 })).toEqual({
      ok: false,
      code: "invitationInvalid",
    });
  });

  it("limits requests per address and per IP like the login: 429 with Retry-After and the same words, account or not", async () => {
    const perAddress = [];
    for (const email of Array(PASSWORD_RESET_LIMITS.requestsPerAddress + 1).fill("chef@happycar.example")) {
      perAddress.push(
        await api.request("/api/v1/admin/password-reset", { clientIp: `203.0.113.${perAddress.length + 10}`, json: { email } }),
      );
    }
    expect(perAddress.map((response) => response.status)).toEqual([202, 202, 202, 429]);
    const refused = perAddress.at(-1)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const refusal = await refused.json();
    expect(refusal.error).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ (Minuten|Sekunden) erneut\.$/);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(3);

    const unknown = [];
    for (let attempt = 0; attempt <= PASSWORD_RESET_LIMITS.requestsPerAddress; attempt++) {
      unknown.push(
        await api.request("/api/v1/admin/password-reset", {
          clientIp: `203.0.113.${attempt + 30}`,
          json: { email: "niemand@example.at" },
        }),
      );
    }
    expect(unknown.map((response) => response.status)).toEqual([202, 202, 202, 429]);
    expect((await unknown.at(-1)!.json()).error.replace(/\d+/, "N")).toBe(refusal.error.replace(/\d+/, "N"));

    const perIp = [];
    for (let attempt = 0; attempt <= PASSWORD_RESET_LIMITS.requestsPerIp; attempt++) {
      perIp.push(await api.request("/api/v1/admin/password-reset", { clientIp: "192.0.2.77", json: { email: `x${attempt}@example.at` } }));
    }
    expect(perIp.slice(0, -1).every((response) => response.status === 202)).toBe(true);
    expect(perIp.at(-1)!.status).toBe(429);
    expect(perIp.at(-1)!.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("POST /api/v1/admin/password-reset/confirm: 204 once, then 400 in German; unknown links and the per-IP limit answer before any hashing", async () => {
    await request(chef.email, new Date());
    const token = await mailedToken();
    const missing = await api.request("/api/v1/admin/password-reset/confirm", { json: { token } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: passwordChangeMessages.confirmMissing });
    const done = await api.request("/api/v1/admin/password-reset/confirm", { json: { token, newPassword: NEW_PASSWORD } });
    expect(done.status).toBe(204);
    const again = await api.request("/api/v1/admin/password-reset/confirm", { json: { token, newPassword: NEW_PASSWORD } });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: "Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.",
    });
    const guesses = [];
    for (let attempt = 0; attempt <= LINK_THROTTLE.postsPerIp; attempt++) {
      guesses.push(
        await api.request("/api/v1/admin/password-reset/confirm", {
          clientIp: "192.0.2.88",
          json: { token: "A".repeat(42) + String(attempt % 10), newPassword: NEW_PASSWORD },
        }),
      );
    }
    expect(guesses.slice(0, -1).map((response) => response.status)).toEqual(Array(LINK_THROTTLE.postsPerIp).fill(400));
    expect(guesses.at(-1)!.status).toBe(429);
    expect(guesses.at(-1)!.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it.runIf(kind === "postgres")("spends a link once when two posts race for it", async () => {
    await request(chef.email, new Date());
    const token = await mailedToken();
    const results = await Promise.all([
      complete(token, NEW_PASSWORD, new Date(), "192.0.2.1"),
      complete(token, "Ganz-anderes-Passwort-29", new Date(), "192.0.2.2"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, code: "resetInvalid" }]);
  });
});

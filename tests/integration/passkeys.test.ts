import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { loginWithPasskey, passkeyLoginOptions } from "~/auth/login.server";
import { PASSKEY_CHALLENGE_MS, relyingParty } from "~/auth/passkeys.server";
import { sessionCookieName } from "~/auth/session.server";
import { adminUsers, auditLog, loginGates, passkeyChallenges, passkeys } from "~/db/schema";
import { REQUIRE_SECOND_FACTOR, writeSetting } from "~/db/settings.server";
import { loginMessages, passkeyMessages } from "~/messages";
import { action as loginAction } from "~/routes/admin/login";
import { finishPasskeyRegistration, startPasskeyRegistration } from "~/services/passkeys.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, DEFAULT_ADMIN_PASSWORD, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { SoftwareAuthenticator } from "../support/passkey-authenticator";
import { routeArgs } from "../support/route-args";

/** Decision 034: passkeys (WebAuthn) register under 'Sicherheit' and log in alone, as both factors. */

/** The site as its reverse proxy presents it (TRUST_PROXY in the API app): the relying party is its host. */
const SITE = "https://werkstatt.happycar.test";
const proxied = { Origin: SITE, "X-Forwarded-Host": "werkstatt.happycar.test", "X-Forwarded-Proto": "https" };
const EMAIL = "chef@happycar.example";

type Json = Record<string, unknown>;

describe.each(testDatabaseKinds)("passkeys on %s", (kind) => {
  const database = useTestDatabase(kind);
  // Two instances of the app on one database: a challenge one of them issued is answered at the other.
  const api = useApiApp(database);
  const otherInstance = useApiApp(database);
  let ownerId: string;
  let ownerCookie: string;
  beforeEach(async () => {
    ({ id: ownerId } = await createAdminIdentity(database.db, { email: EMAIL, displayName: "Chef" }));
    ownerCookie = await sessionCookieOf(database.db, ownerId);
  });

  const call = (path: string, init: { json?: unknown; method?: string; cookie?: string; clientIp?: string } = {}, app = api) =>
    app.request(path, { ...init, headers: proxied });

  /** Registers a passkey of `authenticator` for the session `cookie` through the API, as the 'Sicherheit' page does. */
  async function register(authenticator: SoftwareAuthenticator, cookie = ownerCookie, name = "Laptop") {
    const options = await call("/api/v1/admin/passkeys/options", { json: { password: DEFAULT_ADMIN_PASSWORD }, cookie });
    expect(options.status).toBe(200);
    const creation = (await options.json()) as { challenge: string; rp: { id: string }; user: { id: string } };
    return call("/api/v1/admin/passkeys", { json: { name, credential: authenticator.register(creation) }, cookie });
  }

  async function loginOptions(app = api) {
    const response = await call("/api/v1/admin/login/passkey/options", { json: {} }, app);
    expect(response.status).toBe(200);
    return (await response.json()) as { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] };
  }

  const logIn = (credential: unknown, app = api, clientIp = "203.0.113.9") =>
    call("/api/v1/admin/login/passkey", { json: { credential }, clientIp }, app);

  /**
   * A refused login, each from an address of its own and without the account's pause of the ones
   * before (the login's limits, decision 016, stop a run of failures as they should).
   */
  let attempts = 0;
  async function refusedLogin(credential: unknown, app = api) {
    await database.db.delete(loginGates);
    const response = await logIn(credential, app, `198.51.100.${++attempts}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: loginMessages.passkeyRefused });
    expect(response.headers.getSetCookie()).toEqual([]);
  }

  const sessionCookieIn = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((value) => value.startsWith(`${sessionCookieName()}=`))
      ?.split(";")[0];

  it("registers a passkey with the password, names and lists it, then logs in with it alone at another instance", async () => {
    const authenticator = new SoftwareAuthenticator(SITE);
    const options = await call("/api/v1/admin/passkeys/options", { json: { password: DEFAULT_ADMIN_PASSWORD }, cookie: ownerCookie });
    const creation = (await options.json()) as Json & { challenge: string; rp: { id: string }; user: { id: string } };
    expect(creation).toMatchObject({
      rp: { id: "werkstatt.happycar.test", name: "Happy Car" },
      user: { name: EMAIL, displayName: "Chef" },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    // The challenge is in the database, not in the process that issued it.
    expect(await database.db.select().from(passkeyChallenges)).toMatchObject([{ purpose: "registration", userId: ownerId }]);
    const created = await call("/api/v1/admin/passkeys", {
      json: { name: "  MacBook\u200B  ", credential: authenticator.register(creation) },
      cookie: ownerCookie,
    });
    expect(created.status).toBe(201);
    const passkey = (await created.json()) as Json;
    expect(passkey).toMatchObject({ name: "MacBook", lastUsedAt: null });
    expect(await database.db.select().from(passkeyChallenges)).toEqual([]);

    const list = await call("/api/v1/admin/passkeys", { cookie: ownerCookie });
    expect(await list.json()).toEqual({ passkeys: [passkey] });
    const [added] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.passkey-add"));
    expect(added).toMatchObject({ actor: EMAIL, subject: `account:${ownerId}`, reason: "MacBook" });

    // The login asks for no address: any passkey of the site, its user verified.
    const request = await loginOptions(api);
    expect(request).toMatchObject({ rpId: "werkstatt.happycar.test", userVerification: "required" });
    expect(request.allowCredentials ?? []).toEqual([]);
    const login = await logIn(authenticator.authenticate(request), otherInstance);
    expect(login.status).toBe(204);
    const cookie = sessionCookieIn(login);
    expect(cookie).toBeDefined();
    const board = await call("/api/v1/admin/appointments", { cookie });
    expect(board.status).toBe(200);
    const [stored] = await database.db.select().from(passkeys).where(eq(passkeys.userId, ownerId));
    expect(stored).toMatchObject({ counter: 1, name: "MacBook" });
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
    const [account] = await database.db.select({ lastLoginAt: adminUsers.lastLoginAt }).from(adminUsers).where(eq(adminUsers.id, ownerId));
    expect(account!.lastLoginAt).toBeInstanceOf(Date);
  });

  it("adding one needs the password; the same passkey twice is refused; an answer for another origin or relying party too", async () => {
    const wrong = await call("/api/v1/admin/passkeys/options", { json: { password: "falsch-falsch-falsch" }, cookie: ownerCookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: passkeyMessages.wrongCurrentPassword });
    expect((await call("/api/v1/admin/passkeys/options", { json: {} })).status).toBe(401);

    const forged = new SoftwareAuthenticator("https://evil.example");
    const foreign = await register(forged);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ error: passkeyMessages.passkeyFailed });
    const options = await call("/api/v1/admin/passkeys/options", { json: { password: DEFAULT_ADMIN_PASSWORD }, cookie: ownerCookie });
    const creation = (await options.json()) as { challenge: string };
    const otherRp = await call("/api/v1/admin/passkeys", {
      json: { credential: new SoftwareAuthenticator(SITE).register(creation, { rpId: "evil.example" }) },
      cookie: ownerCookie,
    });
    expect(otherRp.status).toBe(400);

    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await register(authenticator)).status).toBe(201);
    const again = await register(authenticator);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: passkeyMessages.passkeyExists });
    expect(await database.db.select().from(passkeys)).toHaveLength(1);
  });

  it("refuses a replayed answer (its challenge is spent, also without a counter), an old counter, another origin, another relying party and no user verification", async () => {
    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await register(authenticator)).status).toBe(201);

    const answer = authenticator.authenticate(await loginOptions());
    expect((await logIn(answer)).status).toBe(204);
    await refusedLogin(answer, otherInstance);

    // A fresh challenge, signed by a clone of the key that reports the counter already seen.
    await refusedLogin(authenticator.authenticate(await loginOptions(), { counter: authenticator.counter }));
    await refusedLogin(authenticator.authenticate(await loginOptions(), { origin: "https://evil.example" }));
    await refusedLogin(authenticator.authenticate(await loginOptions(), { rpId: "evil.example" }));
    await refusedLogin(authenticator.authenticate(await loginOptions(), { userVerified: false }));
    await refusedLogin(authenticator.authenticate({ challenge: "bm90LWlzc3VlZC1ieS10aGUtc2VydmVy" }));
    await refusedLogin(new SoftwareAuthenticator(SITE).authenticate(await loginOptions()));
    await database.db.delete(loginGates);

    // The one the server saw last is still good.
    expect((await logIn(authenticator.authenticate(await loginOptions()))).status).toBe(204);

    // A passkey that keeps no counter (0 every time, as synced ones do): only the spent challenge stops the replay.
    const synced = new SoftwareAuthenticator(SITE);
    expect((await register(synced, ownerCookie, "Synchronisiert")).status).toBe(201);
    const once = synced.authenticate(await loginOptions(), { counter: 0 });
    expect((await logIn(once)).status).toBe(204);
    await refusedLogin(once, otherInstance);
    expect((await logIn(synced.authenticate(await loginOptions(), { counter: 0 }))).status).toBe(204);
  });

  it("the login page's 'Mit Passkey anmelden' posts the answer to its action, which logs in and redirects like the password", async () => {
    // The page's own origin (no PUBLIC_URL): the relying party is its host.
    const page = "http://localhost";
    const authenticator = new SoftwareAuthenticator(page);
    const rp = relyingParty(page);
    const admin = { id: ownerId, email: EMAIL, displayName: "Chef", role: "owner" as const };
    const creation = await startPasskeyRegistration(database.db, {
      admin,
      password: DEFAULT_ADMIN_PASSWORD,
      rp,
      ip: "203.0.113.9",
      requestId: "r",
    });
    if (!creation.ok) throw new Error(creation.code);
    const added = await finishPasskeyRegistration(database.db, {
      admin,
      credential: authenticator.register(creation.value),
      name: "Handy",
      rp,
      ip: "203.0.113.9",
      requestId: "r",
    });
    expect(added.ok).toBe(true);

    const post = async (credential: unknown) => {
      const options = await passkeyLoginOptions(database.db, { rp, ip: "203.0.113.9" });
      if (!options.ok) throw new Error(options.code);
      const body = new URLSearchParams({
        intent: "passkey",
        credential: JSON.stringify(typeof credential === "function" ? credential(options.value) : credential),
        redirectTo: "/admin/team",
      });
      const request = new Request(`${page}/admin-login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      });
      try {
        return await loginAction((await routeArgs(request, { db: database.db })) as never);
      } catch (thrown) {
        return thrown;
      }
    };
    const redirected = (await post((options: { challenge: string }) => authenticator.authenticate(options))) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/admin/team");
    expect(redirected.headers.get("set-cookie")).toContain(`${sessionCookieName()}=`);

    const refused = (await post((options: { challenge: string }) =>
      authenticator.authenticate(options, { origin: "https://evil.example" }),
    )) as {
      data: unknown;
    };
    expect(refused.data).toEqual({ error: loginMessages.passkeyRefused, email: "", step: "password" });
  });

  it("a challenge lasts five minutes and answers once", async () => {
    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await register(authenticator)).status).toBe(201);
    const rp = relyingParty(SITE);
    const t0 = new Date();
    const options = await passkeyLoginOptions(database.db, { rp, ip: "198.51.100.7", now: t0 });
    if (!options.ok) throw new Error("no options");
    const late = new Date(t0.getTime() + PASSKEY_CHALLENGE_MS + 1000);
    const answer = authenticator.authenticate(options.value);
    expect(await loginWithPasskey(database.db, { credential: answer, rp, ip: "198.51.100.7", now: late })).toEqual({
      ok: false,
      code: "passkeyRefused",
    });
  });

  it("a deactivated account's passkey cannot log in", async () => {
    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await register(authenticator)).status).toBe(201);
    await database.db.update(adminUsers).set({ deactivatedAt: new Date() }).where(eq(adminUsers.id, ownerId));
    await refusedLogin(authenticator.authenticate(await loginOptions()));
  });

  it("removing one needs the password (or a code): wrong 400, right 204 with an audit entry; another account's 404", async () => {
    const authenticator = new SoftwareAuthenticator(SITE);
    const { id } = (await (await register(authenticator)).json()) as { id: string };
    const path = `/api/v1/admin/passkeys/${id}`;
    expect((await call(path, { method: "DELETE", json: {}, cookie: ownerCookie })).status).toBe(400);
    const wrong = await call(path, { method: "DELETE", json: { password: "falsch-falsch-falsch" }, cookie: ownerCookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: passkeyMessages.wrongPasswordOrCode });
    const noApp = await call(path, { method: "DELETE", json: { code: "123456" }, cookie: ownerCookie });
    expect(noApp.status).toBe(400);

    const { id: staffId } = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
    const staffCookie = await sessionCookieOf(database.db, staffId);
    const foreign = await call(path, { method: "DELETE", json: { password: DEFAULT_ADMIN_PASSWORD }, cookie: staffCookie });
    expect(foreign.status).toBe(404);

    expect((await call(path, { method: "DELETE", json: { password: DEFAULT_ADMIN_PASSWORD }, cookie: ownerCookie })).status).toBe(204);
    expect(await database.db.select().from(passkeys)).toEqual([]);
    const [removed] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.passkey-remove"));
    expect(removed).toMatchObject({ actor: EMAIL, subject: `account:${ownerId}`, reason: "Laptop" });
    await refusedLogin(authenticator.authenticate(await loginOptions()));
  });

  it("meets the owner's requirement of a second factor: the board opens, the password alone no longer logs in, the last one stays", async () => {
    await writeSetting(database.db, REQUIRE_SECOND_FACTOR, true, new Date());
    // Without a factor: only 'Sicherheit' and its enrolment, which now includes adding a passkey.
    expect((await call("/api/v1/admin/appointments", { cookie: ownerCookie })).status).toBe(403);
    const authenticator = new SoftwareAuthenticator(SITE);
    const created = await register(authenticator);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await call("/api/v1/admin/appointments", { cookie: ownerCookie })).status).toBe(200);

    const password = await call("/api/v1/admin/login", { json: { email: EMAIL, password: DEFAULT_ADMIN_PASSWORD } });
    expect(password.status).toBe(401);
    expect(await password.json()).toEqual({ error: loginMessages.passkeyRequired, secondFactor: true, passkey: true });
    expect(password.headers.getSetCookie()).toEqual([]);

    const last = await call(`/api/v1/admin/passkeys/${id}`, {
      method: "DELETE",
      json: { password: DEFAULT_ADMIN_PASSWORD },
      cookie: ownerCookie,
    });
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({ error: passkeyMessages.lastFactor });

    const login = await logIn(authenticator.authenticate(await loginOptions()));
    expect(login.status).toBe(204);
    expect((await call("/api/v1/admin/appointments", { cookie: sessionCookieIn(login) })).status).toBe(200);
  });
});

import { describe, expect, it, vi } from "vitest";
import { hashPassword, WAITING_PER_RUN } from "~/auth/password.server";
import { LINK_THROTTLE } from "~/auth/throttle.server";
import { adminUsers, emailOutbox } from "~/db/schema";
import { accountMessages, passwordChangeMessages, teamMessages, tooManyRequestsMessage } from "~/messages";
import { action as invitationAction } from "~/routes/admin/invitation";
import { action as resetAction } from "~/routes/admin/password-reset";
import { action as setupAction } from "~/routes/admin/setup";
import { completeSetup, createSetupToken } from "~/services/admin-accounts.server";
import { addTeamMember } from "~/services/team.server";
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "../../server/errors";
import { testDatabaseKinds } from "../support/databases";
import { createAdminAccount, createAdminIdentity, DEFAULT_ADMIN_PASSWORD } from "../support/factories";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";
import { watchScrypt } from "../support/scrypt";

/**
 * The pages of the one-time links (the first setup, an invitation, a password reset) and the
 * line of scrypt runs under a flood (issue 31, decision 031): a made-up link costs no hash, posts
 * are limited per IP, and a full line is answered at once.
 */

const NEW_PASSWORD = "Neues-Werkstatt-Passwort-27";
const IP = "198.51.100.31";
/** Well-formed, so that the pages look it up rather than refusing its shape. */
const MADE_UP_TOKEN = "A".repeat(43);

type PageAnswer = { status: number; retryAfter: string | null; data: unknown };

describe.each(testDatabaseKinds)("the one-time link pages under a flood on %s", (kind) => {
  // One run at a time, so that one held run and WAITING_PER_RUN more fill the line.
  useEnv({ PASSWORD_HASH_CONCURRENCY: "1" });
  const database = useTestDatabase(kind, { poolSize: 10 });
  const api = useApiApp(database);

  /** A form post to a page's action, as the pipeline hands it over (tests/support/route-args.ts). */
  async function post(
    action: (args: never) => Promise<unknown>,
    path: string,
    fields: Record<string, string>,
    { ip = IP, params = {} }: { ip?: string; params?: Record<string, string> } = {},
  ): Promise<PageAnswer> {
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const args = { ...(await routeArgs(request, { db: database.db, clientIp: ip })), params };
    const answer = (await action(args as never)) as { data: unknown; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, retryAfter: new Headers(answer.init?.headers).get("retry-after"), data: answer.data };
  }

  const passwords = { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD };
  const pages = {
    setup: (token: string, ip?: string) =>
      post(setupAction, "/admin-setup", { token, email: "owner@happycar.example", ...passwords }, { ip }),
    invitation: (token: string, ip?: string) => post(invitationAction, "/admin-einladung", { token, ...passwords }, { ip }),
    reset: (token: string, ip?: string) => post(resetAction, `/admin-passwort-neu/${token}`, passwords, { ip, params: { token } }),
  };

  it("a made-up link gets the page's German answer without a single scrypt run (setup, invitation, reset)", async () => {
    const scrypt = watchScrypt();
    expect(await pages.setup(MADE_UP_TOKEN)).toEqual({ status: 400, retryAfter: null, data: { error: accountMessages.setupInvalid } });
    expect(await pages.invitation(MADE_UP_TOKEN)).toEqual({
      status: 400,
      retryAfter: null,
      data: { error: teamMessages.invitationInvalid },
    });
    expect(await pages.reset(MADE_UP_TOKEN)).toEqual({
      status: 400,
      retryAfter: null,
      data: { ok: false, message: passwordChangeMessages.resetInvalid },
    });
    expect(scrypt.started).toBe(0);

    // The same watch sees the one hash of a real invitation.
    const owner = await createAdminIdentity(database.db);
    await addTeamMember(database.db, {
      actor: owner,
      member: { email: "tom@happycar.example", name: "Tom", role: "staff" },
      now: new Date(),
    });
    const [mail] = await database.db.select().from(emailOutbox);
    const accepted = await pages.invitation((mail!.params as { token: string }).token).catch((thrown: unknown) => thrown);
    expect(accepted).toMatchObject({ status: 302 });
    expect(scrypt.started).toBe(1);
  });

  it(`the three pages share one limit of ${LINK_THROTTLE.postsPerIp} posts per IP: then 429 with Retry-After in German; another IP goes on`, async () => {
    const inTurn = [pages.invitation, pages.setup, pages.reset];
    const answers: PageAnswer[] = [];
    for (let n = 0; n < LINK_THROTTLE.postsPerIp; n++) answers.push(await inTurn[n % inTurn.length]!(MADE_UP_TOKEN));
    expect(answers.map((answer) => answer.status)).toEqual(Array(LINK_THROTTLE.postsPerIp).fill(400));
    for (const page of inTurn) {
      const refused = await page(MADE_UP_TOKEN);
      const seconds = Number(refused.retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(LINK_THROTTLE.windowMinutes * 60);
      const message = tooManyRequestsMessage(seconds);
      expect(refused).toMatchObject({ status: 429, data: page === pages.reset ? { ok: false, message } : { error: message } });
    }
    expect((await pages.invitation(MADE_UP_TOKEN, "192.0.2.99")).status).toBe(400);
  });

  it.runIf(kind === "pglite")("the setup hashes before its transaction: while its hash waits, the database answers others", async () => {
    const now = new Date();
    const token = await createSetupToken(database.db, now);
    const scrypt = watchScrypt({ hold: true });
    const setup = completeSetup(database.db, { token, email: "owner@happycar.example", password: NEW_PASSWORD, ip: IP, now });
    await vi.waitFor(() => expect(scrypt.started).toBe(1));
    const other = await Promise.race([
      database.db
        .select()
        .from(adminUsers)
        .then(() => "answered"),
      new Promise((resolve) => setTimeout(resolve, 2_000, "waiting")),
    ]);
    scrypt.release();
    expect(other).toBe("answered");
    expect((await setup).ok).toBe(true);
  });

  it("a login that meets a full line: 503 with Retry-After in German at once, counted as no failure", async () => {
    const chef = await createAdminAccount(database.db);
    const credentials = { email: chef.email, password: DEFAULT_ADMIN_PASSWORD };
    const scrypt = watchScrypt({ hold: true });
    const line = Promise.all(Array.from({ length: 1 + WAITING_PER_RUN }, (_, n) => hashPassword(`Passwort-in-der-Reihe-${n}`)));
    const refused = await api.request("/api/v1/admin/login", { clientIp: IP, json: credentials });
    scrypt.release();
    await line;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await refused.json()).toMatchObject({ error: SERVICE_UNAVAILABLE_MESSAGE });
    // Neither the address's gate nor the IP holds it against the next attempt.
    expect((await api.request("/api/v1/admin/login", { clientIp: IP, json: credentials })).status).toBe(204);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminContext } from "~/context";
import { emailOutbox } from "~/db/schema";
import { action as invitationAction } from "~/routes/admin/invitation";
import { action as resetAction } from "~/routes/admin/password-reset";
import { action as securityAction } from "~/routes/admin/security";
import { action as setupAction } from "~/routes/admin/setup";
import { action as teamAction } from "~/routes/admin/team";
import { requestPasswordReset } from "~/services/account-password.server";
import { createSetupToken } from "~/services/admin-accounts.server";
import { addTeamMember } from "~/services/team.server";
import { testDatabaseKinds } from "../support/databases";
import { changeFacts, createAdminIdentity, DEFAULT_ADMIN_PASSWORD, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";

/**
 * A new password that is too easy to guess (issue 31, finding 10) is refused with 400 and the
 * same German hint wherever a new password is set: the pages of the first setup, an invitation,
 * a reset link, 'Sicherheit' and 'Team', and their JSON API.
 */

const ADVICE = "Nehmen Sie besser drei, vier ungewöhnliche Wörter oder einen Satz.";
/** Weak once the workshop's words and the account's address and name are taken out. */
const OWN_WORDS_HINT =
  "Dieses Passwort ist zu leicht zu erraten: Ohne die Angaben der Werkstatt und Ihres Kontos (Name, Anschrift, E-Mail-Adresse) " +
  `bleibt zu wenig übrig. ${ADVICE}`;
const SEQUENCE_HINT = `Dieses Passwort ist zu leicht zu erraten: Es enthält eine Folge wie „abc“ oder „1234“. ${ADVICE}`;
const KEYBOARD_HINT = `Dieses Passwort ist zu leicht zu erraten: Es ähnelt einem häufigen Passwort. ${ADVICE}`;

describe.each(testDatabaseKinds)("a weak new password on %s", (kind) => {
  const database = useTestDatabase(kind, { poolSize: 10 });
  const api = useApiApp(database);

  /** A form post to a page's action, as the pipeline hands it over; `admin` for the board's pages. */
  async function post(
    action: (args: never) => Promise<unknown>,
    path: string,
    fields: Record<string, string>,
    {
      params = {},
      admin,
      cookie,
    }: { params?: Record<string, string>; admin?: Awaited<ReturnType<typeof createAdminIdentity>>; cookie?: string } = {},
  ) {
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    const args = { ...(await routeArgs(request, { db: database.db })), params };
    if (admin) args.context.set(adminContext, admin);
    const answer = (await action(args as never)) as { data: unknown; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, data: answer.data };
  }

  // "Lena-Werkstatt-2026!" and its like pass for anyone else (app/auth/password-policy.server.test.ts).
  it("the first setup and an invitation refuse the new account's own name and address", async () => {
    const setupToken = await createSetupToken(database.db, new Date());
    const own = "Lena-Werkstatt-2026!";
    const setup = {
      token: setupToken,
      email: "lena.berger@happycar.example",
      displayName: "Lena Berger",
      password: own,
      passwordRepeat: own,
    };
    expect(await post(setupAction, "/admin-setup", setup)).toEqual({ status: 400, data: { error: OWN_WORDS_HINT } });

    const owner = await createAdminIdentity(database.db);
    await addTeamMember(database.db, {
      actor: owner,
      member: { email: "tom@happycar.example", name: "Tom Novak", role: "staff" },
      now: new Date(),
    });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "staff-invitation"));
    const token = (mail!.params as { token: string }).token;
    const tom = "Tom-Werkstatt-2026!";
    expect(await post(invitationAction, "/admin-einladung", { token, password: tom, passwordRepeat: tom })).toEqual({
      status: 400,
      data: { error: OWN_WORDS_HINT },
    });
  });

  it("a reset link's page and POST /api/v1/admin/password-reset/confirm", async () => {
    const chef = await createAdminIdentity(database.db);
    await requestPasswordReset(database.db, { email: chef.email, ip: "198.51.100.40", requestId: "test" });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "password-reset"));
    const token = (mail!.params as { token: string }).token;
    const page = await post(
      resetAction,
      `/admin-passwort-neu/${token}`,
      { password: "abcdefghijkl", passwordRepeat: "abcdefghijkl" },
      {
        params: { token },
      },
    );
    expect(page).toEqual({ status: 400, data: { ok: false, message: SEQUENCE_HINT } });
    const confirm = await api.request("/api/v1/admin/password-reset/confirm", { json: { token, newPassword: "Chef-Werkstatt-2026!" } });
    expect([confirm.status, await confirm.json()]).toEqual([400, { error: OWN_WORDS_HINT }]);
  });

  it("'Passwort ändern' on 'Sicherheit' and POST /api/v1/admin/password", async () => {
    const chef = await createAdminIdentity(database.db);
    const cookie = await sessionCookieOf(database.db, chef.id);
    const fields = {
      intent: "password",
      currentPassword: DEFAULT_ADMIN_PASSWORD,
      password: "Happy Car 2026",
      passwordRepeat: "Happy Car 2026",
    };
    expect(await post(securityAction, "/admin/sicherheit", fields, { admin: chef, cookie })).toEqual({
      status: 400,
      data: { ok: false, message: OWN_WORDS_HINT },
    });
    const change = await api.request("/api/v1/admin/password", {
      cookie,
      json: { currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: "Chef-Werkstatt-2026!" },
    });
    expect([change.status, await change.json()]).toEqual([400, { error: OWN_WORDS_HINT }]);
  });

  it("an initial password on 'Team' and POST /api/v1/admin/users", async () => {
    const owner = await createAdminIdentity(database.db);
    const member = { email: "ute@happycar.example", name: "Ute Huber", role: "staff", password: "qwertyuiopasdfgh" };
    expect(await post(teamAction, "/admin/team", { intent: "add", ...member }, { admin: owner })).toEqual({
      status: 400,
      data: { ok: false, message: KEYBOARD_HINT },
    });
    const cookie = await sessionCookieOf(database.db, owner.id);
    const added = await api.request("/api/v1/admin/users", { cookie, json: { ...member, password: "Huber-Werkstatt-2026!" } });
    expect([added.status, await added.json()]).toEqual([400, { error: OWN_WORDS_HINT }]);
  });

  it("the workshop's words are those of 'Einstellungen' as they are now (issue 29)", async () => {
    const owner = await createAdminIdentity(database.db);
    const cookie = await sessionCookieOf(database.db, owner.id);
    const member = { email: "ute@happycar.example", name: "Ute Huber", role: "staff", password: "Brenner-Laxenburger-80" };
    await changeFacts(database.db, (facts) => ({
      workshop: { ...facts.workshop, legalName: "Brenner KFZ GmbH", street: "Laxenburger Straße 80" },
    }));
    const refused = await api.request("/api/v1/admin/users", { cookie, json: member });
    expect([refused.status, await refused.json()]).toEqual([400, { error: OWN_WORDS_HINT }]);
  });
});

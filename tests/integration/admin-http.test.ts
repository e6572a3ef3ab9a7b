import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { pauseAfterFailures } from "~/domain/login-gate";
import { loginRequiredMessage } from "~/messages";
import { accountMessages, loginMessages, secondFactorMessages, teamMessages } from "~/messages";
import routes from "~/routes";
import { jsonApi } from "../../server/api";
import { testDatabaseKinds } from "../support/databases";
import { useServer } from "../support/fixtures";

/** The real server (`node server.js`, production build) answering over HTTP. */

function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
}

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

function flatten(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    return [...(entry.path || entry.index ? [{ path: own, file: entry.file }] : []), ...flatten(entry.children ?? [], own)];
  });
}

/** Reachable without a session on purpose; everything else under admin must be protected. */
const PUBLIC_ADMIN_PATHS = new Set([
  "admin-login",
  "admin-setup",
  "admin-einladung",
  "admin-passwort-vergessen",
  "admin-passwort-neu/:token",
  "api/v1/admin/login",
  // 'Mit Passkey anmelden' (decision 034): nobody is logged in yet.
  "api/v1/admin/login/passkey/options",
  "api/v1/admin/login/passkey",
  "api/v1/admin/password-reset",
  "api/v1/admin/password-reset/confirm",
]);
const SOME_ID = "0b5c7f3e-8d4a-4c1e-9f2b-6a7d8e9f0a1b";

/**
 * The JSON API's admin endpoints as its Hono app lists them (server/api/index.ts), as
 * `api/v1/…` paths: every registration (one per method, the 405 of `all`, the middleware of `use`)
 * is an entry, so the distinct paths below /admin/, without the guard's wildcard `/admin/*`.
 */
const apiRoutes = [
  ...new Set(jsonApi.routes.map((route) => route.path).filter((routePath) => routePath.startsWith("/admin/") && !routePath.includes("*"))),
].map((routePath) => ({ path: `api/v1${routePath}`, file: "server/api/index.ts" }));

const adminRoutes = [...flatten(routes as RouteEntry[]), ...apiRoutes]
  .filter(({ path: routePath }) => /^(admin|api\/v1\/admin)(\/|-|$)/.test(routePath))
  .filter(({ path: routePath }) => !PUBLIC_ADMIN_PATHS.has(routePath))
  .map(({ path: routePath, file }) => ({
    file: routePath.startsWith("api/") ? routePath : file,
    url: `/${routePath.replace(":transition", "confirm").replace(/:[a-z]+/gi, SOME_ID)}`,
    api: routePath.startsWith("api/"),
  }));

const ADMIN = { email: "owner@happycar.example", password: "Werkstatt-Passwort-2026" };

describe.each(testDatabaseKinds)("admin over HTTP on %s", (kind) => {
  const server = useServer({ LOG_LEVEL: "warn", EMAIL_WORKER: "false" }, { database: kind });

  const url = (pathname: string) => `${server.origin}${pathname}`;
  const sameOrigin = () => ({ Origin: server.origin });
  const postJson = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url(pathname), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json", ...sameOrigin(), ...headers },
      body: JSON.stringify(body),
    });
  const postForm = (pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url(pathname), {
      method: "POST",
      redirect: "manual",
      headers: { ...sameOrigin(), ...headers },
      body: new URLSearchParams(fields),
    });

  it("finds the admin pages in app/routes.ts and the admin endpoints in the API's router", () => {
    expect(adminRoutes.filter((route) => !route.api).length).toBeGreaterThanOrEqual(4);
    const api = adminRoutes.filter((route) => route.api);
    expect(api.length).toBeGreaterThanOrEqual(15);
    // Each endpoint once (not once per method), the login and the guard's wildcard left out, parameters filled in.
    expect(new Set(api.map((route) => route.url)).size).toBe(api.length);
    expect(api.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        "/api/v1/admin/logout",
        "/api/v1/admin/appointments",
        `/api/v1/admin/appointments/${SOME_ID}`,
        `/api/v1/admin/appointments/${SOME_ID}/confirm`,
        "/api/v1/admin/settings",
      ]),
    );
    expect(api.every((route) => !/[:*]/.test(route.url) && route.url !== "/api/v1/admin/login")).toBe(true);
  });

  it("without a session every admin page redirects to the login and every admin API answers 401", async () => {
    for (const route of adminRoutes) {
      if (route.api) {
        for (const method of ["GET", "POST", "DELETE"]) {
          const response = await fetch(url(route.url), {
            method,
            headers: { ...sameOrigin(), "Content-Type": "application/json" },
            body: method === "GET" ? undefined : JSON.stringify({ reason: "x" }),
          });
          expect([route.file, method, response.status]).toEqual([route.file, method, 401]);
          expect([route.file, method, response.headers.get("cache-control")]).toEqual([route.file, method, "no-store"]);
          expect(await response.json()).toEqual({ error: loginRequiredMessage });
        }
        continue;
      }
      const target = `/admin-login?redirectTo=${encodeURIComponent(route.url)}`;
      const page = await fetch(url(route.url), { redirect: "manual" });
      expect([route.file, page.status, page.headers.get("location")]).toEqual([route.file, 302, target]);
      // A page with an action must guard it; a page without one answers 405.
      const action = await postForm(route.url, { intent: "delete", id: SOME_ID });
      const actionOutcome = [route.file, action.status, action.headers.get("location")];
      expect([
        [route.file, 302, target],
        [route.file, 405, null],
      ]).toContainEqual(actionOutcome);
      // A data request for this route's loader alone must not get past the guard either.
      const routeId = route.file.replace(/^routes\//, "routes/").replace(/\.tsx?$/, "");
      const data = await fetch(url(`${route.url}.data?_routes=${encodeURIComponent(routeId)}`), { redirect: "manual" });
      const body = await data.text();
      expect([route.file, body]).toEqual([route.file, expect.stringContaining("/admin-login?redirectTo=")]);
      expect(body).not.toContain("Terminverwaltung");
    }
  });

  it("refuses cross-origin and origin-less state changes with 403 (page action, resource route, JSON API)", async () => {
    const evil = { Origin: "http://evil.example" };
    expect((await postForm("/admin-login", { email: ADMIN.email, password: ADMIN.password }, evil)).status).toBe(403);
    expect((await postJson("/api/v1/admin/login", ADMIN, evil)).status).toBe(403);
    expect((await postJson("/api/v1/admin/logout", {}, evil)).status).toBe(403);
    expect((await postForm("/admin/abmelden", {}, evil)).status).toBe(403);
    const crossSite = await fetch(url("/api/v1/admin/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify(ADMIN),
    });
    expect(crossSite.status).toBe(403);
    const anonymous = await fetch(url("/api/v1/admin/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(anonymous.status).toBe(403);
    const foreignReferer = await fetch(url("/api/v1/admin/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Referer: "http://evil.example/page" },
      body: JSON.stringify(ADMIN),
    });
    expect(foreignReferer.status).toBe(403);
    // A same-origin Referer is accepted where a browser sends no Origin.
    const sameReferer = await fetch(url("/api/v1/admin/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Referer: `${server.origin}/admin-login` },
      body: JSON.stringify({ email: "niemand@example.at", password: "irgendwas-langes" }),
    });
    expect(sameReferer.status).toBe(401);
  });

  it("the one-time setup link printed at the first start works exactly once", async () => {
    const link = /Einrichtungslink[^:]*: (http:\/\/localhost:\d+\/admin-setup\?token=[A-Za-z0-9_-]{43})/.exec(server.output());
    expect(link, server.output()).not.toBeNull();
    const setupPath = new URL(link![1]!).pathname + new URL(link![1]!).search;
    const token = new URL(link![1]!).searchParams.get("token")!;
    const page = await fetch(url(setupPath));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Admin-Konto einrichten");

    const fields = { token, email: ADMIN.email, displayName: "Chef", password: ADMIN.password, passwordRepeat: ADMIN.password };
    const created = await postForm("/admin-setup", fields);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    expect(created.headers.getSetCookie().join("\n")).toMatch(/__Host-hc_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure/);

    const again = await postForm("/admin-setup", { ...fields, email: "zweiter@happycar.example" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(accountMessages.setupDone);
    const reopened = await fetch(url(setupPath));
    expect(reopened.status).toBe(410);
    expect(await reopened.text()).toContain(accountMessages.setupInvalid);
  });

  async function loginCookie(): Promise<string> {
    const response = await postJson("/api/v1/admin/login", ADMIN);
    expect(response.status).toBe(204);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-hc_admin="));
    expect(cookie).toMatch(/^__Host-hc_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    return cookie!.split(";")[0]!;
  }

  it("login API: same answer for a wrong password and an unknown e-mail; 204 with the cookie", async () => {
    const wrong = await postJson("/api/v1/admin/login", { email: ADMIN.email, password: "falsches-passwort-123" });
    const unknown = await postJson("/api/v1/admin/login", { email: "niemand@happycar.example", password: "falsches-passwort-123" });
    expect([wrong.status, await wrong.text()]).toEqual([401, JSON.stringify({ error: loginMessages.wrongPassword })]);
    expect([unknown.status, await unknown.text()]).toEqual([401, JSON.stringify({ error: loginMessages.wrongPassword })]);
    expect((await postJson("/api/v1/admin/login", { email: ADMIN.email })).status).toBe(400);
    await loginCookie();
  });

  async function bookAppointment(): Promise<string> {
    // A weekday a few weeks ahead; holidays or full days are skipped by trying the next one.
    for (let offset = 21; offset < 60; offset++) {
      const day = new Date(Date.now() + offset * 86_400_000);
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
      const response = await postJson("/api/v1/appointments", {
        name: "Anna Muster",
        email: `anna${offset}@example.at`,
        phone: "0664 1234567",
        date: day.toISOString().slice(0, 10),
        time: "09:00",
        service: "Wartung",
      });
      if (response.status === 201) return ((await response.json()) as { id: string }).id;
    }
    throw new Error("no bookable day found");
  }

  it("with the session: board, list API, confirm (then 409), cancel needs a reason, delete, logout", async () => {
    const cookie = await loginCookie();
    const withCookie = { Cookie: cookie };

    const board = await fetch(url("/admin"), { headers: withCookie });
    expect(board.status).toBe(200);
    expect(board.headers.get("cache-control")).toBe("no-store");
    const html = await board.text();
    for (const text of ["Admin-Board", "Abmelden", "Terminverwaltung", "Alle Termine (0)", "Keine Termine vorhanden"]) {
      expect(html).toContain(text);
    }
    const login = await fetch(url("/admin-login"), { headers: withCookie, redirect: "manual" });
    expect([login.status, login.headers.get("location")]).toEqual([302, "/admin"]);

    const id = await bookAppointment();
    const list = await fetch(url("/api/v1/admin/appointments?status=beantragt&q=anna&page=1"), { headers: withCookie });
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      items: { id: string; status: string }[];
      counts: object;
      page: number;
      pageSize: number;
      total: number;
    };
    expect(body).toMatchObject({ counts: { alle: 1, beantragt: 1, bestätigt: 0, storniert: 0 }, page: 1, pageSize: 50, total: 1 });
    expect(body.items.map((item) => [item.id, item.status])).toEqual([[id, "beantragt"]]);
    expect((await fetch(url("/api/v1/admin/appointments?status=erledigt"), { headers: withCookie })).status).toBe(400);

    const blank = await postJson(`/api/v1/admin/appointments/${id}/cancel`, { reason: "  " }, withCookie);
    expect([blank.status, await blank.json()]).toEqual([400, { error: "Bitte geben Sie einen Stornierungsgrund an." }]);
    const confirmed = await postJson(`/api/v1/admin/appointments/${id}/confirm`, {}, withCookie);
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { id, status: "bestätigt" }]);
    expect((await postJson(`/api/v1/admin/appointments/${id}/confirm`, {}, withCookie)).status).toBe(409);
    // A confirmed appointment can be cancelled (decision 018), once.
    expect((await postJson(`/api/v1/admin/appointments/${id}/cancel`, { reason: "zu spät" }, withCookie)).status).toBe(200);
    expect((await postJson(`/api/v1/admin/appointments/${id}/cancel`, { reason: "zu spät" }, withCookie)).status).toBe(409);
    expect((await postJson(`/api/v1/admin/appointments/${SOME_ID}/confirm`, {}, withCookie)).status).toBe(404);

    const details = await fetch(url(`/api/v1/admin/appointments/${id}`), { headers: withCookie });
    expect(((await details.json()) as { audit: { action: string; actor: string }[] }).audit).toEqual([
      expect.objectContaining({ action: "cancel", actor: ADMIN.email }),
      expect.objectContaining({ action: "confirm", actor: ADMIN.email }),
    ]);
    const detailsPage = await (await fetch(url(`/admin/termine/${id}`), { headers: withCookie })).text();
    expect(detailsPage).toContain("Verlauf");
    expect(detailsPage).toContain(ADMIN.email);

    const remove = () => fetch(url(`/api/v1/admin/appointments/${id}`), { method: "DELETE", headers: { ...sameOrigin(), ...withCookie } });
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(404);

    const logout = await postJson("/api/v1/admin/logout", {}, withCookie);
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join("\n")).toContain("Max-Age=0");
    expect((await fetch(url("/api/v1/admin/appointments"), { headers: withCookie })).status).toBe(401);
    expect((await fetch(url("/admin"), { headers: withCookie, redirect: "manual" })).status).toBe(302);
  });

  it("an oversized form post to the board or the e-mail page gets 413 with the German message, never a 5xx", async () => {
    const withCookie = { Cookie: await loginCookie() };
    for (const page of ["/admin", "/admin/emails"]) {
      const response = await postForm(page, { intent: "confirm", emailId: "x".repeat(20_000) }, withCookie);
      expect(response.status).toBe(413);
      expect(await response.text()).toContain("Die Anfrage ist zu groß.");
    }
  });

  it("'Abmelden' on the page deletes the session and goes to the login", async () => {
    const cookie = await loginCookie();
    const response = await postForm("/admin/abmelden", {}, { Cookie: cookie });
    expect([response.status, response.headers.get("location")]).toEqual([302, "/admin-login"]);
    expect((await fetch(url("/api/v1/admin/appointments"), { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("roles per endpoint: staff get 403 with the German reason for the owner's endpoints and pages", async () => {
    const owner = await loginCookie();
    const staff = { email: "lena@happycar.example", password: "Lena-Bremsscheibe-Kompass-2026!" };
    const created = await postJson("/api/v1/admin/users", { ...staff, name: "Lena", role: "staff" }, { Cookie: owner });
    expect(created.status).toBe(201);
    const { id: staffId } = (await created.json()) as { id: string };
    const invited = await postJson("/api/v1/admin/users", { email: "tom@happycar.example", name: "Tom", role: "staff" }, { Cookie: owner });
    const { id: invitedId, invited: wasInvited } = (await invited.json()) as { id: string; invited: boolean };
    expect([invited.status, wasInvited]).toEqual([201, true]);
    // 'Einladung erneut senden': the owner's, for an account without a password only.
    expect((await postJson(`/api/v1/admin/users/${invitedId}/invitation`, {}, { Cookie: owner })).status).toBe(204);
    const chosen = await postJson(`/api/v1/admin/users/${staffId}/invitation`, {}, { Cookie: owner });
    expect([chosen.status, await chosen.json()]).toEqual([409, { error: teamMessages.passwordChosen }]);
    const team = (await (await fetch(url("/api/v1/admin/users"), { headers: { Cookie: owner } })).json()) as {
      users: { id: string; role: string }[];
    };
    const ownerId = team.users.find((user) => user.role === "owner")!.id;
    const lastOwner = await fetch(url(`/api/v1/admin/users/${ownerId}`), {
      method: "PATCH",
      headers: { "Content-Type": "application/json", ...sameOrigin(), Cookie: owner },
      body: JSON.stringify({ role: "staff" }),
    });
    expect([lastOwner.status, await lastOwner.json()]).toEqual([409, { error: teamMessages.lastOwner }]);

    const login = await postJson("/api/v1/admin/login", staff);
    expect(login.status).toBe(204);
    const staffCookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const json = { "Content-Type": "application/json", ...sameOrigin(), Cookie: staffCookie };
    const refusals = [
      await fetch(url("/api/v1/admin/users"), { headers: { Cookie: staffCookie } }),
      await fetch(url("/api/v1/admin/users"), {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "x@happycar.example", name: "X", role: "owner" }),
      }),
      await fetch(url(`/api/v1/admin/users/${staffId}`), { method: "PATCH", headers: json, body: JSON.stringify({ role: "owner" }) }),
      await fetch(url(`/api/v1/admin/users/${ownerId}/sessions`), { method: "DELETE", headers: json }),
      await fetch(url(`/api/v1/admin/users/${invitedId}/invitation`), { method: "POST", headers: json }),
      await fetch(url(`/api/v1/admin/appointments/${SOME_ID}`), { method: "DELETE", headers: json }),
      await fetch(url("/api/v1/admin/2fa/policy"), { method: "POST", headers: json, body: JSON.stringify({ required: true }) }),
      await fetch(url("/api/v1/admin/closures"), { headers: { Cookie: staffCookie } }),
      await fetch(url("/api/v1/admin/closures"), {
        method: "POST",
        headers: json,
        body: JSON.stringify({ from: "2030-12-24", to: "2030-12-24", name: "Heiliger Abend" }),
      }),
      await fetch(url(`/api/v1/admin/closures/${SOME_ID}`), { method: "DELETE", headers: json }),
    ];
    expect(refusals.map((response) => response.status)).toEqual(Array(10).fill(403));
    for (const response of refusals) expect((await response.json()).error).toMatch(/^Nur der Inhaber oder die Inhaberin/);
    // The owner's pages answer 403 with a page of the board, not the router's error screen (issue 26).
    for (const page of ["/admin/team", "/admin/schliesstage"]) {
      const refused = await fetch(url(page), { headers: { Cookie: staffCookie } });
      expect(refused.status).toBe(403);
      const html = await refused.text();
      expect(html).toContain("Nur für Inhaber:innen");
      expect(html).toContain("Zurück zu den Terminen");
    }
    // What staff may do: the board, their own sessions.
    expect((await fetch(url("/api/v1/admin/appointments"), { headers: { Cookie: staffCookie } })).status).toBe(200);
    const own = (await (await fetch(url("/api/v1/admin/sessions"), { headers: { Cookie: staffCookie } })).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    expect(own.sessions).toEqual([expect.objectContaining({ current: true })]);
    // The owner ends the staff account's sessions.
    expect(
      (await fetch(url(`/api/v1/admin/users/${staffId}/sessions`), { method: "DELETE", headers: { ...sameOrigin(), Cookie: owner } }))
        .status,
    ).toBe(204);
    expect((await fetch(url("/api/v1/admin/appointments"), { headers: { Cookie: staffCookie } })).status).toBe(401);
  });

  it("second factor over HTTP: enrolment, the login's code (JSON and form), the owner's requirement", async () => {
    const cookie = await loginCookie();
    const withCookie = (value: string) => ({ Cookie: value });
    const setup = await postJson("/api/v1/admin/2fa/setup", {}, withCookie(cookie));
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = (await setup.json()) as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const wrong = await postJson("/api/v1/admin/2fa/enable", { password: ADMIN.password, code: "000000" }, withCookie(cookie));
    expect([wrong.status, await wrong.json()]).toEqual([400, { error: secondFactorMessages.wrongPasswordOrCode }]);
    // The session alone does not switch it on: the password is asked again.
    const noPassword = await postJson("/api/v1/admin/2fa/enable", { code: totpCode(secret) }, withCookie(cookie));
    expect([noPassword.status, await noPassword.json()]).toEqual([400, { error: secondFactorMessages.wrongPasswordOrCode }]);
    const enabled = await postJson("/api/v1/admin/2fa/enable", { password: ADMIN.password, code: totpCode(secret) }, withCookie(cookie));
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);

    const noCode = await postJson("/api/v1/admin/login", ADMIN);
    expect([noCode.status, await noCode.json()]).toEqual([401, { error: loginMessages.codeRequired, secondFactor: true }]);
    expect(noCode.headers.getSetCookie()).toEqual([]);
    expect((await postJson("/api/v1/admin/login", { ...ADMIN, code: recoveryCodes[0] })).status).toBe(204);
    const reused = await postJson("/api/v1/admin/login", { ...ADMIN, code: recoveryCodes[0] });
    expect([reused.status, await reused.json()]).toEqual([401, { error: loginMessages.wrongCode, secondFactor: true }]);

    // The form without JavaScript: the password, then the code in a second step.
    const step1 = await postForm("/admin-login", { ...ADMIN, redirectTo: "/admin/emails" });
    expect([step1.status, step1.headers.get("location")]).toEqual([302, "/admin-login?redirectTo=%2Fadmin%2Femails"]);
    const pending = step1.headers.getSetCookie()[0]!.split(";")[0]!;
    const codePage = await fetch(url("/admin-login?redirectTo=%2Fadmin%2Femails"), { headers: withCookie(pending) });
    expect(await codePage.text()).toContain('name="code"');
    // The pending session opens nothing of the board.
    expect((await fetch(url("/api/v1/admin/appointments"), { headers: withCookie(pending) })).status).toBe(401);
    const step2 = await postForm(
      "/admin-login",
      { intent: "code", code: recoveryCodes[1]!, redirectTo: "/admin/emails" },
      withCookie(pending),
    );
    expect([step2.status, step2.headers.get("location")]).toEqual([302, "/admin/emails"]);
    const full = step2.headers
      .getSetCookie()
      .find((value) => value.startsWith("__Host-hc_admin="))!
      .split(";")[0]!;
    expect(full).not.toBe(pending);
    expect((await fetch(url("/api/v1/admin/appointments"), { headers: withCookie(full) })).status).toBe(200);

    // Required for all: nobody switches it off; an account without it must enrol before anything else.
    expect(await (await postJson("/api/v1/admin/2fa/policy", { required: true }, withCookie(full))).json()).toEqual({ required: true });
    const refused = await postJson("/api/v1/admin/2fa/disable", { password: ADMIN.password, code: recoveryCodes[2] }, withCookie(full));
    expect([refused.status, await refused.json()]).toEqual([409, { error: secondFactorMessages.required }]);
    await postJson("/api/v1/admin/2fa/policy", { required: false }, withCookie(full));
    const disabled = await postJson("/api/v1/admin/2fa/disable", { password: ADMIN.password, code: recoveryCodes[2] }, withCookie(full));
    expect(disabled.status).toBe(204);
    await postJson("/api/v1/admin/2fa/policy", { required: true }, withCookie(full));
    const blocked = await fetch(url("/api/v1/admin/appointments"), { headers: withCookie(full) });
    expect([blocked.status, await blocked.json()]).toEqual([403, { error: loginMessages.enrolmentRequired, enrolmentRequired: true }]);
    const board = await fetch(url("/admin"), { headers: withCookie(full), redirect: "manual" });
    expect([board.status, board.headers.get("location")]).toEqual([302, "/admin/sicherheit"]);
    expect((await fetch(url("/admin/sicherheit"), { headers: withCookie(full) })).status).toBe(200);
    const again = (await (await postJson("/api/v1/admin/2fa/setup", {}, withCookie(full))).json()) as { secret: string };
    const enrolled = await postJson(
      "/api/v1/admin/2fa/enable",
      { password: ADMIN.password, code: totpCode(again.secret) },
      withCookie(full),
    );
    expect(enrolled.status).toBe(200);
    expect((await fetch(url("/api/v1/admin/appointments"), { headers: withCookie(full) })).status).toBe(200);
  });

  it("the login form answers 'Falsches Passwort' without JavaScript; after 5 failures the IP gets 429 with Retry-After, the page too", async () => {
    const page = await postForm("/admin-login", { email: ADMIN.email, password: "falsches-passwort-1" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(loginMessages.wrongPassword);
    // The password is never sent back into the form.
    expect(html).not.toContain("falsches-passwort-1");
    for (let attempt = 2; attempt <= 5; attempt++) {
      // The account's gate pauses a second after the fourth failure in a row (app/domain/login-gate.ts).
      if (attempt === 5) await new Promise((resolve) => setTimeout(resolve, pauseAfterFailures(4) + 100));
      expect((await postJson("/api/v1/admin/login", { email: ADMIN.email, password: `falsches-passwort-${attempt}` })).status).toBe(401);
    }
    const blocked = await postJson("/api/v1/admin/login", ADMIN);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: loginMessages.ipBlocked });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    const blockedPage = await postForm("/admin-login", { email: ADMIN.email, password: ADMIN.password });
    expect(blockedPage.status).toBe(429);
    expect(await blockedPage.text()).toContain(loginMessages.ipBlocked);
    expect(Number(blockedPage.headers.get("retry-after"))).toBeGreaterThan(800);
    // The form with JavaScript: React Router's data request.
    const blockedData = await postForm("/admin-login.data", { email: ADMIN.email, password: ADMIN.password });
    expect(blockedData.status).toBe(429);
    expect(Number(blockedData.headers.get("retry-after"))).toBeGreaterThan(800);
  });
});

import { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminContext, databaseContext } from "~/context";
import { createTestDatabase, type TestDatabase } from "../../tests/support/databases";
import { createAdminAccount } from "../../tests/support/factories";
import { loginRequiredMessage } from "~/messages";
import { adminApiGuard, enrolledApiOnly } from "../../server/api/guard";
import type { ServerEnv } from "../../server/env";
import { adminArea, adminPagesGuard, safeRedirectTarget } from "./guard.server";
import { REQUIRE_SECOND_FACTOR, writeSetting } from "~/db/settings.server";
import { createSession, sessionCookieName } from "./session.server";

describe("safeRedirectTarget", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/termine/123?x=1", "/admin/termine/123?x=1"],
    ["/admin?status=beantragt", "/admin?status=beantragt"],
    [null, "/admin"],
    ["", "/admin"],
    ["https://evil.example/admin", "/admin"],
    ["//evil.example", "/admin"],
    ["/\\evil.example", "/admin"],
    ["/admin-login", "/admin"],
    ["/kontakt", "/admin"],
  ])("%j → %j", (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});

describe("the admin guards decide no-store themselves, whatever the URL", () => {
  let database: TestDatabase;
  let sessionId: string;
  let adminId: string;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const admin = await createAdminAccount(database.db, { email: "guard@happycar.example" });
    adminId = admin.id;
    sessionId = await createSession(database.db, admin.id, new Date());
  });
  afterAll(async () => {
    await database?.close();
  });

  type Args = Parameters<typeof adminPagesGuard>[0];
  function args(url: string, { cookie }: { cookie?: string } = {}) {
    const context = new RouterContextProvider();
    context.set(databaseContext, database.db);
    const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
    return { request, context, params: {} } as unknown as Args & { context: RouterContextProvider };
  }
  const cookie = () => `${sessionCookieName()}=${sessionId}`;
  /** The route below the guard: an answer with its own caching header, and whether it ran. */
  function route(cacheControl = "public, max-age=600") {
    const calls: number[] = [];
    const next = async () => {
      calls.push(1);
      return new Response("route", { headers: { "Cache-Control": cacheControl } });
    };
    return { next, calls };
  }

  it.each(["http://x/anything", "http://x/Admin/whatever?x=1"])(
    "adminPagesGuard without a session on %s: redirect to the login, no-store",
    async (url) => {
      const { next, calls } = route();
      const response = (await adminPagesGuard(args(url), next)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin-login?redirectTo=%2Fadmin");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(calls).toHaveLength(0);
    },
  );

  it("adminPagesGuard with a session on an arbitrary URL: the route's answer, its caching overridden by no-store, the admin in adminContext", async () => {
    const { next, calls } = route();
    const routeArgs = args("http://x/anything", { cookie: cookie() });
    const response = (await adminPagesGuard(routeArgs, next)) as Response;
    expect(calls).toHaveLength(1);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("route");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(routeArgs.context.get(adminContext)).toMatchObject({ id: adminId, email: "guard@happycar.example" });
  });

  it("adminPagesGuard: an unknown session cookie counts as none", async () => {
    const { next, calls } = route();
    const response = (await adminPagesGuard(args("http://x/admin", { cookie: `${sessionCookieName()}=unbekannt` }), next)) as Response;
    expect(response.status).toBe(302);
    expect(calls).toHaveLength(0);
  });

  it("adminArea (login, setup): only no-store, on any answer", async () => {
    const { next, calls } = route();
    const response = (await adminArea(args("http://x/anything"), next)) as Response;
    expect(calls).toHaveLength(1);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

/** The JSON API's guards as its router mounts them (server/api/index.ts), on a route that echoes the account. */
describe("the JSON API's admin guard", () => {
  let database: TestDatabase;
  let app: Hono<ServerEnv>;
  let sessionId: string;
  /** A session still waiting for the login's code. */
  let pendingSessionId: string;
  /** The paths whose handler ran. */
  const ran: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const admin = await createAdminAccount(database.db, { email: "api-guard@happycar.example" });
    sessionId = await createSession(database.db, admin.id, new Date());
    pendingSessionId = await createSession(database.db, admin.id, new Date(), undefined, { stage: "second_factor" });
    app = new Hono<ServerEnv>()
      .use(async (c, next) => {
        c.set("db", database.db);
        await next();
      })
      .use("/admin/*", adminApiGuard)
      .get("/admin/me", (c) => {
        ran.push(c.req.path);
        return c.json({ admin: c.get("admin").email, mustEnrol: c.get("mustEnrol") });
      })
      .use("/admin/*", enrolledApiOnly)
      .get("/admin/board", (c) => {
        ran.push(c.req.path);
        return c.json({ board: true });
      });
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(() => {
    ran.length = 0;
  });

  // The guards read only the request's variables, never the Node request and response (the bindings).
  const get = (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} });

  it.each([
    ["no cookie", undefined],
    ["an unknown session", `${sessionCookieName()}=unbekannt`],
    ["a session still waiting for the login's code", () => `${sessionCookieName()}=${pendingSessionId}`],
  ])("%s: 401 in German JSON, the route never runs", async (_label, cookie) => {
    for (const path of ["/admin/me", "/admin/board"]) {
      const response = await get(path, typeof cookie === "function" ? cookie() : cookie);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ error: loginRequiredMessage });
    }
    expect(ran).toEqual([]);
  });

  it("a full session: the route runs with the account in the request's variables", async () => {
    const response = await get("/admin/me", `${sessionCookieName()}=${sessionId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ admin: "api-guard@happycar.example", mustEnrol: false });
    const board = await get("/admin/board", `${sessionCookieName()}=${sessionId}`);
    expect(board.status).toBe(200);
    expect(await board.json()).toEqual({ board: true });
    expect(ran).toEqual(["/admin/me", "/admin/board"]);
  });

  it("routing is case-sensitive: another spelling reaches neither the guard nor the route, so it cannot pass the guard", async () => {
    for (const path of ["/ADMIN/ME", "/Admin/board"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect(ran).toEqual([]);
  });

  it("enrolledApiOnly: 403 until the account has its second factor, when the owner requires it", async () => {
    await writeSetting(database.db, REQUIRE_SECOND_FACTOR, true, new Date());
    const response = await get("/admin/board", `${sessionCookieName()}=${sessionId}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ enrolmentRequired: true });
    const me = await get("/admin/me", `${sessionCookieName()}=${sessionId}`);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ admin: "api-guard@happycar.example", mustEnrol: true });
    expect(ran).toEqual(["/admin/me"]);
  });
});

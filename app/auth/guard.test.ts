import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminContext, databaseContext } from "~/context";
import { createTestDatabase, type TestDatabase } from "../../tests/support/databases";
import { createAdminAccount } from "../../tests/support/factories";
import { adminArea, adminPagesGuard, safeRedirectTarget } from "./guard.server";
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

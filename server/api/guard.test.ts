import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession, sessionCookieName } from "~/auth/session.server";
import { REQUIRE_SECOND_FACTOR, writeSetting } from "~/db/settings.server";
import { loginRequiredMessage } from "~/messages";
import { createTestDatabase, type TestDatabase } from "../../tests/support/databases";
import { createAdminAccount } from "../../tests/support/factories";
import type { ServerEnv } from "../env";
import { adminApiGuard, enrolledApiOnly } from "./guard";

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

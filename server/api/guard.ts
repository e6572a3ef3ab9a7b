import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { activeSession } from "~/auth/guard.server";
import { loginMessages, loginRequiredMessage } from "~/messages";
import type { ServerEnv } from "../env";
import { jsonError } from "./answers";

/**
 * The admin pages' check (app/auth/guard.server.ts) for the JSON API, on `/admin/*` in
 * server/api/index.ts: 401 without a full session; with one, the account is in the request's
 * `admin` and `mustEnrol`. The API answers `no-store` throughout.
 */
export const adminApiGuard = createMiddleware<ServerEnv>(async (c, next) => {
  const session = await activeSession(c.get("db"), c.req.header("cookie"));
  if (!session) return jsonError(c, 401, loginRequiredMessage);
  c.set("admin", session.admin);
  c.set("mustEnrol", session.mustEnrol);
  await next();
});

/** For what only the owner may do: anyone else hears `refuse`'s answer (403) before the input is checked. */
export function ownerOnly(refuse: (c: Context<ServerEnv>) => Response) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    if (c.get("admin").role !== "owner") return refuse(c);
    await next();
  });
}

/** The API's counterpart of the pages' enrolledPagesOnly: 403 until the account has set up its second factor. */
export const enrolledApiOnly = createMiddleware<ServerEnv>(async (c, next) => {
  if (c.get("mustEnrol")) return jsonError(c, 403, loginMessages.enrolmentRequired, { enrolmentRequired: true });
  await next();
});

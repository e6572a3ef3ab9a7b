import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { activeSession } from "~/auth/guard.server";
import { accessRefusal } from "~/domain/access";
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
  c.set("accountId", session.admin.id);
  c.set("mustEnrol", session.mustEnrol);
  await next();
});

function refusalOf(c: Context<ServerEnv>, access: "enrolled" | "owner") {
  return accessRefusal(access, { role: c.get("admin").role, mustEnrol: c.get("mustEnrol") });
}

function enrolmentRequired(c: Context<ServerEnv>) {
  return jsonError(c, 403, loginMessages.enrolmentRequired, { enrolmentRequired: true });
}

/**
 * For what only the owner may do (app/domain/access.ts): anyone else hears `refuse`'s answer (403)
 * before the input is checked; an owner who must first set up the second factor hears that.
 */
export function ownerOnly(refuse: (c: Context<ServerEnv>) => Response) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const refusal = refusalOf(c, "owner");
    if (refusal === "enrolmentRequired") return enrolmentRequired(c);
    if (refusal === "ownerOnly") return refuse(c);
    await next();
  });
}

/** The API's counterpart of the pages' enrolledPagesOnly: 403 until the account has set up its second factor. */
export const enrolledApiOnly = createMiddleware<ServerEnv>(async (c, next) => {
  if (refusalOf(c, "enrolled")) return enrolmentRequired(c);
  await next();
});

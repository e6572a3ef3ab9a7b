import type { Route } from "./+types/logout";
import { logLoginEvent } from "~/auth/login-events.server";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { adminContext, databaseContext, requestContext } from "~/context";
import { methodNotAllowed, postOnlyLoader } from "~/lib/http.server";

/** POST /api/v1/admin/logout → 204; the session is deleted on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  await destroySession(context.get(databaseContext), request);
  const { clientIp, requestId } = context.get(requestContext);
  logLoginEvent("logout", { accountId: context.get(adminContext).id, ip: clientIp, requestId });
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearSessionCookie() } });
}

export const loader = postOnlyLoader;

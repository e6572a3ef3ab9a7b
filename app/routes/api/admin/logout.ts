import type { Route } from "./+types/logout";
import { adminOnly } from "~/auth/guard.server";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { methodNotAllowed } from "~/lib/http.server";

/** POST /api/v1/admin/logout → 204; the session is deleted on the server. */
export const action = adminOnly(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  await destroySession(context.db, request);
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearSessionCookie() } });
});

export const loader = adminOnly(async (_args: Route.LoaderArgs) => methodNotAllowed(["POST"]));

import type { Route } from "./+types/logout";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { databaseContext } from "~/context";
import { methodNotAllowed, postOnlyLoader } from "~/lib/http.server";

/** POST /api/v1/admin/logout → 204; the session is deleted on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  await destroySession(context.get(databaseContext), request);
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearSessionCookie() } });
}

export const loader = postOnlyLoader;

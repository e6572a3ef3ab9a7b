import type { Route } from "./+types/session";
import { endSessionByHandle } from "~/auth/session.server";
import { adminContext, databaseContext } from "~/context";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import { teamMessages } from "~/messages";

/** DELETE /api/v1/admin/sessions/:id → 204: ends one of the account's own sessions; 404 for any other id. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
  const ended = await endSessionByHandle(context.get(databaseContext), context.get(adminContext).id, params.id ?? "");
  return ended ? new Response(null, { status: 204 }) : jsonError(404, teamMessages.sessionNotFound);
}

export function loader(): never {
  methodNotAllowed(["DELETE"]);
}

import { z } from "zod";
import type { Route } from "./+types/user-sessions";
import { adminContext, databaseContext } from "~/context";
import { methodNotAllowed } from "~/lib/http.server";
import { teamRefusal } from "~/lib/team-answer.server";
import { endTeamMemberSessions } from "~/services/team.server";

/** DELETE /api/v1/admin/users/:id/sessions (owner) → 204: every session of that account ends. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
  if (!z.uuid().safeParse(params.id).success) return teamRefusal("notFound");
  const result = await endTeamMemberSessions(context.get(databaseContext), {
    actor: context.get(adminContext),
    id: params.id,
    now: new Date(),
  });
  return result.ok ? new Response(null, { status: 204 }) : teamRefusal(result.code);
}

export function loader(): never {
  methodNotAllowed(["DELETE"]);
}

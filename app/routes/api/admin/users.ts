import type { Route } from "./+types/users";
import { adminContext, databaseContext } from "~/context";
import { jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { teamRefusal } from "~/lib/team-answer.server";
import { teamMessages } from "~/messages";
import { addTeamMember, listTeam, newMemberSchema } from "~/services/team.server";

/** GET /api/v1/admin/users (owner) → 200 {"users": […]}. */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await listTeam(context.get(databaseContext), context.get(adminContext), new Date());
  return result.ok ? Response.json({ users: result.value }) : teamRefusal(result.code);
}

/** POST /api/v1/admin/users {"email","name","role","password"?} (owner) → 201; without a password an invitation e-mail goes out. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") methodNotAllowed(["GET", "POST"]);
  const parsed = readJsonBody({ request, context });
  if ("errorResponse" in parsed) return parsed.errorResponse;
  const admin = context.get(adminContext);
  if (admin.role !== "owner") return teamRefusal("ownerOnly");
  const member = newMemberSchema.safeParse(parsed.body);
  if (!member.success) {
    const field = member.error.issues[0]?.path[0];
    if (field === "email") return teamRefusal("invalidEmail");
    if (field === "name") return teamRefusal("invalidName");
    return jsonError(400, teamMessages.memberInvalid);
  }
  const result = await addTeamMember(context.get(databaseContext), { actor: admin, member: member.data, now: new Date() });
  return result.ok ? Response.json(result.value, { status: 201 }) : teamRefusal(result.code);
}

import { z } from "zod";
import type { Route } from "./+types/user";
import { adminContext, databaseContext } from "~/context";
import { adminRoles } from "~/domain/admin";
import { jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { teamRefusal } from "~/lib/team-answer.server";
import { teamMessages } from "~/messages";
import { changeTeamMember } from "~/services/team.server";

const changeSchema = z.object({ role: z.enum(adminRoles).optional(), active: z.boolean().optional() });
const idSchema = z.uuid();

/** PATCH /api/v1/admin/users/:id {"role"?, "active"?} (owner) → 200 {"id","role","active"}; 409 for the last owner. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") methodNotAllowed(["PATCH"]);
  const parsed = readJsonBody({ request, context });
  if ("errorResponse" in parsed) return parsed.errorResponse;
  const admin = context.get(adminContext);
  if (admin.role !== "owner") return teamRefusal("ownerOnly");
  if (!idSchema.safeParse(params.id).success) return teamRefusal("notFound");
  const change = changeSchema.safeParse(parsed.body);
  if (!change.success) return jsonError(400, teamMessages.changeInvalid);
  const result = await changeTeamMember(context.get(databaseContext), { actor: admin, id: params.id, ...change.data, now: new Date() });
  return result.ok ? Response.json(result.value) : teamRefusal(result.code);
}

export function loader(): never {
  methodNotAllowed(["PATCH"]);
}

import { z } from "zod";
import { adminRoles } from "~/domain/admin";
import { type ApiContext, jsonBody, jsonError, pathParam } from "~/lib/json-api.server";
import { teamRefusal } from "~/lib/team-answer.server";
import { teamMessages } from "~/messages";
import { addTeamMember, changeTeamMember, endTeamMemberSessions, listTeam, newMemberSchema } from "~/services/team.server";

const changeSchema = z.object({ role: z.enum(adminRoles).optional(), active: z.boolean().optional() });
const idSchema = z.uuid();

/** GET /api/v1/admin/users (owner) → 200 {"users": […]}. */
export async function team(c: ApiContext): Promise<Response> {
  const result = await listTeam(c.get("db"), c.get("admin"), new Date());
  if (!result.ok) return teamRefusal(c, result.code);
  return c.json({ users: result.value });
}

/** POST /api/v1/admin/users {"email","name","role","password"?} (owner) → 201; without a password an invitation e-mail goes out. */
export async function addMember(c: ApiContext): Promise<Response> {
  const body = jsonBody(c);
  const admin = c.get("admin");
  if (admin.role !== "owner") return teamRefusal(c, "ownerOnly");
  const member = newMemberSchema.safeParse(body);
  if (!member.success) {
    const field = member.error.issues[0]?.path[0];
    if (field === "email") return teamRefusal(c, "invalidEmail");
    if (field === "name") return teamRefusal(c, "invalidName");
    return jsonError(c, 400, teamMessages.memberInvalid);
  }
  const result = await addTeamMember(c.get("db"), { actor: admin, member: member.data, now: new Date() });
  if (!result.ok) return teamRefusal(c, result.code);
  return c.json(result.value, 201);
}

/** PATCH /api/v1/admin/users/:id {"role"?, "active"?} (owner) → 200 {"id","role","active"}; 409 for the last owner. */
export async function changeMember(c: ApiContext): Promise<Response> {
  const body = jsonBody(c);
  const admin = c.get("admin");
  if (admin.role !== "owner") return teamRefusal(c, "ownerOnly");
  if (!idSchema.safeParse(pathParam(c, "id")).success) return teamRefusal(c, "notFound");
  const change = changeSchema.safeParse(body);
  if (!change.success) return jsonError(c, 400, teamMessages.changeInvalid);
  const result = await changeTeamMember(c.get("db"), { actor: admin, id: pathParam(c, "id"), ...change.data, now: new Date() });
  if (!result.ok) return teamRefusal(c, result.code);
  return c.json(result.value);
}

/** DELETE /api/v1/admin/users/:id/sessions (owner) → 204: every session of that account ends. */
export async function endMemberSessions(c: ApiContext): Promise<Response> {
  if (!idSchema.safeParse(pathParam(c, "id")).success) return teamRefusal(c, "notFound");
  const result = await endTeamMemberSessions(c.get("db"), { actor: c.get("admin"), id: pathParam(c, "id"), now: new Date() });
  if (!result.ok) return teamRefusal(c, result.code);
  return c.body(null, 204);
}

import { z } from "zod";
import type { RequestHandler } from "express";
import { adminRoles } from "~/domain/admin";
import { jsonBody, sendJsonError } from "~/lib/json-api.server";
import { teamRefusal } from "~/lib/team-answer.server";
import { teamMessages } from "~/messages";
import { addTeamMember, changeTeamMember, endTeamMemberSessions, listTeam, newMemberSchema } from "~/services/team.server";

const changeSchema = z.object({ role: z.enum(adminRoles).optional(), active: z.boolean().optional() });
const idSchema = z.uuid();

/** GET /api/v1/admin/users (owner) → 200 {"users": […]}. */
export const team: RequestHandler = async (_req, res) => {
  const result = await listTeam(res.locals.db, res.locals.admin, new Date());
  if (!result.ok) return teamRefusal(res, result.code);
  res.json({ users: result.value });
};

/** POST /api/v1/admin/users {"email","name","role","password"?} (owner) → 201; without a password an invitation e-mail goes out. */
export const addMember: RequestHandler = async (req, res) => {
  const body = jsonBody(req, res);
  const { admin } = res.locals;
  if (admin.role !== "owner") return teamRefusal(res, "ownerOnly");
  const member = newMemberSchema.safeParse(body);
  if (!member.success) {
    const field = member.error.issues[0]?.path[0];
    if (field === "email") return teamRefusal(res, "invalidEmail");
    if (field === "name") return teamRefusal(res, "invalidName");
    return sendJsonError(res, 400, teamMessages.memberInvalid);
  }
  const result = await addTeamMember(res.locals.db, { actor: admin, member: member.data, now: new Date() });
  if (!result.ok) return teamRefusal(res, result.code);
  res.status(201).json(result.value);
};

/** PATCH /api/v1/admin/users/:id {"role"?, "active"?} (owner) → 200 {"id","role","active"}; 409 for the last owner. */
export const changeMember: RequestHandler<{ id: string }> = async (req, res) => {
  const body = jsonBody(req, res);
  const { admin } = res.locals;
  if (admin.role !== "owner") return teamRefusal(res, "ownerOnly");
  if (!idSchema.safeParse(req.params.id).success) return teamRefusal(res, "notFound");
  const change = changeSchema.safeParse(body);
  if (!change.success) return sendJsonError(res, 400, teamMessages.changeInvalid);
  const result = await changeTeamMember(res.locals.db, { actor: admin, id: req.params.id, ...change.data, now: new Date() });
  if (!result.ok) return teamRefusal(res, result.code);
  res.json(result.value);
};

/** DELETE /api/v1/admin/users/:id/sessions (owner) → 204: every session of that account ends. */
export const endMemberSessions: RequestHandler<{ id: string }> = async (req, res) => {
  if (!idSchema.safeParse(req.params.id).success) return teamRefusal(res, "notFound");
  const result = await endTeamMemberSessions(res.locals.db, { actor: res.locals.admin, id: req.params.id, now: new Date() });
  if (!result.ok) return teamRefusal(res, result.code);
  res.status(204).end();
};

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { adminRoles } from "~/domain/admin";
import { fail } from "~/domain/result";
import { teamMessages } from "~/messages";
import {
  addTeamMember,
  changeTeamMember,
  endTeamMemberSessions,
  listTeam,
  newMemberSchema,
  resendInvitation,
  unlockTeamMemberSecondFactor,
} from "~/services/team.server";
import type { ServerEnv } from "../env";
import { jsonError, teamRefusal } from "./answers";
import { ownerOnly } from "./guard";
import { jsonObject, refuseInvalid } from "./input";

const changeSchema = z.object({ role: z.enum(adminRoles).optional(), active: z.boolean().optional() });

/** The team's accounts (docs/api.md), mounted on /api/v1/admin/users. */
export const team = new Hono<ServerEnv>();

const ownerOnlyTeam = ownerOnly((c) => teamRefusal(c, fail("ownerOnly")));

/** The `:id` of the path: anything but an account's id is an unknown account (404). */
const memberId = zValidator("param", z.object({ id: z.uuid() }), (result, c) =>
  result.success ? undefined : teamRefusal(c, fail("notFound")),
);

/** GET /api/v1/admin/users (owner) → 200 {"users": […]}. */
team.get("/", async (c) => {
  const result = await listTeam(c.get("db"), c.get("admin"), new Date());
  if (!result.ok) return teamRefusal(c, result);
  return c.json({ users: result.value });
});

/** POST /api/v1/admin/users {"email","name","role","password"?} (owner) → 201; without a password an invitation e-mail goes out. */
team.post(
  "/",
  jsonObject,
  ownerOnlyTeam,
  zValidator("json", newMemberSchema, (result, c) => {
    if (result.success) return;
    const field = result.error.issues[0]?.path[0];
    if (field === "email") return teamRefusal(c, fail("invalidEmail"));
    if (field === "name") return teamRefusal(c, fail("invalidName"));
    return jsonError(c, 400, teamMessages.memberInvalid);
  }),
  async (c) => {
    const result = await addTeamMember(c.get("db"), { actor: c.get("admin"), member: c.req.valid("json"), now: new Date() });
    if (!result.ok) return teamRefusal(c, result);
    return c.json(result.value, 201);
  },
);

/** PATCH /api/v1/admin/users/:id {"role"?, "active"?} (owner) → 200 {"id","role","active"}; 409 for the last owner. */
team.patch(
  "/:id",
  jsonObject,
  ownerOnlyTeam,
  memberId,
  zValidator("json", changeSchema, refuseInvalid(400, teamMessages.changeInvalid)),
  async (c) => {
    const change = { actor: c.get("admin"), id: c.req.valid("param").id, ...c.req.valid("json"), now: new Date() };
    const result = await changeTeamMember(c.get("db"), change);
    if (!result.ok) return teamRefusal(c, result);
    return c.json(result.value);
  },
);

/** DELETE /api/v1/admin/users/:id/sessions (owner) → 204: every session of that account ends. */
team.delete("/:id/sessions", memberId, async (c) => {
  const result = await endTeamMemberSessions(c.get("db"), { actor: c.get("admin"), id: c.req.valid("param").id, now: new Date() });
  if (!result.ok) return teamRefusal(c, result);
  return c.body(null, 204);
});

/**
 * POST /api/v1/admin/users/:id/invitation (owner) → 204: a new invitation e-mail for an invited account
 * that has not chosen its password; earlier links stop working. 409 when it has one or is deactivated.
 */
team.post("/:id/invitation", ownerOnlyTeam, memberId, async (c) => {
  const result = await resendInvitation(c.get("db"), { actor: c.get("admin"), id: c.req.valid("param").id, now: new Date() });
  if (!result.ok) return teamRefusal(c, result);
  return c.body(null, 204);
});

/**
 * POST /api/v1/admin/users/:id/unlock-second-factor (owner) → 204: the account's code login, locked after too many
 * wrong codes, takes the app's codes again (decision 033); also when it was not locked.
 */
team.post("/:id/unlock-second-factor", ownerOnlyTeam, memberId, async (c) => {
  const result = await unlockTeamMemberSecondFactor(c.get("db"), { actor: c.get("admin"), id: c.req.valid("param").id, now: new Date() });
  if (!result.ok) return teamRefusal(c, result);
  return c.body(null, 204);
});

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { isUuid } from "~/domain/ids";
import { absenceMessages, resourceMessages } from "~/messages";
import { absenceInputSchema } from "~/schemas/absence";
import { fieldMessages, resourceChangeSchema, resourceInputSchema } from "~/schemas/resource";
import { addAbsence, deleteAbsence, listAbsences } from "~/services/absences.server";
import { addResource, changeResource, deleteResource, listResources } from "~/services/resources.server";
import type { ServerEnv } from "../env";
import { absenceRefusal, jsonError, resourceRefusal } from "./answers";
import { ownerOnly } from "./guard";
import { jsonObject } from "./input";

/** The workshop's lifts, inspection places, mechanics and courtesy cars (docs/api.md, decision 038), mounted on /api/v1/admin/resources. */
export const resources = new Hono<ServerEnv>();

const ownerOnlyResources = ownerOnly((c) => resourceRefusal(c, "ownerOnly"));

const idParam = zValidator("param", z.object({ id: z.string().refine(isUuid) }), (result, c) =>
  result.success ? undefined : resourceRefusal(c, "notFound"),
);

/** 400 with the German message of each bad field. */
const invalid = (result: { success: boolean; error?: unknown }, c: Parameters<typeof jsonError>[0]) =>
  result.success ? undefined : jsonError(c, 400, resourceMessages.invalid, { fields: fieldMessages(result.error as z.ZodError) });

/** GET /api/v1/admin/resources (any admin) → 200 {"resources": [{"id","name","kind","active"}]}. */
resources.get("/", async (c) => c.json({ resources: await listResources(c.get("db")) }));

/** POST /api/v1/admin/resources {"name","kind"} (owner) → 201 with the resource. */
resources.post("/", jsonObject, ownerOnlyResources, zValidator("json", resourceInputSchema, invalid), async (c) => {
  const result = await addResource(c.get("db"), { actor: c.get("admin"), resource: c.req.valid("json"), now: new Date() });
  if (!result.ok) return resourceRefusal(c, result.code);
  return c.json(result.value, 201);
});

/** PATCH /api/v1/admin/resources/:id {"name"?,"active"?} (owner) → 200 with the resource; 404 for an unknown id. */
resources.patch("/:id", jsonObject, ownerOnlyResources, idParam, zValidator("json", resourceChangeSchema, invalid), async (c) => {
  const change = c.req.valid("json");
  const result = await changeResource(c.get("db"), { actor: c.get("admin"), id: c.req.valid("param").id, change, now: new Date() });
  if (!result.ok) return resourceRefusal(c, result.code);
  return c.json(result.value);
});

/** DELETE /api/v1/admin/resources/:id (owner) → 204; one that appointments held is deactivated instead: 200 {"id","active":false}. */
resources.delete("/:id", ownerOnlyResources, idParam, async (c) => {
  const result = await deleteResource(c.get("db"), { actor: c.get("admin"), id: c.req.valid("param").id, now: new Date() });
  if (!result.ok) return resourceRefusal(c, result.code);
  if (result.value.deleted) return c.body(null, 204);
  return c.json({ id: result.value.resource.id, active: false });
});

/** An absence's path: a malformed resource id is an unknown resource, a malformed absence id an unknown absence. */
const absenceParams = zValidator("param", z.object({ id: z.string(), absenceId: z.string() }), (result, c) => {
  if (!result.success) return absenceRefusal(c, "notFound");
  if (!isUuid(result.data.id)) return absenceRefusal(c, "notFound");
  if (!isUuid(result.data.absenceId)) return absenceRefusal(c, "absenceNotFound");
});

/** GET /api/v1/admin/resources/:id/absences (any admin) → 200 {"absences": [{"id","resourceId","from","to","startTime","reason","createdAt"}]}: those ending today or later. */
resources.get("/:id/absences", idParam, async (c) => {
  const result = await listAbsences(c.get("db"), { resourceId: c.req.valid("param").id, now: new Date() });
  if (!result.ok) return absenceRefusal(c, result.code);
  return c.json({ absences: result.value });
});

/**
 * POST /api/v1/admin/resources/:id/absences {"from","to","startTime"?,"reason"} (owner) → 201 with the absence,
 * the appointments moved to another free resource (`reassigned`) and those nothing was free for (`affected`).
 */
resources.post(
  "/:id/absences",
  jsonObject,
  ownerOnlyResources,
  idParam,
  zValidator("json", absenceInputSchema, (result, c) =>
    result.success ? undefined : jsonError(c, 400, absenceMessages.invalid, { fields: fieldMessages(result.error as z.ZodError, "from") }),
  ),
  async (c) => {
    const result = await addAbsence(c.get("db"), {
      actor: c.get("admin"),
      resourceId: c.req.valid("param").id,
      absence: c.req.valid("json"),
      now: new Date(),
    });
    if (!result.ok) return absenceRefusal(c, result.code);
    const { resource: _resource, ...outcome } = result.value;
    return c.json(outcome, 201);
  },
);

/** DELETE /api/v1/admin/resources/:id/absences/:absenceId (owner) → 204; the appointments stay as they are. */
resources.delete("/:id/absences/:absenceId", ownerOnlyResources, absenceParams, async (c) => {
  const { id, absenceId } = c.req.valid("param");
  const result = await deleteAbsence(c.get("db"), { actor: c.get("admin"), resourceId: id, absenceId, now: new Date() });
  if (!result.ok) return absenceRefusal(c, result.code);
  return c.body(null, 204);
});

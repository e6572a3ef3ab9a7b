import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { isUuid } from "~/domain/ids";
import { resourceMessages } from "~/messages";
import { fieldMessages, resourceChangeSchema, resourceInputSchema } from "~/schemas/resource";
import { addResource, changeResource, deleteResource, listResources } from "~/services/resources.server";
import type { ServerEnv } from "../env";
import { jsonError, resourceRefusal } from "./answers";
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

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { isUuid } from "~/domain/ids";
import { closureMessages } from "~/messages";
import { closureInputSchema, parseClosureInput } from "~/schemas/closure";
import { addClosure, deleteClosure, listClosures } from "~/services/closures.server";
import type { ServerEnv } from "../env";
import { closureRefusal } from "./answers";
import { jsonError } from "./answers";
import { ownerOnly } from "./guard";
import { jsonObject } from "./input";

/** The workshop's closures (docs/api.md), mounted on /api/v1/admin/closures. */
export const closures = new Hono<ServerEnv>();

const ownerOnlyClosures = ownerOnly((c) => closureRefusal(c, "ownerOnly"));

/** GET /api/v1/admin/closures (owner) → 200 {"closures": […]}: those ending today or later. */
closures.get("/", async (c) => {
  const result = await listClosures(c.get("db"), c.get("admin"), new Date());
  if (!result.ok) return closureRefusal(c, result.code);
  return c.json({ closures: result.value });
});

/** POST /api/v1/admin/closures {"from","to","name","startTime"?} (owner) → 201 with the closure and the appointments it covers. */
closures.post(
  "/",
  jsonObject,
  ownerOnlyClosures,
  zValidator("json", closureInputSchema, (result, c) => {
    if (result.success) return;
    // The German message of each bad field, as the board's form shows them (app/schemas/closure.ts).
    const input = parseClosureInput(result.data);
    return jsonError(c, 400, closureMessages.invalid, { fields: input.ok ? {} : input.fields });
  }),
  async (c) => {
    const result = await addClosure(c.get("db"), { actor: c.get("admin"), closure: c.req.valid("json"), now: new Date() });
    if (!result.ok) return closureRefusal(c, result.code);
    return c.json(result.value, 201);
  },
);

/** DELETE /api/v1/admin/closures/:id (owner) → 204; 404 for an unknown id. */
closures.delete(
  "/:id",
  ownerOnlyClosures,
  zValidator("param", z.object({ id: z.string().refine(isUuid) }), (result, c) =>
    result.success ? undefined : closureRefusal(c, "notFound"),
  ),
  async (c) => {
    const result = await deleteClosure(c.get("db"), { actor: c.get("admin"), id: c.req.valid("param").id, now: new Date() });
    if (!result.ok) return closureRefusal(c, result.code);
    return c.body(null, 204);
  },
);

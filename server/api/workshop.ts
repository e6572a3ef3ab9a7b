import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import type { z } from "zod";
import { env } from "~/config/env.server";
import { stepUpMessages, workshopMessages } from "~/messages";
import { workshopChangeSchema, workshopFieldMessages } from "~/schemas/workshop";
import { changeWorkshopFacts, workshopHistory, workshopSettingsView } from "~/services/workshop-facts.server";
import type { ServerEnv } from "../env";
import { jsonError } from "./answers";
import { ownerOnly } from "./guard";
import { jsonObject } from "./input";

/** The workshop's facts of 'Einstellungen' (docs/api.md, issue 29, decision 042), mounted on /api/v1/admin/workshop. */
export const workshop = new Hono<ServerEnv>();

/** GET /api/v1/admin/workshop (any admin) → 200 {"facts","version","envLocked","outsideHours"}. */
workshop.get("/", async (c) => c.json(await workshopSettingsView(c.get("db"), env(), new Date())));

/** GET /api/v1/admin/workshop/history (any admin) → 200 {"history": [{"id","changedAt","actor","field","oldValue","newValue"}]}, newest first. */
workshop.get("/history", async (c) => c.json({ history: await workshopHistory(c.get("db")) }));

/**
 * PUT /api/v1/admin/workshop {"workshop"?, "imprint"?, "hours"?, "services"?, "bookingRules"?, "email"?} (owner)
 * → 200 {"facts","version","changes","outsideHours"}; 400 with `fields` for bad values, or naming the
 * environment variable that sets a field (`code: "envLocked"`); 403 for staff.
 */
workshop.put(
  "/",
  jsonObject,
  ownerOnly((c) => jsonError(c, 403, workshopMessages.ownerOnly)),
  zValidator("json", workshopChangeSchema, (result, c) =>
    result.success ? undefined : jsonError(c, 400, workshopMessages.invalid, { fields: workshopFieldMessages(result.error as z.ZodError) }),
  ),
  async (c) => {
    const result = await changeWorkshopFacts(c.get("db"), {
      admin: c.get("admin"),
      mustEnrol: c.get("mustEnrol"),
      change: c.req.valid("json"),
      config: env(),
      now: new Date(),
    });
    if (result.ok) return c.json(result.value);
    if (result.code === "ownerOnly") return jsonError(c, 403, workshopMessages.ownerOnly);
    if (result.code === "stepUpRequired") return jsonError(c, 401, stepUpMessages.stepUpRequired, { stepUp: true });
    if (result.code === "envLocked")
      return jsonError(c, 400, workshopMessages.envLockedField(result.variable), { fields: result.fields, code: "envLocked" });
    return jsonError(c, 400, workshopMessages.invalid, { fields: result.fields });
  },
);

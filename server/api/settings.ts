import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { settingsMessages } from "~/messages";
import { readBoardSettings, setReadyEmail } from "~/services/board-settings.server";
import type { ServerEnv } from "../env";
import { codeRefusal } from "./answers";
import { jsonObject, refuseInvalid } from "./input";

const settingsSchema = z.object({ readyEmail: z.boolean() });

/** The board's settings (docs/api.md), mounted on /api/v1/admin/settings. */
export const settings = new Hono<ServerEnv>();

/** GET /api/v1/admin/settings → 200 {"readyEmail"} (any admin). */
settings.get("/", async (c) => c.json(await readBoardSettings(c.get("db"))));

/** PUT /api/v1/admin/settings {"readyEmail": true|false} (owner) → 200 {"readyEmail"}; 403 for staff. */
settings.put("/", jsonObject, zValidator("json", settingsSchema, refuseInvalid(400, settingsMessages.invalid)), async (c) => {
  const result = await setReadyEmail(c.get("db"), { admin: c.get("admin"), readyEmail: c.req.valid("json").readyEmail });
  if (!result.ok) return codeRefusal(c, result.code, settingsMessages[result.code]);
  return c.json(result.value);
});

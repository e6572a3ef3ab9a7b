import { z } from "zod";
import type { Route } from "./+types/settings";
import { adminContext, databaseContext } from "~/context";
import { jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { settingsMessages } from "~/messages";
import { readBoardSettings, setReadyEmail } from "~/services/board-settings.server";

const settingsSchema = z.object({ readyEmail: z.boolean() });

/** GET /api/v1/admin/settings → 200 {"readyEmail"} (any admin). */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await readBoardSettings(context.get(databaseContext)));
}

/** PUT /api/v1/admin/settings {"readyEmail": true|false} (owner) → 200 {"readyEmail"}; 403 for staff. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") methodNotAllowed(["GET", "PUT"]);
  const parsed = readJsonBody({ request, context });
  if ("errorResponse" in parsed) return parsed.errorResponse;
  const change = settingsSchema.safeParse(parsed.body);
  if (!change.success) return jsonError(400, settingsMessages.invalid);
  const result = await setReadyEmail(context.get(databaseContext), {
    admin: context.get(adminContext),
    readyEmail: change.data.readyEmail,
  });
  return result.ok ? Response.json(result.value) : jsonError(403, settingsMessages[result.code]);
}

import type { Route } from "./+types/closures";
import { adminContext, databaseContext } from "~/context";
import { closureRefusal } from "~/lib/closure-answer.server";
import { jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { closureMessages } from "~/messages";
import { parseClosureInput } from "~/schemas/closure";
import { addClosure, listClosures } from "~/services/closures.server";

/** GET /api/v1/admin/closures (owner) → 200 {"closures": […]}: those ending today or later. */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await listClosures(context.get(databaseContext), context.get(adminContext), new Date());
  return result.ok ? Response.json({ closures: result.value }) : closureRefusal(result.code);
}

/** POST /api/v1/admin/closures {"from","to","name","startTime"?} (owner) → 201 with the closure and the appointments it covers. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") methodNotAllowed(["GET", "POST"]);
  const parsed = readJsonBody({ request, context });
  if ("errorResponse" in parsed) return parsed.errorResponse;
  const admin = context.get(adminContext);
  if (admin.role !== "owner") return closureRefusal("ownerOnly");
  const input = parseClosureInput(parsed.body);
  if (!input.ok) return jsonError(400, closureMessages.invalid, { fields: input.fields });
  const result = await addClosure(context.get(databaseContext), { actor: admin, closure: input.data, now: new Date() });
  return result.ok ? Response.json(result.value, { status: 201 }) : closureRefusal(result.code);
}

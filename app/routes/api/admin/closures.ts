import { isUuid } from "~/domain/ids";
import { closureRefusal } from "~/lib/closure-answer.server";
import { type ApiContext, jsonBody, jsonError, pathParam } from "~/lib/json-api.server";
import { closureMessages } from "~/messages";
import { parseClosureInput } from "~/schemas/closure";
import { addClosure, deleteClosure, listClosures } from "~/services/closures.server";

/** GET /api/v1/admin/closures (owner) → 200 {"closures": […]}: those ending today or later. */
export async function closures(c: ApiContext): Promise<Response> {
  const result = await listClosures(c.get("db"), c.get("admin"), new Date());
  if (!result.ok) return closureRefusal(c, result.code);
  return c.json({ closures: result.value });
}

/** POST /api/v1/admin/closures {"from","to","name","startTime"?} (owner) → 201 with the closure and the appointments it covers. */
export async function addOwnClosure(c: ApiContext): Promise<Response> {
  const body = jsonBody(c);
  const admin = c.get("admin");
  if (admin.role !== "owner") return closureRefusal(c, "ownerOnly");
  const input = parseClosureInput(body);
  if (!input.ok) return jsonError(c, 400, closureMessages.invalid, { fields: input.fields });
  const result = await addClosure(c.get("db"), { actor: admin, closure: input.data, now: new Date() });
  if (!result.ok) return closureRefusal(c, result.code);
  return c.json(result.value, 201);
}

/** DELETE /api/v1/admin/closures/:id (owner) → 204; 404 for an unknown id. */
export async function removeClosure(c: ApiContext): Promise<Response> {
  const admin = c.get("admin");
  if (admin.role !== "owner") return closureRefusal(c, "ownerOnly");
  if (!isUuid(pathParam(c, "id"))) return closureRefusal(c, "notFound");
  const result = await deleteClosure(c.get("db"), { actor: admin, id: pathParam(c, "id"), now: new Date() });
  if (!result.ok) return closureRefusal(c, result.code);
  return c.body(null, 204);
}

import type { RequestHandler } from "express";
import { isUuid } from "~/domain/ids";
import { closureRefusal } from "~/lib/closure-answer.server";
import { jsonBody, sendJsonError } from "~/lib/json-api.server";
import { closureMessages } from "~/messages";
import { parseClosureInput } from "~/schemas/closure";
import { addClosure, deleteClosure, listClosures } from "~/services/closures.server";

/** GET /api/v1/admin/closures (owner) → 200 {"closures": […]}: those ending today or later. */
export const closures: RequestHandler = async (_req, res) => {
  const result = await listClosures(res.locals.db, res.locals.admin, new Date());
  if (!result.ok) return closureRefusal(res, result.code);
  res.json({ closures: result.value });
};

/** POST /api/v1/admin/closures {"from","to","name","startTime"?} (owner) → 201 with the closure and the appointments it covers. */
export const addOwnClosure: RequestHandler = async (req, res) => {
  const body = jsonBody(req, res);
  const { admin } = res.locals;
  if (admin.role !== "owner") return closureRefusal(res, "ownerOnly");
  const input = parseClosureInput(body);
  if (!input.ok) return sendJsonError(res, 400, closureMessages.invalid, { fields: input.fields });
  const result = await addClosure(res.locals.db, { actor: admin, closure: input.data, now: new Date() });
  if (!result.ok) return closureRefusal(res, result.code);
  res.status(201).json(result.value);
};

/** DELETE /api/v1/admin/closures/:id (owner) → 204; 404 for an unknown id. */
export const removeClosure: RequestHandler<{ id: string }> = async (req, res) => {
  const { admin } = res.locals;
  if (admin.role !== "owner") return closureRefusal(res, "ownerOnly");
  if (!isUuid(req.params.id)) return closureRefusal(res, "notFound");
  const result = await deleteClosure(res.locals.db, { actor: admin, id: req.params.id, now: new Date() });
  if (!result.ok) return closureRefusal(res, result.code);
  res.status(204).end();
};

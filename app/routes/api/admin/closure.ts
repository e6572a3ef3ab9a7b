import type { Route } from "./+types/closure";
import { adminContext, databaseContext } from "~/context";
import { isUuid } from "~/domain/ids";
import { closureRefusal } from "~/lib/closure-answer.server";
import { methodNotAllowed } from "~/lib/http.server";
import { deleteClosure } from "~/services/closures.server";

/** DELETE /api/v1/admin/closures/:id (owner) → 204; 404 for an unknown id. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
  const admin = context.get(adminContext);
  if (admin.role !== "owner") return closureRefusal("ownerOnly");
  if (!isUuid(params.id)) return closureRefusal("notFound");
  const result = await deleteClosure(context.get(databaseContext), { actor: admin, id: params.id, now: new Date() });
  return result.ok ? new Response(null, { status: 204 }) : closureRefusal(result.code);
}

export function loader(): never {
  methodNotAllowed(["DELETE"]);
}

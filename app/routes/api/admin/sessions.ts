import type { Route } from "./+types/sessions";
import { listSessions } from "~/auth/session.server";
import { adminContext, databaseContext } from "~/context";
import { methodNotAllowed } from "~/lib/http.server";

/** GET /api/v1/admin/sessions → 200 {"sessions": [{"id","createdAt","lastSeenAt","userAgent","current"}]}: the account's own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessions = await listSessions(context.get(databaseContext), context.get(adminContext).id, request, new Date());
  return Response.json({ sessions });
}

export function action(): never {
  methodNotAllowed(["GET"]);
}

import type { Route } from "./+types/appointments";
import { adminOnly } from "~/auth/guard.server";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import { isAdminTab, listAppointments } from "~/services/admin-appointments.server";

/** GET /api/v1/admin/appointments?status=&q=&page= */
export const loader = adminOnly(async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") || "alle";
  if (!isAdminTab(status)) {
    return jsonError(400, "Unbekannter Status. Erlaubt: alle, beantragt, bestätigt, storniert.");
  }
  const page = Number(params.get("page") ?? "1");
  return Response.json(
    await listAppointments(context.db, { tab: status, q: params.get("q") ?? "", page: Number.isFinite(page) ? page : 1 }),
  );
});

export const action = adminOnly(async (_args: Route.ActionArgs) => methodNotAllowed(["GET"]));

import type { Route } from "./+types/appointments";
import { databaseContext } from "~/context";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import { isAdminTab } from "~/domain/appointment";
import { listAppointments } from "~/services/admin-appointments.server";

/** GET /api/v1/admin/appointments?status=&q=&page= */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") || "alle";
  if (!isAdminTab(status)) {
    return jsonError(400, "Unbekannter Status. Erlaubt: alle, beantragt, bestätigt, storniert.");
  }
  const page = Number(params.get("page") ?? "1");
  return Response.json(
    await listAppointments(context.get(databaseContext), { tab: status, q: params.get("q") ?? "", page: Number.isFinite(page) ? page : 1 }),
  );
}

export function action(): never {
  methodNotAllowed(["GET"]);
}

import type { Route } from "./+types/appointment-transition";
import { adminOnly } from "~/auth/guard.server";
import { jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import {
  adminMessages,
  cancelAppointment,
  confirmAppointment,
  isAppointmentId,
} from "~/services/admin-appointments.server";

/**
 * POST /api/v1/admin/appointments/:id/confirm and …/cancel {"reason"}:
 * 200 {"id","status"}, 400 (blank reason), 404, 409 (no longer beantragt).
 */
export const action = adminOnly(async ({ request, params, context }: Route.ActionArgs, admin) => {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  if (!isAppointmentId(params.id)) return jsonError(404, adminMessages.notFound);
  let result;
  if (params.transition === "confirm") {
    result = await confirmAppointment(context.db, { id: params.id, admin });
  } else if (params.transition === "cancel") {
    const parsed = await readJsonBody(request);
    if ("errorResponse" in parsed) return parsed.errorResponse;
    const body = parsed.body;
    result = await cancelAppointment(context.db, { id: params.id, admin, reason: body.reason });
  } else {
    return jsonError(404, "Unbekannte Aktion.");
  }
  return result.ok
    ? Response.json({ id: params.id, status: result.status })
    : jsonError(result.status, result.message);
});

export const loader = adminOnly(async (_args: Route.LoaderArgs) => methodNotAllowed(["POST"]));

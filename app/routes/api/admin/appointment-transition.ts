import type { Route } from "./+types/appointment-transition";
import { adminContext, databaseContext } from "~/context";
import { jsonError, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { adminMessages } from "~/messages";
import { cancelAppointment, confirmAppointment, isAppointmentId } from "~/services/admin-appointments.server";
import { bookingConfigFromEnv } from "~/services/booking.server";

/**
 * POST /api/v1/admin/appointments/:id/confirm and …/cancel {"reason"}:
 * 200 {"id","status"}, 400 (blank reason), 404, 409 (no longer beantragt, or the slot's
 * confirmed appointments already reach SLOT_CAPACITY).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const db = context.get(databaseContext);
  const admin = context.get(adminContext);
  if (!isAppointmentId(params.id)) return jsonError(404, adminMessages.notFound);
  let result;
  if (params.transition === "confirm") {
    result = await confirmAppointment(db, { id: params.id, admin, slotCapacity: bookingConfigFromEnv().slotCapacity });
  } else if (params.transition === "cancel") {
    const parsed = readJsonBody({ request, context });
    if ("errorResponse" in parsed) return parsed.errorResponse;
    const body = parsed.body;
    result = await cancelAppointment(db, { id: params.id, admin, reason: body.reason });
  } else {
    return jsonError(404, adminMessages.unknownAction);
  }
  return result.ok ? Response.json({ id: params.id, status: result.status }) : jsonError(result.status, adminMessages[result.code]);
}

export function loader(): never {
  methodNotAllowed(["POST"]);
}

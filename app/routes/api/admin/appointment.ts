import type { Route } from "./+types/appointment";
import { adminOnly } from "~/auth/guard.server";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import {
  adminMessages,
  appointmentDetails,
  deleteAppointment,
  isAppointmentId,
} from "~/services/admin-appointments.server";

/** GET /api/v1/admin/appointments/:id → the appointment with its audit trail. */
export const loader = adminOnly(async ({ params, context }: Route.LoaderArgs) => {
  const details = isAppointmentId(params.id) ? await appointmentDetails(context.db, params.id) : null;
  return details ? Response.json(details) : jsonError(404, adminMessages.notFound);
});

/** DELETE /api/v1/admin/appointments/:id → 204. */
export const action = adminOnly(async ({ request, params, context }: Route.ActionArgs, admin) => {
  if (request.method !== "DELETE") methodNotAllowed(["GET", "DELETE"]);
  if (!isAppointmentId(params.id)) return jsonError(404, adminMessages.notFound);
  const result = await deleteAppointment(context.db, { id: params.id, admin });
  return result.ok ? new Response(null, { status: 204 }) : jsonError(result.status, result.message);
});

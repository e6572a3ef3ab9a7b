import type { Route } from "./+types/appointment";
import { adminContext, databaseContext } from "~/context";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import { adminMessages } from "~/messages";
import { appointmentDetails, deleteAppointment, isAppointmentId } from "~/services/admin-appointments.server";

/** GET /api/v1/admin/appointments/:id → the appointment with its audit trail. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const details = isAppointmentId(params.id) ? await appointmentDetails(context.get(databaseContext), params.id) : null;
  return details ? Response.json(details) : jsonError(404, adminMessages.notFound);
}

/** DELETE /api/v1/admin/appointments/:id → 204. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") methodNotAllowed(["GET", "DELETE"]);
  if (!isAppointmentId(params.id)) return jsonError(404, adminMessages.notFound);
  const result = await deleteAppointment(context.get(databaseContext), { id: params.id, admin: context.get(adminContext) });
  return result.ok ? new Response(null, { status: 204 }) : jsonError(result.status, adminMessages[result.code]);
}

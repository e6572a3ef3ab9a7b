import type { Route } from "./+types/appointment-note";
import { adminContext, databaseContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { adminMessages } from "~/messages";
import { appointmentDetails, isAppointmentId, saveInternalNote } from "~/services/admin-appointments.server";

/**
 * POST /api/v1/admin/appointments/:id/note {"note"} → 200 {"id","internalNote"}: the workshop's
 * internal note (any admin; "" removes it); 400 over 2000 characters, 404 for an unknown id.
 */
export const action = jsonPostAction(async (body, { params, context }: Route.ActionArgs) => {
  if (!isAppointmentId(params.id)) return jsonError(404, adminMessages.notFound);
  const db = context.get(databaseContext);
  const result = await saveInternalNote(db, { id: params.id, admin: context.get(adminContext), note: body.note ?? "" });
  if (!result.ok) return jsonError(result.status, adminMessages[result.code]);
  const details = await appointmentDetails(db, params.id);
  return Response.json({ id: params.id, internalNote: details?.appointment?.internalNote ?? null });
});

export const loader = postOnlyLoader;

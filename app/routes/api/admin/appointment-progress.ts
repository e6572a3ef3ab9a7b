import type { Route } from "./+types/appointment-progress";
import { adminContext, databaseContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { adminMessages } from "~/messages";
import { isAppointmentId } from "~/services/admin-appointments.server";
import { setAppointmentProgress } from "~/services/appointment-progress.server";

/**
 * POST /api/v1/admin/appointments/:id/progress {"progress": "arrived"|"in_progress"|"ready"} → 200
 * {"id","progress","changed","emailQueued"}: where the car is (any admin); 400 for another value,
 * 404 for an unknown id, 409 unless the appointment is confirmed.
 */
export const action = jsonPostAction(async (body, { params, context }: Route.ActionArgs) => {
  if (!isAppointmentId(params.id)) return jsonError(404, adminMessages.notFound);
  const result = await setAppointmentProgress(context.get(databaseContext), {
    id: params.id,
    admin: context.get(adminContext),
    progress: body.progress,
  });
  if (!result.ok) return jsonError(result.status, adminMessages[result.code]);
  const { progress, changed, emailQueued } = result;
  return Response.json({ id: params.id, progress, changed, emailQueued });
});

export const loader = postOnlyLoader;

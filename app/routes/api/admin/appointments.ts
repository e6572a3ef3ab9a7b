import { isAdminTab } from "~/domain/appointment";
import { type ApiContext, jsonBody, jsonError, pathParam, searchParams } from "~/lib/json-api.server";
import { adminMessages } from "~/messages";
import {
  appointmentDetails,
  cancelAppointment,
  confirmAppointment,
  deleteAppointment,
  isAppointmentId,
  listAppointments,
  saveInternalNote,
} from "~/services/admin-appointments.server";
import { setAppointmentProgress } from "~/services/appointment-progress.server";
import { bookingConfigFromEnv } from "~/services/booking.server";

/** GET /api/v1/admin/appointments?status=&q=&page= */
export async function appointmentList(c: ApiContext): Promise<Response> {
  const params = searchParams(c);
  const status = params.get("status") || "alle";
  if (!isAdminTab(status)) {
    return jsonError(c, 400, "Unbekannter Status. Erlaubt: alle, beantragt, bestätigt, storniert.");
  }
  const page = Number(params.get("page") ?? "1");
  return c.json(await listAppointments(c.get("db"), { tab: status, q: params.get("q") ?? "", page: Number.isFinite(page) ? page : 1 }));
}

/** GET /api/v1/admin/appointments/:id → the appointment with its audit trail. */
export async function appointment(c: ApiContext): Promise<Response> {
  const details = isAppointmentId(pathParam(c, "id")) ? await appointmentDetails(c.get("db"), pathParam(c, "id")) : null;
  if (!details) return jsonError(c, 404, adminMessages.notFound);
  return c.json(details);
}

/** DELETE /api/v1/admin/appointments/:id → 204. */
export async function removeAppointment(c: ApiContext): Promise<Response> {
  if (!isAppointmentId(pathParam(c, "id"))) return jsonError(c, 404, adminMessages.notFound);
  const result = await deleteAppointment(c.get("db"), { id: pathParam(c, "id"), admin: c.get("admin") });
  if (!result.ok) return jsonError(c, result.status, adminMessages[result.code]);
  return c.body(null, 204);
}

/**
 * POST /api/v1/admin/appointments/:id/note {"note"} → 200 {"id","internalNote"}: the workshop's
 * internal note (any admin; "" removes it); 400 over 2000 characters, 404 for an unknown id.
 */
export async function internalNote(c: ApiContext): Promise<Response> {
  const body = jsonBody(c);
  const id = pathParam(c, "id");
  if (!isAppointmentId(id)) return jsonError(c, 404, adminMessages.notFound);
  const result = await saveInternalNote(c.get("db"), { id, admin: c.get("admin"), note: body.note ?? "" });
  if (!result.ok) return jsonError(c, result.status, adminMessages[result.code]);
  const details = await appointmentDetails(c.get("db"), id);
  return c.json({ id, internalNote: details?.appointment?.internalNote ?? null });
}

/**
 * POST /api/v1/admin/appointments/:id/progress {"progress": "arrived"|"in_progress"|"ready"} → 200
 * {"id","progress","changed","emailQueued"}: where the car is (any admin); 400 for another value,
 * 404 for an unknown id, 409 unless the appointment is confirmed.
 */
export async function progress(c: ApiContext): Promise<Response> {
  const body = jsonBody(c);
  const id = pathParam(c, "id");
  if (!isAppointmentId(id)) return jsonError(c, 404, adminMessages.notFound);
  const result = await setAppointmentProgress(c.get("db"), { id, admin: c.get("admin"), progress: body.progress });
  if (!result.ok) return jsonError(c, result.status, adminMessages[result.code]);
  const { changed, emailQueued } = result;
  return c.json({ id, progress: result.progress, changed, emailQueued });
}

/**
 * POST /api/v1/admin/appointments/:id/confirm and …/cancel {"reason"}:
 * 200 {"id","status"}, 400 (blank reason), 404, 409 (no longer beantragt, or the slot's
 * confirmed appointments already reach SLOT_CAPACITY).
 */
export async function transition(c: ApiContext): Promise<Response> {
  const id = pathParam(c, "id");
  const db = c.get("db");
  const admin = c.get("admin");
  if (!isAppointmentId(id)) return jsonError(c, 404, adminMessages.notFound);
  let result;
  if (pathParam(c, "transition") === "confirm") {
    result = await confirmAppointment(db, { id, admin, slotCapacity: bookingConfigFromEnv().slotCapacity });
  } else if (pathParam(c, "transition") === "cancel") {
    result = await cancelAppointment(db, { id, admin, reason: jsonBody(c).reason });
  } else {
    return jsonError(c, 404, adminMessages.unknownAction);
  }
  if (!result.ok) return jsonError(c, result.status, adminMessages[result.code]);
  return c.json({ id, status: result.status });
}

import type { RequestHandler } from "express";
import { isAdminTab } from "~/domain/appointment";
import { jsonBody, searchParams, sendJsonError } from "~/lib/json-api.server";
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

type ById = RequestHandler<{ id: string }>;

/** GET /api/v1/admin/appointments?status=&q=&page= */
export const appointmentList: RequestHandler = async (req, res) => {
  const params = searchParams(req);
  const status = params.get("status") || "alle";
  if (!isAdminTab(status)) {
    return sendJsonError(res, 400, "Unbekannter Status. Erlaubt: alle, beantragt, bestätigt, storniert.");
  }
  const page = Number(params.get("page") ?? "1");
  res.json(await listAppointments(res.locals.db, { tab: status, q: params.get("q") ?? "", page: Number.isFinite(page) ? page : 1 }));
};

/** GET /api/v1/admin/appointments/:id → the appointment with its audit trail. */
export const appointment: ById = async (req, res) => {
  const details = isAppointmentId(req.params.id) ? await appointmentDetails(res.locals.db, req.params.id) : null;
  if (!details) return sendJsonError(res, 404, adminMessages.notFound);
  res.json(details);
};

/** DELETE /api/v1/admin/appointments/:id → 204. */
export const removeAppointment: ById = async (req, res) => {
  if (!isAppointmentId(req.params.id)) return sendJsonError(res, 404, adminMessages.notFound);
  const result = await deleteAppointment(res.locals.db, { id: req.params.id, admin: res.locals.admin });
  if (!result.ok) return sendJsonError(res, result.status, adminMessages[result.code]);
  res.status(204).end();
};

/**
 * POST /api/v1/admin/appointments/:id/note {"note"} → 200 {"id","internalNote"}: the workshop's
 * internal note (any admin; "" removes it); 400 over 2000 characters, 404 for an unknown id.
 */
export const internalNote: ById = async (req, res) => {
  const body = jsonBody(req, res);
  const { id } = req.params;
  if (!isAppointmentId(id)) return sendJsonError(res, 404, adminMessages.notFound);
  const result = await saveInternalNote(res.locals.db, { id, admin: res.locals.admin, note: body.note ?? "" });
  if (!result.ok) return sendJsonError(res, result.status, adminMessages[result.code]);
  const details = await appointmentDetails(res.locals.db, id);
  res.json({ id, internalNote: details?.appointment?.internalNote ?? null });
};

/**
 * POST /api/v1/admin/appointments/:id/progress {"progress": "arrived"|"in_progress"|"ready"} → 200
 * {"id","progress","changed","emailQueued"}: where the car is (any admin); 400 for another value,
 * 404 for an unknown id, 409 unless the appointment is confirmed.
 */
export const progress: ById = async (req, res) => {
  const body = jsonBody(req, res);
  const { id } = req.params;
  if (!isAppointmentId(id)) return sendJsonError(res, 404, adminMessages.notFound);
  const result = await setAppointmentProgress(res.locals.db, { id, admin: res.locals.admin, progress: body.progress });
  if (!result.ok) return sendJsonError(res, result.status, adminMessages[result.code]);
  const { changed, emailQueued } = result;
  res.json({ id, progress: result.progress, changed, emailQueued });
};

/**
 * POST /api/v1/admin/appointments/:id/confirm and …/cancel {"reason"}:
 * 200 {"id","status"}, 400 (blank reason), 404, 409 (no longer beantragt, or the slot's
 * confirmed appointments already reach SLOT_CAPACITY).
 */
export const transition: RequestHandler<{ id: string; transition: string }> = async (req, res) => {
  const { id } = req.params;
  const { db, admin } = res.locals;
  if (!isAppointmentId(id)) return sendJsonError(res, 404, adminMessages.notFound);
  let result;
  if (req.params.transition === "confirm") {
    result = await confirmAppointment(db, { id, admin, slotCapacity: bookingConfigFromEnv().slotCapacity });
  } else if (req.params.transition === "cancel") {
    result = await cancelAppointment(db, { id, admin, reason: jsonBody(req, res).reason });
  } else {
    return sendJsonError(res, 404, adminMessages.unknownAction);
  }
  if (!result.ok) return sendJsonError(res, result.status, adminMessages[result.code]);
  res.json({ id, status: result.status });
};

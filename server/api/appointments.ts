import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { isAdminTab } from "~/domain/appointment";
import type { AdminErrorCode } from "~/domain/error-codes";
import { visitFactsOf } from "~/domain/workshop";
import { statusOf } from "~/http-status";
import { adminMessages, holdMessages, holdRefusal, moveRefusal } from "~/messages";
import { resourceMoveSchema } from "~/schemas/resource";
import {
  cancelAppointment,
  confirmAppointment,
  deleteAppointment,
  deleteAppointmentReminder,
  markNoShow,
  saveInternalNote,
  setAppointmentProgress,
  undoNoShow,
} from "~/services/appointment-commands.server";
import { moveAppointmentResources } from "~/services/appointment-holds.server";
import { changeAppointment, enterAppointment, type MoveFailure } from "~/services/appointment-moves.server";
import { appointmentDetails, isAppointmentId, listAppointments } from "~/services/appointment-queries.server";
import { selfServiceConfig } from "~/services/customer-appointment.server";
import { mainPhoneNumber } from "~/services/public-facts.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { ServerEnv } from "../env";
import { codeRefusal, jsonError } from "./answers";
import { jsonBody, jsonObject, refuseInvalid } from "./input";

/** The JSON answer to a refused command on an appointment (docs/api.md). */
function refusal(c: Context, code: AdminErrorCode): Response {
  return codeRefusal(c, code, adminMessages[code]);
}

/** The board's appointments (docs/api.md), mounted on /api/v1/admin/appointments. */
export const appointments = new Hono<ServerEnv>();

/** The `:id` of the path: anything but an appointment's id is an unknown appointment (404). */
const appointmentId = zValidator("param", z.object({ id: z.string().refine(isAppointmentId) }), refuseInvalid(404, adminMessages.notFound));

/** GET /api/v1/admin/appointments?status=&q=&page= */
appointments.get("/", async (c) => {
  const status = c.req.query("status") || "alle";
  if (!isAdminTab(status)) {
    return jsonError(c, 400, "Unbekannter Status. Erlaubt: alle, beantragt, bestätigt, storniert.");
  }
  const page = Number(c.req.query("page") ?? "1");
  return c.json(await listAppointments(c.get("db"), { tab: status, q: c.req.query("q") ?? "", page: Number.isFinite(page) ? page : 1 }));
});

/** A refused entry or move (issue 28): its status, the German reason, the fields it concerns and its `code`. */
async function moveRefused(c: Context<ServerEnv>, failure: MoveFailure): Promise<Response> {
  const { error, fields } = moveRefusal(failure, await mainPhoneNumber(c.get("db")));
  return jsonError(c, statusOf(failure.code), error, { fields, code: failure.code });
}

/**
 * POST /api/v1/admin/appointments (any admin) → 201 {"id","status","overbooked","emailQueued"}:
 * 'Termin eintragen' (issue 28). 400 with `fields`, 409 with the German reason (closed, taken).
 */
appointments.post("/", jsonObject, async (c) => {
  const result = await enterAppointment(c.get("db"), jsonBody(c), {
    admin: c.get("admin"),
    selfCancelCutoffHours: (await selfServiceConfig(c.get("db"))).cancelCutoffHours,
  });
  if (!result.ok) return moveRefused(c, result);
  return c.json(result.value, 201);
});

/**
 * PATCH /api/v1/admin/appointments/:id {contact, car, message, handover, "date","time","resourceIds"} →
 * 200 {"id","date","time","moved","changed","overbooked","emailQueued"} (any admin, issue 28).
 */
appointments.patch("/:id", jsonObject, appointmentId, async (c) => {
  const result = await changeAppointment(c.get("db"), {
    id: c.req.valid("param").id,
    input: jsonBody(c),
    admin: c.get("admin"),
    selfCancelCutoffHours: (await selfServiceConfig(c.get("db"))).cancelCutoffHours,
  });
  if (!result.ok) return moveRefused(c, result);
  return c.json(result.value);
});

/** GET /api/v1/admin/appointments/:id → the appointment with its audit trail. */
appointments.get("/:id", appointmentId, async (c) => {
  const details = await appointmentDetails(c.get("db"), c.req.valid("param").id);
  if (!details) return jsonError(c, 404, adminMessages.notFound);
  return c.json(details);
});

/** DELETE /api/v1/admin/appointments/:id → 204; the §57a consent it gave goes with it (decision 036). */
appointments.delete("/:id", appointmentId, async (c) => {
  const { id } = c.req.valid("param");
  const result = await deleteAppointment(c.get("db"), { id, admin: c.get("admin") });
  if (!result.ok) return refusal(c, result.code);
  return c.body(null, 204);
});

/**
 * DELETE /api/v1/admin/appointments/:id/reminder → 204: the board's 'Erinnerung löschen' (decision
 * 036), the §57a consent the appointment gave or renewed erased; owner only (403), 404 for an
 * unknown appointment or one without a consent (any more).
 */
appointments.delete("/:id/reminder", appointmentId, async (c) => {
  const { id } = c.req.valid("param");
  const result = await deleteAppointmentReminder(c.get("db"), { id, admin: c.get("admin") });
  if (!result.ok) return refusal(c, result.code);
  return c.body(null, 204);
});

/**
 * POST /api/v1/admin/appointments/:id/note {"note"} → 200 {"id","internalNote"}: the workshop's
 * internal note (any admin; "" removes it); 400 when it is no text or over 2000 characters, 404 for an unknown id.
 */
appointments.post(
  "/:id/note",
  jsonObject,
  appointmentId,
  zValidator("json", z.object({ note: z.string() }), refuseInvalid(400, adminMessages.noteInvalid)),
  async (c) => {
    const { id } = c.req.valid("param");
    const result = await saveInternalNote(c.get("db"), { id, admin: c.get("admin"), note: c.req.valid("json").note });
    if (!result.ok) return refusal(c, result.code);
    const details = await appointmentDetails(c.get("db"), id);
    return c.json({ id, internalNote: details?.appointment?.internalNote ?? null });
  },
);

/**
 * POST /api/v1/admin/appointments/:id/progress {"progress": "arrived"|"in_progress"|"ready"} → 200
 * {"id","progress","changed","emailQueued"}: where the car is (any admin); 400 for another value,
 * 404 for an unknown id, 409 unless the appointment is confirmed.
 */
appointments.post("/:id/progress", jsonObject, appointmentId, async (c) => {
  const { id } = c.req.valid("param");
  const result = await setAppointmentProgress(c.get("db"), { id, admin: c.get("admin"), progress: jsonBody(c).progress });
  if (!result.ok) return refusal(c, result.code);
  const { changed, emailQueued } = result.value;
  return c.json({ id, progress: result.value.progress, changed, emailQueued });
});

/**
 * POST /api/v1/admin/appointments/:id/no-show → 200 {"id","noShow":true,"changed"}: 'Nicht erschienen' (any admin,
 * audited); 404 unknown, 409 (German `error`) when not confirmed, the start has not passed, or the car arrived.
 * DELETE …/:id/no-show → 200 {"id","noShow":false,"changed":true}: undone, on the (Vienna) day it was marked only (else 409).
 */
appointments.post("/:id/no-show", appointmentId, async (c) => {
  const { id } = c.req.valid("param");
  const result = await markNoShow(c.get("db"), { id, admin: c.get("admin") });
  if (!result.ok) return refusal(c, result.code);
  return c.json({ id, ...result.value });
});

appointments.delete("/:id/no-show", appointmentId, async (c) => {
  const { id } = c.req.valid("param");
  const result = await undoNoShow(c.get("db"), { id, admin: c.get("admin") });
  if (!result.ok) return refusal(c, result.code);
  return c.json({ id, ...result.value });
});

/**
 * PATCH /api/v1/admin/appointments/:id/resources {"resourceIds": […]} → 200 {"id","resources":[{"id","name","kind"}],"changed"}:
 * the appointment's whole new set of resources, one per kind it holds (any admin). 400 for a wrong
 * set, 404 for an unknown appointment, 409 `conflict` for a cancelled one and `resourceTaken` when a
 * chosen resource is held or absent at its time; each refusal with its `code`.
 */
appointments.patch(
  "/:id/resources",
  jsonObject,
  appointmentId,
  zValidator("json", resourceMoveSchema, (result, c) =>
    result.success ? undefined : jsonError(c, 400, holdMessages.invalidBody, { code: "invalidResources" }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const db = c.get("db");
    // What the appointment needs by the workshop's facts (issue 29).
    const workshop = visitFactsOf(await workshopFacts(db));
    const result = await moveAppointmentResources(db, {
      id,
      admin: c.get("admin"),
      resourceIds: c.req.valid("json").resourceIds,
      workshop,
    });
    if (!result.ok) return jsonError(c, statusOf(result.code), holdRefusal(result), { code: result.code });
    return c.json({ id, resources: result.value.resources, changed: result.value.changed });
  },
);

/**
 * POST /api/v1/admin/appointments/:id/confirm and …/cancel {"reason"}:
 * 200 {"id","status"}, 400 (blank reason), 404, 409 (no longer beantragt, or the slot's
 * confirmed appointments already reach SLOT_CAPACITY).
 */
appointments.post("/:id/:transition", appointmentId, async (c) => {
  const { id } = c.req.valid("param");
  const transition = c.req.param("transition");
  const db = c.get("db");
  const admin = c.get("admin");
  let result;
  if (transition === "confirm") {
    result = await confirmAppointment(db, {
      id,
      admin,
      selfCancelCutoffHours: (await selfServiceConfig(c.get("db"))).cancelCutoffHours,
    });
  } else if (transition === "cancel") {
    result = await cancelAppointment(db, { id, admin, reason: jsonBody(c).reason });
  } else {
    return jsonError(c, 404, adminMessages.unknownAction);
  }
  if (!result.ok) return refusal(c, result.code);
  return c.json({ id, status: result.value.status });
});

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { FindingErrorCode } from "~/domain/error-codes";
import type { FindingView } from "~/domain/findings";
import { parseFormBody } from "~/lib/http.server";
import { adminMessages, findingMessages } from "~/messages";
import { isAppointmentId } from "~/services/appointment-queries.server";
import { selfServiceConfig } from "~/services/customer-appointment.server";
import {
  adminPhoto,
  boardFindings,
  createFinding,
  decisionSchema,
  parseEstimate,
  parseFindingFields,
  preparePhotos,
  recordPhoneDecision,
  removeFinding,
  sendFindings,
  setEstimate,
  updateFinding,
} from "~/services/findings.server";
import type { ServerEnv } from "../env";
import { codeRefusal, jsonError } from "./answers";
import { jsonBody, jsonObject, refuseInvalid } from "./input";

/**
 * Findings ('Befunde', issue 30, docs/api.md): the estimate, the findings with their photos, sending
 * them to the customer and decisions taken on the phone; any admin. Mounted on
 * /api/v1/admin/appointments before the appointments' own sub-app (its `/:id/:transition`).
 */
export const findingsApi = new Hono<ServerEnv>();

function refusal(c: Context, code: FindingErrorCode): Response {
  return codeRefusal(c, code, findingMessages[code]);
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const appointmentId = zValidator(
  "param",
  z.object({ id: z.string().refine(isAppointmentId) }).passthrough(),
  refuseInvalid(404, adminMessages.notFound),
);
const findingId = zValidator(
  "param",
  z.object({ id: z.string().refine(isAppointmentId), findingId: z.string().refine(isUuid) }),
  refuseInvalid(404, findingMessages.findingNotFound),
);

/** A finding as the API answers it. */
function findingJson(finding: FindingView) {
  return {
    id: finding.id,
    title: finding.title,
    description: finding.description,
    priceCents: finding.priceCents,
    urgency: finding.urgency,
    replaces: finding.replacesId,
    sentAt: finding.sentAt,
    withdrawnAt: finding.withdrawnAt,
    photos: finding.photos,
    decision: finding.decision,
    decisions: finding.decisions,
  };
}

/** GET /api/v1/admin/appointments/:id/findings → {"estimateCents","approvedTotalCents","hasEmail","findings":[…]} */
findingsApi.get("/:id/findings", appointmentId, async (c) => {
  const board = await boardFindings(c.get("db"), c.req.valid("param").id);
  if (!board) return jsonError(c, 404, adminMessages.notFound);
  return c.json({ ...board, findings: board.findings.map(findingJson) });
});

/** PUT /api/v1/admin/appointments/:id/estimate {"estimateCents": 45000 | null} → 200 {"estimateCents"} */
findingsApi.put("/:id/estimate", jsonObject, appointmentId, async (c) => {
  const estimate = parseEstimate(jsonBody(c).estimateCents ?? null);
  if (!estimate.ok) return refusal(c, estimate.code);
  const result = await setEstimate(c.get("db"), {
    appointmentId: c.req.valid("param").id,
    admin: c.get("admin"),
    estimateCents: estimate.value,
  });
  if (!result.ok) return refusal(c, result.code);
  return c.json(result.value);
});

/**
 * POST /api/v1/admin/appointments/:id/findings (multipart/form-data: title, description, priceCents,
 * urgency now|soon|watch, optional replaces (a sent finding this one corrects), up to 6 files as
 * `photos`) → 201 the finding with "photos":[{"id","width","height"}]. 400 bad fields or more than 6
 * photos, 413 a photo over 15 MB or 50 megapixels, 415 not a JPEG, PNG or WebP; nothing stored then.
 */
findingsApi.post("/:id/findings", appointmentId, async (c) => {
  const contentType = c.req.header("content-type") ?? "";
  const body = c.get("body");
  if (body && "error" in body) return jsonError(c, body.error.status as 413, body.error.message);
  if (!/^multipart\/form-data\b/i.test(contentType) || !body) {
    return jsonError(c, 415, "Bitte senden Sie den Befund als multipart/form-data (Felder und Fotos als „photos“).");
  }
  const form = await parseFormBody(body, contentType);
  if ("bodyError" in form) return jsonError(c, form.bodyError.status as 400, form.bodyError.message);
  const fields = parseFindingFields(form.fields);
  if (!fields.ok) return refusal(c, fields.code);
  const replaces = form.fields.replaces || undefined;
  if (replaces !== undefined && !isUuid(replaces)) return refusal(c, "findingNotFound");
  const photos = await preparePhotos(form.files.photos ?? []);
  if (!photos.ok) return refusal(c, photos.code);
  const result = await createFinding(c.get("db"), {
    appointmentId: c.req.valid("param").id,
    admin: c.get("admin"),
    fields: fields.value,
    photos: photos.value,
    replaces,
  });
  if (!result.ok) return refusal(c, result.code);
  return c.json(findingJson(result.value), 201);
});

/** POST /api/v1/admin/appointments/:id/findings/send → 200 {"sent","emailQueued"}; 409 when nothing waits to be sent. */
findingsApi.post("/:id/findings/send", appointmentId, async (c) => {
  const result = await sendFindings(c.get("db"), {
    appointmentId: c.req.valid("param").id,
    admin: c.get("admin"),
    workshopEmail: (await selfServiceConfig(c.get("db"))).workshopEmail,
  });
  if (!result.ok) return refusal(c, result.code);
  const { sent, emailQueued } = result.value;
  return c.json({ sent, emailQueued, message: emailQueued ? findingMessages.sent(sent) : findingMessages.sentWithoutEmail(sent) });
});

/** PATCH /api/v1/admin/appointments/:id/findings/:findingId {title, description, priceCents, urgency} → 200 {"id"}; 409 once sent. */
findingsApi.patch("/:id/findings/:findingId", jsonObject, findingId, async (c) => {
  const fields = parseFindingFields(jsonBody(c));
  if (!fields.ok) return refusal(c, fields.code);
  const { id, findingId } = c.req.valid("param");
  const result = await updateFinding(c.get("db"), { appointmentId: id, findingId, admin: c.get("admin"), fields: fields.value });
  if (!result.ok) return refusal(c, result.code);
  return c.json(result.value);
});

/** DELETE /api/v1/admin/appointments/:id/findings/:findingId → 204 (not sent: deleted) or 200 {"withdrawn":true} (sent: withdrawn, decisions kept). */
findingsApi.delete("/:id/findings/:findingId", findingId, async (c) => {
  const { id, findingId } = c.req.valid("param");
  const result = await removeFinding(c.get("db"), { appointmentId: id, findingId, admin: c.get("admin") });
  if (!result.ok) return refusal(c, result.code);
  return result.value.removed === "deleted" ? c.body(null, 204) : c.json({ id: findingId, withdrawn: true });
});

/** POST /api/v1/admin/appointments/:id/findings/:findingId/decision {"decision":"approved"|"declined"} → 200 the record, as by this admin on the phone. */
findingsApi.post(
  "/:id/findings/:findingId/decision",
  jsonObject,
  findingId,
  zValidator("json", decisionSchema, refuseInvalid(400, findingMessages.invalidDecision)),
  async (c) => {
    const { id, findingId } = c.req.valid("param");
    const result = await recordPhoneDecision(c.get("db"), {
      appointmentId: id,
      findingId,
      admin: c.get("admin"),
      decision: c.req.valid("json").decision,
    });
    if (!result.ok) return refusal(c, result.code);
    return c.json(result.value);
  },
);

/** The headers of every photo answer (both routes): never cached, never a referrer, never sniffed. */
export function photoHeaders(contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  };
}

/** The board's photos, mounted on /api/v1/admin/photos. */
export const photosApi = new Hono<ServerEnv>();

/** GET /api/v1/admin/photos/:photoId → the JPEG (any admin); 404 unknown. */
photosApi.get("/:photoId", async (c) => {
  const photo = await adminPhoto(c.get("db"), c.req.param("photoId"));
  if (!photo) return jsonError(c, 404, findingMessages.photoNotFound);
  return c.body(Buffer.from(photo.bytes), 200, photoHeaders(photo.contentType));
});

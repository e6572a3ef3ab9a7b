import { z } from "zod";
import type { RequestHandler } from "express";
import { appointmentsCsv, exportFilename } from "~/lib/appointments-csv";
import { jsonBody, searchParams, sendJsonError } from "~/lib/json-api.server";
import { exportMessages, settingsMessages } from "~/messages";
import { exportAppointments, parseExportFilter } from "~/services/admin-export.server";
import { readBoardSettings, setReadyEmail } from "~/services/board-settings.server";

const settingsSchema = z.object({ readyEmail: z.boolean() });

/** GET /api/v1/admin/settings → 200 {"readyEmail"} (any admin). */
export const boardSettings: RequestHandler = async (_req, res) => {
  res.json(await readBoardSettings(res.locals.db));
};

/** PUT /api/v1/admin/settings {"readyEmail": true|false} (owner) → 200 {"readyEmail"}; 403 for staff. */
export const changeBoardSettings: RequestHandler = async (req, res) => {
  const change = settingsSchema.safeParse(jsonBody(req, res));
  if (!change.success) return sendJsonError(res, 400, settingsMessages.invalid);
  const result = await setReadyEmail(res.locals.db, { admin: res.locals.admin, readyEmail: change.data.readyEmail });
  if (!result.ok) return sendJsonError(res, 403, settingsMessages[result.code]);
  res.json(result.value);
};

/** GET /api/v1/admin/export.csv?from=&to=&status= (owner) → the appointments as CSV for Excel, recorded in the audit log. */
export const appointmentsExport: RequestHandler = async (req, res) => {
  const { admin } = res.locals;
  // Staff hear no, whatever they asked for.
  if (admin.role !== "owner") return sendJsonError(res, 403, exportMessages.ownerOnly);
  const filter = parseExportFilter(searchParams(req));
  if (!filter.ok) return sendJsonError(res, 400, exportMessages[filter.code]);
  const result = await exportAppointments(res.locals.db, { admin, filter: filter.value });
  if (!result.ok) return sendJsonError(res, 403, exportMessages[result.code]);
  const csv = appointmentsCsv(result.value.rows);
  res
    .set({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(result.value.filter)}"`,
    })
    .send(csv);
};

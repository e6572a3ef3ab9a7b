import { z } from "zod";
import { appointmentsCsv, exportFilename } from "~/lib/appointments-csv";
import { type ApiContext, jsonBody, jsonError, searchParams } from "~/lib/json-api.server";
import { exportMessages, settingsMessages } from "~/messages";
import { exportAppointments, parseExportFilter } from "~/services/admin-export.server";
import { readBoardSettings, setReadyEmail } from "~/services/board-settings.server";

const settingsSchema = z.object({ readyEmail: z.boolean() });

/** GET /api/v1/admin/settings → 200 {"readyEmail"} (any admin). */
export async function boardSettings(c: ApiContext): Promise<Response> {
  return c.json(await readBoardSettings(c.get("db")));
}

/** PUT /api/v1/admin/settings {"readyEmail": true|false} (owner) → 200 {"readyEmail"}; 403 for staff. */
export async function changeBoardSettings(c: ApiContext): Promise<Response> {
  const change = settingsSchema.safeParse(jsonBody(c));
  if (!change.success) return jsonError(c, 400, settingsMessages.invalid);
  const result = await setReadyEmail(c.get("db"), { admin: c.get("admin"), readyEmail: change.data.readyEmail });
  if (!result.ok) return jsonError(c, 403, settingsMessages[result.code]);
  return c.json(result.value);
}

/** GET /api/v1/admin/export.csv?from=&to=&status= (owner) → the appointments as CSV for Excel, recorded in the audit log. */
export async function appointmentsExport(c: ApiContext): Promise<Response> {
  const admin = c.get("admin");
  // Staff hear no, whatever they asked for.
  if (admin.role !== "owner") return jsonError(c, 403, exportMessages.ownerOnly);
  const filter = parseExportFilter(searchParams(c));
  if (!filter.ok) return jsonError(c, 400, exportMessages[filter.code]);
  const result = await exportAppointments(c.get("db"), { admin, filter: filter.value });
  if (!result.ok) return jsonError(c, 403, exportMessages[result.code]);
  const csv = appointmentsCsv(result.value.rows);
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFilename(result.value.filter)}"`,
  });
}

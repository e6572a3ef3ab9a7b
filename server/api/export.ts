import { Hono } from "hono";
import { statusOf } from "~/http-status";
import { appointmentsCsv, exportFilename } from "~/lib/appointments-csv";
import { exportMessages } from "~/messages";
import { exportAppointments, parseExportFilter } from "~/services/admin-export.server";
import type { ServerEnv } from "../env";
import { codeRefusal, jsonError } from "./answers";

/** The owner's CSV export (docs/api.md), mounted on /api/v1/admin/export.csv. */
export const appointmentsExport = new Hono<ServerEnv>();

/** GET /api/v1/admin/export.csv?from=&to=&status= (owner) → the appointments as CSV for Excel, recorded in the audit log. */
appointmentsExport.get("/", async (c) => {
  const admin = c.get("admin");
  // Staff hear no, whatever they asked for.
  if (admin.role !== "owner") return jsonError(c, statusOf("ownerOnly"), exportMessages.ownerOnly);
  const filter = parseExportFilter(new URLSearchParams(c.req.query()));
  if (!filter.ok) return jsonError(c, statusOf(filter.code), exportMessages[filter.code]);
  const result = await exportAppointments(c.get("db"), { admin, filter: filter.value });
  if (!result.ok) return codeRefusal(c, result.code, exportMessages[result.code]);
  const csv = appointmentsCsv(result.value.rows);
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFilename(result.value.filter)}"`,
  });
});

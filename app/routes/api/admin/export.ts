import type { Route } from "./+types/export";
import { adminContext, databaseContext } from "~/context";
import { appointmentsCsv, exportFilename } from "~/lib/appointments-csv";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import { exportMessages } from "~/messages";
import { exportAppointments, parseExportFilter } from "~/services/admin-export.server";

/** GET /api/v1/admin/export.csv?from=&to=&status= (owner) → the appointments as CSV for Excel, recorded in the audit log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  // Staff hear no, whatever they asked for.
  if (admin.role !== "owner") return jsonError(403, exportMessages.ownerOnly);
  const filter = parseExportFilter(new URL(request.url).searchParams);
  if (!filter.ok) return jsonError(400, exportMessages[filter.code]);
  const result = await exportAppointments(context.get(databaseContext), { admin, filter: filter.value });
  if (!result.ok) return jsonError(403, exportMessages[result.code]);
  return new Response(appointmentsCsv(result.value.rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(result.value.filter)}"`,
      "Cache-Control": "no-store",
    },
  });
}

export function action(): never {
  methodNotAllowed(["GET"]);
}

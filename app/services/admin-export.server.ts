import { and, asc, eq, getTableColumns, gte, lte } from "drizzle-orm";
import { z } from "zod";
import type { AdminIdentity } from "~/auth/session.server";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { sensitiveRefusal } from "~/domain/access";
import { type AdminTab, isAdminTab } from "~/domain/appointment";
import { isCalendarDate } from "~/domain/calendar-date";
import type { ExportErrorCode, ExportFilterErrorCode } from "~/domain/error-codes";
import { fail, ok, type Result } from "~/domain/result";

/**
 * The owner's CSV export (issue 15): every field of the appointments of a date
 * range, optionally one tab, recorded in the audit log with who and when in the
 * same transaction as the read, so no export goes unrecorded.
 */

export const exportQuerySchema = z
  .object({
    from: z.string().refine(isCalendarDate),
    to: z.string().refine(isCalendarDate),
    status: z.string().refine(isAdminTab),
  })
  .refine((query) => query.from <= query.to);

export type ExportFilter = { from: string; to: string; tab: AdminTab };

export type ExportRow = Omit<typeof appointments.$inferSelect, "licensePlateNormalized">;

export type ExportResult = Result<{ filter: ExportFilter; rows: ExportRow[] }, ExportErrorCode>;

/** Reads the query's `from`, `to` (yyyy-MM-dd) and `status` (a tab, default `alle`). */
export function parseExportFilter(params: URLSearchParams): Result<ExportFilter, ExportFilterErrorCode> {
  const status = params.get("status") || "alle";
  if (!isAdminTab(status)) return fail("invalidStatus");
  const parsed = exportQuerySchema.safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "", status });
  if (!parsed.success) return fail("invalidDates");
  return ok({ from: parsed.data.from, to: parsed.data.to, tab: status });
}

/** The file's address (the JSON API's GET /api/v1/admin/export.csv) for a filter, where the board's export form leads. */
export function exportFileAddress(filter: ExportFilter): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.tab !== "alle") query.set("status", filter.tab);
  return `/api/v1/admin/export.csv?${query}`;
}

export async function exportAppointments(
  db: Database,
  { admin, filter, now = new Date() }: { admin: AdminIdentity; filter: ExportFilter; now?: Date },
): Promise<ExportResult> {
  const refusal = sensitiveRefusal(admin, now);
  if (refusal) return fail(refusal);
  // The normalised plate is the search's copy of the plate, not a field of its own.
  const { licensePlateNormalized: _searchCopy, ...columns } = getTableColumns(appointments);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(columns)
      .from(appointments)
      .where(
        and(
          gte(appointments.date, filter.from),
          lte(appointments.date, filter.to),
          filter.tab === "alle" ? undefined : eq(appointments.status, filter.tab),
        ),
      )
      .orderBy(asc(appointments.date), asc(appointments.time), asc(appointments.createdAt), asc(appointments.id));
    await recordAudit(tx, {
      actor: admin,
      action: "export",
      subject: `appointments from=${filter.from} to=${filter.to} status=${filter.tab}`,
      reason: `${rows.length} rows`,
      now,
    });
    return ok({ filter, rows });
  });
}

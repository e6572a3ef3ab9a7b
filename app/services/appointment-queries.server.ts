import { and, asc, count, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { adminUsers, appointmentCounts, appointments, auditLog } from "~/db/schema";
import { appointmentServices } from "~/db/visit-services";
import type { AdminAppointment, AdminTab, EarlierVisit, ListPeriod } from "~/domain/appointment";
import { zonedParts } from "~/domain/calendar-date";
import { isUuid } from "~/domain/ids";
import { licensePlateProblem, normalizeLicensePlate, PLATE_MIN_SIGNS } from "~/domain/vehicle";
import { lastEmailState } from "~/mail/outbox.server";
import { cleanText } from "~/schemas/text";
import { heldResources } from "./appointment-holds.server";
import { inspectionConsentOf } from "./reminders.server";

/**
 * The appointments as the board reads them (the read model): the list with its search, tabs and
 * pages, one appointment with its audit trail. Reads only; the changes are
 * app/services/appointment-commands.server.ts, the planner's week and the day list
 * (with what each appointment holds) app/services/planner.server.ts.
 */

export const PAGE_SIZE = 50;
/** The highest page number looked up as asked: its offset is still a safe integer (one past it is the last page anyway). */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / PAGE_SIZE);

export type AppointmentList = {
  items: AdminAppointment[];
  counts: Record<AdminTab, number>;
  page: number;
  pageSize: number;
  total: number;
};

/** The columns of an appointment as the board shows it (also the day list's, app/services/planner.server.ts). */
export const adminAppointmentColumns = {
  id: appointments.id,
  name: appointments.name,
  email: appointments.email,
  phone: appointments.phone,
  date: appointments.date,
  time: appointments.time,
  service: appointments.service,
  services: appointmentServices,
  message: appointments.message,
  status: appointments.status,
  cancellationReason: appointments.cancellationReason,
  createdAt: appointments.createdAt,
  durationMinutes: appointments.durationMinutes,
  licensePlate: appointments.licensePlate,
  vehicleModel: appointments.vehicleModel,
  mileageKm: appointments.mileageKm,
  firstRegistration: appointments.firstRegistration,
  handover: appointments.handover,
  pickupAddress: appointments.pickupAddress,
  internalNote: appointments.internalNote,
  progress: appointments.progress,
  // As an ISO instant (what toISOString gives), so every reader of these columns gets the same text.
  noShowAt: sql<string | null>`to_char(${appointments.noShowAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  earlierNoShows: earlierNoShows(),
  source: appointments.source,
  overrideReason: appointments.overrideReason,
  overbooked: appointments.overbooked,
};

/**
 * Beside a new request (beantragt), how often its customer did not come before: other appointments
 * marked 'Nicht erschienen' with the same address (case-insensitive) or the same phone (phone_key:
 * digits, +43 as 0). Two indexed probes of the partial no-show indexes (migration 0027) per row of a
 * page, so the list stays as fast at 100,000 rows. The outer table is named in full: in a one-table
 * select Drizzle would leave a column of it unqualified, and the subquery's own table would answer.
 */
function earlierNoShows(): SQL<number> {
  return sql<number>`(case when "appointments"."status" = 'beantragt' then (
    select count(*)::int from "appointments" as earlier
    where earlier.no_show_at is not null and earlier.id <> "appointments"."id"
      and (lower(earlier.email) = lower("appointments"."email") or phone_key(earlier.phone) = phone_key("appointments"."phone"))
  ) else 0 end)`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Name, e-mail or phone contain the text; phone also ignoring spaces, slashes and dashes;
 * the licence plate ignoring case, spaces and hyphens ("w-123 ab" finds "W 123AB"), by its normalised column.
 * The query is cleaned like every text input: PostgreSQL refuses a NUL in a parameter (a 500 before).
 */
function searchCondition(query: string): SQL | undefined {
  const text = cleanText(query.slice(0, 100));
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const conditions = [ilike(appointments.name, pattern), ilike(appointments.email, pattern), ilike(appointments.phone, pattern)];
  const digits = text.replace(/\D/g, "");
  if (digits.length >= 3 && /^[\d\s+()/.-]+$/.test(text)) {
    conditions.push(sql`regexp_replace(${appointments.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  const plate = normalizeLicensePlate(text);
  if (plate.length >= PLATE_MIN_SIGNS && !licensePlateProblem(plate)) {
    conditions.push(like(appointments.licensePlateNormalized, `%${plate}%`));
  }
  return or(...conditions);
}

/** From today on the list runs forward in time; the past backwards, the latest first; the whole list (the JSON API) oldest first. */
const forward = [asc(appointments.date), asc(appointments.time), asc(appointments.createdAt), asc(appointments.id)];
const backward = [desc(appointments.date), desc(appointments.time), desc(appointments.createdAt), desc(appointments.id)];

/**
 * The matching rows of one page in the list's order, each with its last e-mail's state. The page's
 * ids first, so that a late page skips its offset over the index alone, not over every column.
 */
async function listPage(db: Executor, where: SQL | undefined, order: SQL[], page: number) {
  const pageIds = db.$with("page_ids").as(
    db
      .select({ id: appointments.id })
      .from(appointments)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  );
  const rows = await db
    .with(pageIds)
    .select({ ...adminAppointmentColumns, emailState: lastEmailState(appointments.id) })
    .from(appointments)
    .innerJoin(pageIds, eq(pageIds.id, appointments.id))
    .orderBy(...order);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The board's view in time: from the workshop's `today` on, or before it; without a period every appointment. */
function periodCondition(period: ListPeriod | undefined, today: string): SQL | undefined {
  return period === "upcoming" ? gte(appointments.date, today) : period === "past" ? lt(appointments.date, today) : undefined;
}

/** Per status, how many rows match `where`, counted in the table. */
function countedRows(db: Executor, where: SQL | undefined) {
  return db.select({ status: appointments.status, n: count() }).from(appointments).where(where).groupBy(appointments.status);
}

/**
 * Per status, how many appointments the list's view holds. Without a search the sums of the triggers'
 * table (decision 019), less what lies ahead for the past: counting years of history is what that
 * table saves. Both in one statement, so a booking in between cannot make a count negative.
 * From today on, and with a search, the few matching rows are counted.
 */
async function listCounts(db: Executor, search: SQL | undefined, period: ListPeriod | undefined, today: string) {
  const kept = db.select({ status: appointmentCounts.status, n: sql<number>`${appointmentCounts.n}`.as("n") }).from(appointmentCounts);
  let countRows: { status: AdminTab; n: number }[];
  if (search || period === "upcoming") {
    countRows = await countedRows(db, and(search, periodCondition(period, today)));
  } else {
    const view =
      period === "past"
        ? kept
            .unionAll(
              db
                .select({ status: appointments.status, n: sql<number>`-count(*)`.as("n") })
                .from(appointments)
                .where(periodCondition("upcoming", today))
                .groupBy(appointments.status),
            )
            .as("view")
        : kept.as("view");
    countRows = await db
      .select({ status: view.status, n: sql<number>`sum(${view.n})::int` })
      .from(view)
      .groupBy(view.status);
  }
  const counts: Record<AdminTab, number> = { alle: 0, beantragt: 0, bestätigt: 0, storniert: 0 };
  for (const row of countRows) {
    counts[row.status] = row.n;
    counts.alle += row.n;
  }
  return counts;
}

/**
 * One page of the board's list with its tabs' counts. `period` is the board's view: "upcoming" from
 * today on, "past" before it, where today is the workshop's day (Vienna) at `now`, whatever the
 * server's zone; without it (the JSON API) every appointment.
 */
export async function listAppointments(
  db: Executor,
  input: { tab?: AdminTab; q?: string; page?: number; period?: ListPeriod; now?: Date },
): Promise<AppointmentList> {
  const tab = input.tab ?? "alle";
  const search = searchCondition(input.q ?? "");
  const today = zonedParts(input.now ?? new Date(), site.timeZone).date;
  const where = and(search, periodCondition(input.period, today), tab === "alle" ? undefined : eq(appointments.status, tab));
  const order = input.period === "past" ? backward : forward;
  // Past any real page (a hand-edited ?page=Infinity) it is the last page, read after the counts: the
  // offset of the page read first must stay an integer PostgreSQL takes.
  const requested = Math.min(Math.max(1, Math.trunc(input.page ?? 1) || 1), MAX_PAGE);
  // The counts and the requested page at once, on two pooled connections (decision 022); only a
  // page past the end, known from the counts, costs a second look: the last page instead.
  const [counts, items] = await Promise.all([listCounts(db, search, input.period, today), listPage(db, where, order, requested)]);
  const total = counts[tab];
  const page = Math.min(requested, Math.max(1, Math.ceil(total / PAGE_SIZE)));
  return {
    items: page === requested ? items : await listPage(db, where, order, page),
    counts,
    page,
    pageSize: PAGE_SIZE,
    total,
  };
}

export type AuditEntry = {
  id: number;
  actor: string;
  action: string;
  oldStatus: string | null;
  newStatus: string | null;
  reason: string | null;
  createdAt: string;
};

/**
 * One appointment with its audit trail (newest first); the trail outlives a deletion.
 * The appointment also says when and by whom (display name) its progress was set, and the §57a
 * reminder's consent it gave or renewed, while that exists (`inspectionReminder`, decision 036),
 * whether the customer asked for a courtesy car and what it holds now (`resources`, its active holds;
 * none once cancelled, decision 039).
 */
export async function appointmentDetails(db: Executor, id: string) {
  const [found] = await db
    .select({
      ...adminAppointmentColumns,
      emailState: lastEmailState(appointments.id),
      progressAt: appointments.progressAt,
      progressBy: adminUsers.displayName,
      licensePlateNormalized: appointments.licensePlateNormalized,
      inspectionConsent: appointments.inspectionConsent,
      courtesyCar: appointments.courtesyCar,
    })
    .from(appointments)
    .leftJoin(adminUsers, eq(adminUsers.id, appointments.progressBy))
    .where(eq(appointments.id, id));
  let row;
  if (found) {
    const { licensePlateNormalized: _plateKey, inspectionConsent: _ticked, ...shown } = found;
    const [inspectionReminder, resources, earlierVisits] = await Promise.all([
      inspectionConsentOf(db, found),
      heldResources(db, found.id),
      visitsOfCarAndCustomer(db, { ...found, licensePlateNormalized: found.licensePlateNormalized }),
    ]);
    row = { ...shown, progressAt: found.progressAt?.toISOString() ?? null, inspectionReminder, resources, earlierVisits };
  }
  const trail = await db
    .select({
      id: auditLog.id,
      actor: auditLog.actor,
      action: auditLog.action,
      oldStatus: auditLog.oldStatus,
      newStatus: auditLog.newStatus,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.appointmentId, id))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  if (!row && trail.length === 0) return null;
  return {
    appointment: row ? { ...row, createdAt: row.createdAt.toISOString() } : null,
    audit: trail.map((entry): AuditEntry => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}

/** The most visits the appointment page lists. */
const MAX_VISITS = 20;

/**
 * The car's and the customer's other appointments, the latest first: the same normalised plate, the same
 * address (case-insensitive) or the same phone (phone_key). Three index look-ups (migration 0027).
 */
async function visitsOfCarAndCustomer(
  db: Executor,
  appointment: { id: string; email: string | null; phone: string; licensePlateNormalized: string | null },
): Promise<EarlierVisit[]> {
  const rows = await db
    .select({
      id: appointments.id,
      date: appointments.date,
      time: appointments.time,
      service: appointments.service,
      status: appointments.status,
      licensePlate: appointments.licensePlate,
      noShowAt: appointments.noShowAt,
      progress: appointments.progress,
    })
    .from(appointments)
    .where(
      and(
        sql`${appointments.id} <> ${appointment.id}`,
        or(
          sql`lower(${appointments.email}) = lower(${appointment.email})`,
          sql`phone_key(${appointments.phone}) = phone_key(${appointment.phone})`,
          appointment.licensePlateNormalized ? eq(appointments.licensePlateNormalized, appointment.licensePlateNormalized) : undefined,
        ),
      ),
    )
    .orderBy(desc(appointments.date), desc(appointments.time))
    .limit(MAX_VISITS);
  return rows.map(({ noShowAt, ...row }) => ({ ...row, noShow: noShowAt !== null }));
}

/** A malformed id is simply "not found". */
export function isAppointmentId(value: unknown): value is string {
  return isUuid(value);
}

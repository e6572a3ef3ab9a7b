import { and, eq, inArray } from "drizzle-orm";
import { type Env, env } from "~/config/env.server";
import { site } from "~/config/site";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { hitRateLimit } from "~/db/rate-limit.server";
import { appointments, customerLinks } from "~/db/schema";
import { MAX_CUSTOMER_MOVES, slotOccupyingStatuses } from "~/domain/appointment";
import { type CalendarDate, isCalendarDate, zonedInstant, zonedParts } from "~/domain/calendar-date";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import { type CustomerAppointment, customerLinkUsable, selfCancellation } from "~/domain/self-service";
import type { SlotRules } from "~/domain/slots";
import { visitServices } from "~/domain/visit";
import { logger } from "~/lib/logger.server";
import { hashSecretToken, SECRET_TOKEN_PATTERN } from "~/lib/secret-token.server";
import { appointmentInvite } from "~/mail/appointment-invite";
import { appointmentEmailFields } from "~/mail/emails";
import { enqueueCustomerEmail, enqueueEmail } from "~/mail/outbox.server";
import { cleanText } from "~/schemas/text";
import {
  afterMove,
  currentWorkshop,
  describeMove,
  kindsOfVisit,
  type MoveFailure,
  placeOrRefuse,
  queueMovedEmail,
  refusable,
  refuse,
  slotRefusal,
} from "./appointment-moves.server";
import { bookingConfigFromEnv, type DaySlots, getDaySlots } from "./booking.server";
import { FORM_RATE_LIMIT_WINDOW_SECONDS } from "./form-guard.server";
import { publicWorkshopFacts } from "./public-facts.server";
import { notifyWaitlistForDay } from "./waitlist.server";
import { workshopFactsInForce } from "./workshop-facts.server";

/**
 * The customer's own page of an appointment (issue 16), opened with the
 * personal link of a customer e-mail: what it shows, and cancelling there.
 */

export type SelfServiceConfig = {
  /** Cancelling is allowed until this many hours before the start. */
  cancelCutoffHours: number;
  /** The link works until this many days after the appointment's date. */
  linkDaysAfter: number;
  /** Cancel requests per token and per client IP in a window, like the public forms; 0 turns it off. */
  rateLimit: number;
  rateLimitWindowSeconds: number;
  workshopEmail: string;
};

/**
 * The personal page's rules as they apply now (issue 29): the cancel cutoff and the workshop's address
 * from SELF_CANCEL_CUTOFF_HOURS and WORKSHOP_EMAIL where set, else from 'Einstellungen' (read at the
 * moment of use, at most 2 s old); how long a link works is the code's (`site.booking.selfServiceDaysAfter`).
 */
export async function selfServiceConfig(db: Database, config: Env = env()): Promise<SelfServiceConfig> {
  const facts = await workshopFactsInForce(db, config);
  return {
    cancelCutoffHours: facts.bookingRules.cancelCutoffHours,
    linkDaysAfter: site.booking.selfServiceDaysAfter,
    rateLimit: config.BOOKING_RATE_LIMIT,
    rateLimitWindowSeconds: FORM_RATE_LIMIT_WINDOW_SECONDS,
    workshopEmail: facts.email.noticeAddress,
  };
}

const customerColumns = {
  id: appointments.id,
  name: appointments.name,
  email: appointments.email,
  phone: appointments.phone,
  status: appointments.status,
  cancellationReason: appointments.cancellationReason,
  cancelledBy: appointments.cancelledBy,
  date: appointments.date,
  time: appointments.time,
  durationMinutes: appointments.durationMinutes,
  service: appointments.service,
  additionalServices: appointments.additionalServices,
  licensePlate: appointments.licensePlate,
  vehicleModel: appointments.vehicleModel,
  handover: appointments.handover,
  pickupAddress: appointments.pickupAddress,
  progress: appointments.progress,
  courtesyCar: appointments.courtesyCar,
  inviteSequence: appointments.inviteSequence,
  customerMoves: appointments.customerMoves,
};

/**
 * The appointment a token opens, or null. A malformed token is hashed and
 * looked up like any other (one hash, one indexed query either way), so an
 * unknown token is not answered measurably faster than a known one.
 */
export async function appointmentByToken(db: Executor, token: string, { lock }: { lock: boolean }) {
  const hash = hashSecretToken(SECRET_TOKEN_PATTERN.test(token) ? token : `invalid:${token.slice(0, 100)}`);
  const query = db
    .select(customerColumns)
    .from(customerLinks)
    .innerJoin(appointments, eq(appointments.id, customerLinks.appointmentId))
    .where(eq(customerLinks.tokenHash, hash));
  const [row] = lock ? await query.for("update", { of: appointments }) : await query;
  return row ?? null;
}

export type CustomerLinkRow = NonNullable<Awaited<ReturnType<typeof appointmentByToken>>>;

export function usable(row: CustomerLinkRow, now: Date, config: SelfServiceConfig): boolean {
  return customerLinkUsable(row.date, zonedParts(now, site.timeZone).date, config.linkDaysAfter);
}

function view(row: CustomerLinkRow, now: Date, config: SelfServiceConfig): CustomerAppointment {
  const start = zonedInstant(row.date, row.time, site.timeZone);
  return {
    id: row.id,
    status: row.status,
    cancellationReason: row.cancellationReason,
    cancelledBy: row.cancelledBy,
    date: row.date,
    time: row.time,
    durationMinutes: row.durationMinutes,
    service: row.service,
    services: visitServices(row),
    licensePlate: row.licensePlate,
    vehicleModel: row.vehicleModel,
    handover: row.handover,
    pickupAddress: row.pickupAddress,
    // Progress belongs to a confirmed appointment; a cancelled one shows none.
    progress: row.status === "bestätigt" ? row.progress : null,
    cancellation: selfCancellation(row.status, start, now, config.cancelCutoffHours),
  };
}

/** The appointment behind a personal link, or null when the link is unknown or has expired. Reads only. */
export async function findCustomerAppointment(
  db: Executor,
  token: string,
  { now, config }: { now: Date; config: SelfServiceConfig },
): Promise<CustomerAppointment | null> {
  const row = await appointmentByToken(db, token, { lock: false });
  return row && usable(row, now, config) ? view(row, now, config) : null;
}

/**
 * The calendar file of a confirmed appointment behind a personal link: the
 * confirmation's invite again (same UID), or null (unknown, expired, not confirmed).
 */
export async function customerCalendarFile(
  db: Database,
  token: string,
  { now, config }: { now: Date; config: SelfServiceConfig },
): Promise<string | null> {
  const row = await appointmentByToken(db, token, { lock: false });
  if (!row || !usable(row, now, config) || row.status !== "bestätigt") return null;
  const { facts } = await publicWorkshopFacts(db);
  return appointmentInvite(
    { ...row, services: visitServices(row), appointmentId: row.id, sequence: row.inviteSequence },
    "REQUEST",
    now,
    facts,
  );
}

/**
 * Seconds to wait when the link's or the client's requests of `kind` reached the limit, like the public forms'
 * (cancel, move and the findings' decisions, issue 30).
 */
export async function selfServiceLimited(
  db: Executor,
  kind: "self-cancel" | "self-move" | "findings-decision",
  { token, now, clientIp, config }: { token: string; now: Date; clientIp: string; config: SelfServiceConfig },
): Promise<(Failure<"rate-limited"> & { retryAfterSeconds: number }) | null> {
  const window = { limit: config.rateLimit, windowSeconds: config.rateLimitWindowSeconds, now };
  for (const key of [`${kind}:${clientIp}`, `${kind}-link:${hashSecretToken(token).slice(0, 32)}`]) {
    const limited = await hitRateLimit(db, { key, ...window });
    if (!limited.allowed) {
      logger.warn({ clientIp }, `${kind} rate limit reached`);
      return fail("rate-limited", { retryAfterSeconds: limited.retryAfterSeconds });
    }
  }
  return null;
}

/** The cancelled appointment, or why not (with the appointment as it still is, when the link opened one). */
export type CustomerCancelResult =
  | Ok<CustomerAppointment>
  | Failure<"not-found">
  | (Failure<"already-cancelled" | "too-late" | "reason-too-long"> & { appointment: CustomerAppointment })
  | (Failure<"rate-limited"> & { retryAfterSeconds: number });

export const MAX_CUSTOMER_REASON_LENGTH = 500;

/**
 * 'Termin absagen' on the personal page: in one transaction the appointment
 * (locked) becomes storniert with the customer's reason, the slot is free, the
 * audit trail names the customer, and both e-mails are queued: the cancellation
 * to the customer (withdrawing a confirmed calendar entry) and a notice to the
 * workshop. Refused after the cutoff; limited per token and per client IP.
 */
export async function cancelByCustomer(
  db: Database,
  input: { token: string; reason: unknown; now: Date; clientIp: string; config: SelfServiceConfig },
): Promise<CustomerCancelResult> {
  const { token, now, config } = input;
  const limited = await selfServiceLimited(db, "self-cancel", input);
  if (limited) return limited;
  const reason = typeof input.reason === "string" ? cleanText(input.reason, true) : "";
  return db.transaction(async (tx): Promise<CustomerCancelResult> => {
    const row = await appointmentByToken(tx, token, { lock: true });
    if (!row || !usable(row, now, config)) return fail("not-found");
    const before = view(row, now, config);
    if (reason.length > MAX_CUSTOMER_REASON_LENGTH) return fail("reason-too-long", { appointment: before });
    if (!before.cancellation.allowed) {
      return before.cancellation.reason === "cancelled"
        ? fail("already-cancelled", { appointment: before })
        : fail("too-late", { appointment: before });
    }
    const [updated] = await tx
      .update(appointments)
      .set({ status: "storniert", cancelledBy: "customer", cancellationReason: reason || null, updatedAt: now })
      .where(and(eq(appointments.id, row.id), inArray(appointments.status, [...slotOccupyingStatuses])))
      .returning({ id: appointments.id });
    if (!updated) throw new Error("self-cancel: the locked appointment changed");
    await recordAudit(tx, {
      appointmentId: row.id,
      actor: "customer",
      action: "cancel",
      oldStatus: row.status,
      newStatus: "storniert",
      reason: reason || null,
      now,
    });
    const appointment = appointmentEmailFields(row);
    await enqueueCustomerEmail(tx, {
      recipient: row.email,
      template: "appointment-cancelled",
      params: {
        ...appointment,
        reason: reason || undefined,
        cancelledBy: "customer",
        durationMinutes: String(row.durationMinutes),
        wasConfirmed: row.status === "bestätigt" ? "true" : "false",
        accessToken: await createCustomerLink(tx, row.id, now),
      },
      replyTo: config.workshopEmail,
      appointmentId: row.id,
    });
    await enqueueEmail(tx, {
      recipient: config.workshopEmail,
      template: "customer-cancelled-workshop",
      params: { ...appointment, phone: row.phone, licensePlate: row.licensePlate ?? undefined, reason: reason || undefined },
      replyTo: row.email ?? undefined,
      appointmentId: row.id,
    });
    // The freed time goes to the day's waiting list (issue 28).
    await notifyWaitlistForDay(tx, row.date, { freedBy: `appointment:${row.id}`, now });
    logger.info({ appointmentId: row.id }, "appointment cancelled by the customer");
    return ok(view({ ...row, status: "storniert", cancelledBy: "customer", cancellationReason: reason || null }, now, config));
  });
}

/** The moved appointment, or why not (a refusal of app/messages.ts moveRefusal). */
export type CustomerMoveResult =
  Ok<CustomerAppointment> | Failure<"not-found"> | MoveFailure | (Failure<"rate-limited"> & { retryAfterSeconds: number });

/**
 * 'Termin verschieben' on the personal page (issue 28): until SELF_CANCEL_CUTOFF_HOURS before the old
 * start, to a start the day picker offers (lead time, horizon, closures, the service's resources free,
 * its own old holds not counting), at most three times (MAX_CUSTOMER_MOVES; the workshop's moves do
 * not count). The status stays; placed by move_appointment under the days' locks; the workshop gets
 * 'Termin vom Kunden verschoben', the customer of a confirmed appointment the updated invite.
 */
export async function moveByCustomer(
  db: Database,
  input: { token: string; date: unknown; time: unknown; now: Date; clientIp: string; config: SelfServiceConfig; rules?: SlotRules },
): Promise<CustomerMoveResult> {
  const { token, now, config } = input;
  const limited = await selfServiceLimited(db, "self-move", input);
  if (limited) return limited;
  const row = await appointmentByToken(db, token, { lock: false });
  if (!row || !usable(row, now, config)) return fail("not-found");
  const date = typeof input.date === "string" ? input.date : "";
  const time = typeof input.time === "string" ? input.time : "";
  if (!isCalendarDate(date) || !/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(time)) {
    return fail("invalid", { fields: { date: "Bitte wählen Sie einen Tag und eine Uhrzeit aus." }, missingRequired: false });
  }
  const before = view(row, now, config);
  if (!before.cancellation.allowed) {
    return before.cancellation.reason === "cancelled" ? fail("conflict") : fail("too-late", { hours: config.cancelCutoffHours });
  }
  if (row.customerMoves >= MAX_CUSTOMER_MOVES) return fail("tooManyMoves", { max: MAX_CUSTOMER_MOVES });
  // The customers' rules of the workshop's facts: its hours with their lunch breaks, lead time and horizon.
  const workshop = await currentWorkshop(db);
  const rules = input.rules ?? workshop.rules;
  const target = { ...row, date, time, kinds: kindsOfVisit(workshop.facts, visitServices(row), rules) };
  const refused = await slotRefusal(db, target, now, rules);
  if (refused) return refused;
  const result = await refusable(db, async (tx) => {
    await placeOrRefuse(tx, target, now, rules);
    const moved = await afterMove(tx, row.id, now, { byCustomer: true, leftDate: row.date });
    if (!moved) return refuse({ code: "tooManyMoves", max: MAX_CUSTOMER_MOVES });
    await recordAudit(tx, {
      appointmentId: row.id,
      actor: "customer",
      action: "move",
      oldStatus: moved.status,
      newStatus: moved.status,
      reason: describeMove(row, moved),
      now,
    });
    await queueMovedEmail(tx, moved, row, { now, selfCancelCutoffHours: config.cancelCutoffHours, replyTo: config.workshopEmail });
    await enqueueEmail(tx, {
      recipient: config.workshopEmail,
      template: "customer-moved-workshop",
      params: {
        ...appointmentEmailFields(moved),
        phone: moved.phone,
        licensePlate: moved.licensePlate ?? undefined,
        oldDate: row.date,
        oldTime: row.time,
      },
      replyTo: moved.email ?? undefined,
      appointmentId: row.id,
    });
    return moved;
  });
  if (!result.ok) return result;
  logger.info({ appointmentId: row.id }, "appointment moved by the customer");
  return ok(view({ ...row, date: result.value.date, time: result.value.time }, now, config));
}

/**
 * The start times of `date` the customer's day picker offers for moving the visit: by the workshop's
 * facts (its hours with their lunch breaks, lead time and horizon), for every service of the visit.
 */
export async function customerMoveSlots(
  db: Database,
  appointment: Pick<CustomerAppointment, "services">,
  date: CalendarDate,
  now: Date,
): Promise<DaySlots> {
  return getDaySlots(db, date, now, bookingConfigFromEnv(env(), await workshopFactsInForce(db)), appointment.services);
}

/** How many moves the customer made of the appointment already (at most MAX_CUSTOMER_MOVES). */
export async function customerMovesOf(db: Executor, appointmentId: string): Promise<number> {
  const [row] = await db.select({ moves: appointments.customerMoves }).from(appointments).where(eq(appointments.id, appointmentId));
  return row?.moves ?? 0;
}

import crypto from "node:crypto";
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { type Env, env } from "~/config/env.server";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { slotOccupyingStatuses } from "~/domain/appointment";
import { type CalendarDate, daysBetween } from "~/domain/calendar-date";
import { checkSlot, type DaySchedule, daySchedule, daySchedules, defaultSlotRules, type SlotRules } from "~/domain/slots";
import { logger } from "~/lib/logger.server";
import type { EmailParams } from "~/mail/emails";
import { outboxRow } from "~/mail/outbox.server";
import { type FieldErrors, INVALID_FIELDS_MESSAGE, validateBooking } from "~/schemas/booking";
import { resultRows } from "~/db/result-rows";
import { FORM_RATE_LIMIT_WINDOW_SECONDS, formRateLimited, honeypotFilled } from "./form-guard.server";

export type BookingConfig = {
  /** How many active (beantragt + bestätigt) appointments one slot holds. */
  slotCapacity: number;
  /** Booking requests per client IP per window; 0 turns the limit off. */
  rateLimit: number;
  rateLimitWindowSeconds: number;
  maxOpenRequestsPerEmail: number;
  workshopEmail: string;
  rules: SlotRules;
};

export function bookingConfigFromEnv(config: Env = env()): BookingConfig {
  return {
    slotCapacity: config.SLOT_CAPACITY ?? site.booking.slotCapacity,
    rateLimit: config.BOOKING_RATE_LIMIT,
    rateLimitWindowSeconds: FORM_RATE_LIMIT_WINDOW_SECONDS,
    maxOpenRequestsPerEmail: site.booking.maxOpenRequestsPerEmail,
    workshopEmail: config.WORKSHOP_EMAIL,
    rules: defaultSlotRules,
  };
}

export type BookingResult =
  | { kind: "created"; id: string }
  /** A bot filled the honeypot: answer like "created", store nothing. */
  | { kind: "honeypot" }
  | { kind: "invalid"; error: string; fields: FieldErrors; missingRequired: boolean }
  /** The refusals are codes; app/messages.ts (bookingMessages) words them. */
  | { kind: "slot-taken" }
  /** `limit` open requests for this e-mail address already. */
  | { kind: "too-many-open"; limit: number }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/** The HTTP status each result is answered with, for the API and the form action alike. */
export const bookingResultStatus: Record<BookingResult["kind"], number> = {
  created: 201,
  honeypot: 201,
  invalid: 400,
  "slot-taken": 409,
  "too-many-open": 409,
  "rate-limited": 429,
};

type StoredOutcome = "created" | "slot-taken" | "too-many-open";

/**
 * A customer's appointment request. Everything that writes happens in one
 * transaction: the capacity check, the row and both e-mails, or none of it.
 * The locking check-and-insert is the database function `request_appointment`
 * (drizzle/0001_…, decisions 008 and 010): one round trip instead of nine.
 */
export async function requestAppointment(
  db: Executor,
  input: Record<string, unknown>,
  { now, clientIp, config }: { now: Date; clientIp: string; config: BookingConfig },
): Promise<BookingResult> {
  if (honeypotFilled("booking", input, clientIp)) return { kind: "honeypot" };

  const validation = validateBooking(input);
  if (!validation.ok) return { kind: "invalid", ...validation };
  const booking = validation.data;
  const slot = checkSlot(booking.date, booking.time, now, config.rules);
  if (!slot.ok) {
    return { kind: "invalid", error: INVALID_FIELDS_MESSAGE, fields: { [slot.field]: slot.message }, missingRequired: false };
  }

  const retryAfterSeconds = await formRateLimited(db, "booking", {
    clientIp,
    limit: config.rateLimit,
    windowSeconds: config.rateLimitWindowSeconds,
    now,
  });
  if (retryAfterSeconds !== null) return { kind: "rate-limited", retryAfterSeconds };

  const id = crypto.randomUUID();
  const params: EmailParams["booking-received-customer"] = {
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    date: booking.date,
    time: booking.time,
    service: booking.service,
    message: booking.message,
  };
  const emails = [
    outboxRow({ recipient: booking.email, template: "booking-received-customer", params, replyTo: config.workshopEmail }),
    outboxRow({ recipient: config.workshopEmail, template: "booking-received-workshop", params, replyTo: booking.email }),
  ].map((row) => ({
    id: row.id,
    recipient: row.recipient,
    reply_to: row.replyTo ?? null,
    template: row.template,
    params: row.params,
    message_id: row.messageId,
  }));

  const rows = await db.execute(sql`
    select request_appointment(
      ${id}::uuid, ${booking.name}, ${booking.email}, ${booking.phone}, ${booking.date}::date, ${booking.time},
      ${booking.service}, ${booking.message ?? null}, ${config.slotCapacity}::int, ${config.maxOpenRequestsPerEmail}::int,
      ${JSON.stringify(emails)}::jsonb
    ) as outcome`);
  const outcome = resultRows<{ outcome: StoredOutcome }>(rows)[0]?.outcome;
  switch (outcome) {
    case "created":
      logger.info({ appointmentId: id, date: booking.date, time: booking.time }, "appointment requested");
      return { kind: "created", id };
    case "slot-taken":
      return { kind: "slot-taken" };
    case "too-many-open":
      return { kind: "too-many-open", limit: config.maxOpenRequestsPerEmail };
    default:
      throw new Error(`request_appointment returned ${String(outcome)}`);
  }
}

export type SlotAvailability = { time: string; available: boolean };

export type DaySlots =
  { date: CalendarDate; open: true; slots: SlotAvailability[] } | { date: CalendarDate; open: false; reason: string; slots: [] };

/** Active appointments per date and time in [from, to], one indexed query. */
async function occupancy(db: Executor, from: CalendarDate, to: CalendarDate): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: appointments.date, time: appointments.time, count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(gte(appointments.date, from), lte(appointments.date, to), inArray(appointments.status, [...slotOccupyingStatuses])))
    .groupBy(appointments.date, appointments.time);
  return new Map(rows.map((row) => [`${row.date} ${row.time}`, Number(row.count)]));
}

function withOccupancy(schedule: DaySchedule, taken: Map<string, number>, config: BookingConfig): DaySlots {
  if (!schedule.open) return schedule;
  return {
    date: schedule.date,
    open: true,
    slots: schedule.slots.map((slot) => ({
      time: slot.time,
      available: slot.bookable && (taken.get(`${schedule.date} ${slot.time}`) ?? 0) < config.slotCapacity,
    })),
  };
}

/** The slots of one day and whether each can still be requested. */
export async function getDaySlots(db: Executor, date: CalendarDate, now: Date, config: BookingConfig): Promise<DaySlots> {
  const schedule = daySchedule(date, now, config.rules);
  if (!schedule.open) return schedule;
  return withOccupancy(schedule, await occupancy(db, date, date), config);
}

export type DayAvailability = { date: CalendarDate; available: boolean; reason?: string };

const FULLY_BOOKED_REASON = "Ausgebucht";
const TOO_LATE_TODAY_REASON = "Für heute sind keine Termine mehr möglich.";
export const MAX_AVAILABILITY_DAYS = 100;

/** For the calendar: which dates in [from, to] still have a free slot. */
export async function getAvailability(
  db: Executor,
  from: CalendarDate,
  to: CalendarDate,
  now: Date,
  config: BookingConfig,
): Promise<DayAvailability[]> {
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_AVAILABILITY_DAYS) throw new RangeError(`Range of ${days} days`);
  const taken = await occupancy(db, from, to);
  return daySchedules(from, to, now, config.rules).map((schedule) => {
    if (!schedule.open) return { date: schedule.date, available: false, reason: schedule.reason };
    if (!schedule.slots.some((slot) => slot.bookable)) {
      return { date: schedule.date, available: false, reason: TOO_LATE_TODAY_REASON };
    }
    const day = withOccupancy(schedule, taken, config);
    return day.slots.some((slot) => slot.available)
      ? { date: schedule.date, available: true }
      : { date: schedule.date, available: false, reason: FULLY_BOOKED_REASON };
  });
}

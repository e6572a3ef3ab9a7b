import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Env } from "~/config/env.server";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { parseIntMultirange } from "~/db/multirange";
import { resultRows } from "~/db/result-rows";
import { appointments } from "~/db/schema";
import { addDays, type CalendarDate, daysBetween, isCalendarDate, timeToMinutes, zonedParts } from "~/domain/calendar-date";
import { type Absence, dayResources, fits, type Hold, holdsByDate, wallClockHolds } from "~/domain/placement";
import { defaultServiceNeeds, type Resource, type ResourceKind } from "~/domain/resources";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import {
  checkSlot,
  closingTime,
  type DaySchedule,
  daySchedule,
  daySchedules,
  endsInOpenHours,
  type SlotCheck,
  type SlotField,
  type SlotProblem,
  type SlotRules,
  startTimesFor,
  type UnavailableDay,
} from "~/domain/slots";
import { normalizeLicensePlate } from "~/domain/vehicle";
import {
  bookableServiceNames,
  listedVisitMinutes,
  mainPhoneOf,
  type VisitFacts,
  visitFactsOf,
  visitOfFacts,
  type WorkshopFacts,
} from "~/domain/workshop";
import { logger } from "~/lib/logger.server";
import { newSecretToken } from "~/lib/secret-token.server";
import { type EmailParams, emailServices } from "~/mail/emails";
import { outboxRow } from "~/mail/outbox.server";
import { type BookingOffer, type FieldErrors, INSPECTION_CONSENT_LABEL, validateBooking, workshopMonth } from "~/schemas/booking";
import { rulesWithClosures } from "./closures.server";
import { FORM_DAY_WINDOW_SECONDS, FORM_RATE_LIMIT_WINDOW_SECONDS, formRateLimited, honeypotFilled } from "./form-guard.server";

export type BookingConfig = {
  /** Booking requests per client network per window; 0 turns the limit off. */
  rateLimit: number;
  rateLimitWindowSeconds: number;
  /** Booking requests per client network per day; 0 turns the limit off. */
  dailyLimit: number;
  maxOpenRequestsPerEmail: number;
  /** Pick-ups (handover "pickup") per day, beantragt and bestätigt together. */
  maxPickupsPerDay: number;
  /** A day with this many free start times or fewer is "few" (the picker's indicator). */
  fewFreeSlots: number;
  workshopEmail: string;
  rules: SlotRules;
  /** The workshop's services (issue 29): which are offered, how long each takes, what each needs. */
  services: WorkshopFacts["services"];
  /** The postal codes the pick-up service goes to (the workshop's booking rules). */
  pickupPostalCodes: ReadonlyArray<string>;
  /** The workshop's first phone: the number a refused pick-up asks to call. */
  phone: string;
};

/**
 * The booking's rules from the workshop's facts in force (workshopFactsInForce: 'Einstellungen' with
 * the variables that still win, read by the caller) and the environment's limits.
 */
export function bookingConfigFromEnv(config: Env, facts: WorkshopFacts): BookingConfig {
  return {
    rateLimit: config.BOOKING_RATE_LIMIT,
    rateLimitWindowSeconds: FORM_RATE_LIMIT_WINDOW_SECONDS,
    dailyLimit: config.BOOKING_DAILY_LIMIT,
    maxOpenRequestsPerEmail: facts.bookingRules.maxOpenRequestsPerEmail,
    maxPickupsPerDay: facts.bookingRules.pickupsPerDay,
    fewFreeSlots: facts.bookingRules.fewFreeSlots,
    workshopEmail: facts.email.noticeAddress,
    // The hours with their lunch breaks: no slot, request or move overlaps a break.
    ...visitFactsOf(facts),
    pickupPostalCodes: facts.bookingRules.pickupPostalCodes,
    phone: mainPhoneOf(facts),
  };
}

/** What a request is checked against: the services offered online, the pick-up area and the phone of `config`'s facts. */
export function bookingOfferOf(config: BookingConfig): BookingOffer {
  return { services: bookableServiceNames(config), pickupPostalCodes: config.pickupPostalCodes, phone: config.phone };
}

/**
 * A stored request's id, or why nothing was stored (app/domain/error-codes.ts, BookingErrorCode),
 * with the facts its answer names; app/messages.ts (bookingRefusal) words them.
 */
export type BookingResult =
  | Ok<{ id: string }>
  /** A bot filled the honeypot: answered like a stored request, nothing stored. */
  | Failure<"honeypot">
  | (Failure<"invalid"> & { fields: FieldErrors; missingRequired: boolean })
  /** Closed, or no start at that time, by the rules of app/domain/slots.ts. */
  | (Failure<"slot-unavailable"> & { field: SlotField; problem: SlotProblem })
  | Failure<"slot-taken">
  /** No courtesy car is free from the start until closing (the work itself would fit). */
  | Failure<"courtesy-car-taken">
  /** The day's pick-ups (the facts' bookingRules.pickupsPerDay, BookingConfig.maxPickupsPerDay) are taken. */
  | Failure<"pickups-full">
  /** `limit` open requests for this e-mail address already. */
  | (Failure<"too-many-open"> & { limit: number })
  /** Too many requests from the client's network in ten minutes, or (`perDay`) in one day. */
  | (Failure<"rate-limited"> & { retryAfterSeconds: number; perDay: boolean });

type StoredOutcome = "created" | "closed" | "slot-taken" | "courtesy-car-taken" | "pickups-full" | "too-many-open";

/**
 * A customer's appointment request. Everything that writes happens in one
 * transaction: the placement, the row, its resources and both e-mails, or none of it.
 * The locking check-and-insert is the database function `request_appointment`
 * (drizzle/0022_…, decisions 008, 010, 016 and 039): one round trip instead of nine.
 * The booking holds a free resource of every kind its service needs for its whole duration.
 */
export async function requestAppointment(
  db: Executor,
  input: Record<string, unknown>,
  { now, clientIp, config }: { now: Date; clientIp: string; config: BookingConfig },
): Promise<BookingResult> {
  if (honeypotFilled("booking", input, clientIp)) return fail("honeypot");

  const validation = validateBooking(input, bookingOfferOf(config), workshopMonth(now));
  if (!validation.ok) return fail("invalid", { fields: validation.fields, missingRequired: validation.missingRequired });
  const booking = validation.data;
  // Several services (issue 28): the visit lasts their sum and holds the union of their resources,
  // by the workshop's facts (issue 29).
  const services = booking.services ?? [booking.service];
  const { durationMinutes, kinds } = visitOf(config, services);
  // Opening hours, holidays, lead time and horizon here; the owner's stored closures inside
  // request_appointment, in the same round trip (decision 023).
  const slot = checkSlot(booking.date, booking.time, now, config.rules, durationMinutes);
  if (!slot.ok) return slotRefused(slot);

  const retryAfterSeconds = await formRateLimited(db, "booking", {
    clientIp,
    limit: config.rateLimit,
    windowSeconds: config.rateLimitWindowSeconds,
    now,
  });
  if (retryAfterSeconds !== null) return fail("rate-limited", { retryAfterSeconds, perDay: false });
  // A steady five per ten minutes would still fill every slot of the booking window in two days.
  const retryTomorrowSeconds = await formRateLimited(db, "booking", {
    clientIp,
    limit: config.dailyLimit,
    windowSeconds: FORM_DAY_WINDOW_SECONDS,
    now,
  });
  if (retryTomorrowSeconds !== null) return fail("rate-limited", { retryAfterSeconds: retryTomorrowSeconds, perDay: true });

  const id = crypto.randomUUID();
  // Absent vehicle fields stay out of the e-mail data, as the seed's fields alone always were.
  const vehicle = Object.fromEntries(
    Object.entries({
      licensePlate: booking.licensePlate,
      vehicleModel: booking.vehicleModel,
      mileageKm: booking.mileageKm?.toString(),
      firstRegistration: booking.firstRegistration,
      handover: booking.handover,
      pickupAddress: booking.pickupAddress,
    }).filter(([, value]) => value !== undefined),
  );
  const params: EmailParams["booking-received-customer"] = {
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    date: booking.date,
    time: booking.time,
    service: booking.service,
    // The whole list when there are several (issue 28); one service alone stays as it always was.
    services: emailServices(services),
    message: booking.message,
    ...vehicle,
    // 'Ersatzwagen gewünscht' (issue 27): both e-mails name it.
    courtesyCar: booking.courtesyCar ? "true" : undefined,
  };
  const link = newSecretToken();
  const emails = [
    outboxRow({
      recipient: booking.email,
      template: "booking-received-customer",
      // The personal link is for the customer only.
      params: { ...params, accessToken: link.token },
      replyTo: config.workshopEmail,
    }),
    outboxRow({ recipient: config.workshopEmail, template: "booking-received-workshop", params, replyTo: booking.email }),
  ].map((row) => ({
    id: row.id,
    recipient: row.recipient,
    reply_to: row.replyTo ?? null,
    template: row.template,
    params: row.params,
    message_id: row.messageId,
  }));

  // The opt-in §57a reminder (issue 16): the consent with its time and the words it was given to.
  const inspectionConsent =
    booking.inspectionReminder && booking.firstRegistration
      ? { id: crypto.randomUUID(), consent_text: INSPECTION_CONSENT_LABEL, consented_at: now.toISOString() }
      : null;

  const courtesyUntil = booking.courtesyCar ? closingTime(booking.date, config.rules) : null;
  const plate = booking.licensePlate ?? null;
  const additionalServices = services.slice(1);
  const request = sql`
    select request_appointment(
      ${id}::uuid, ${booking.name}, ${booking.email}, ${booking.phone}, ${booking.date}::date, ${booking.time},
      ${booking.service}, ${booking.message ?? null}, ${durationMinutes}::int, ${`{${kinds.join(",")}}`}::text[],
      ${plate}, ${plate === null ? null : normalizeLicensePlate(plate)}, ${booking.vehicleModel ?? null},
      ${booking.mileageKm ?? null}::int, ${booking.firstRegistration ?? null}, ${booking.handover ?? null},
      ${booking.pickupAddress ?? null}, ${courtesyUntil}, ${config.rules.timeZone}, ${config.maxOpenRequestsPerEmail}::int,
      ${config.maxPickupsPerDay}::int, ${JSON.stringify(emails)}::jsonb, ${link.hash}, ${inspectionConsent && JSON.stringify(inspectionConsent)}::jsonb,
      ${zonedParts(now, site.timeZone).date}::date
    ) as outcome`;
  // The further services go into the row request_appointment inserted, in the same transaction.
  const outcome =
    additionalServices.length === 0
      ? storedOutcome(await db.execute(request))
      : await db.transaction(async (tx) => {
          const stored = storedOutcome(await tx.execute(request));
          if (stored === "created") await tx.update(appointments).set({ additionalServices }).where(eq(appointments.id, id));
          return stored;
        });
  switch (outcome) {
    case "created":
      logger.info({ appointmentId: id, date: booking.date, time: booking.time }, "appointment requested");
      return ok({ id });
    case "closed": {
      // A stored closure covers the slot (closed after the visitor's page loaded): only now are
      // the closures read, for the answer that names them.
      const rules = await rulesWithClosures(db, config.rules, booking.date, booking.date);
      const closed = checkSlot(booking.date, booking.time, now, rules, durationMinutes);
      // The closure was deleted in the meantime: the slot's state changed under the visitor.
      return closed.ok ? fail("slot-taken") : slotRefused(closed);
    }
    case "slot-taken":
    case "courtesy-car-taken":
    case "pickups-full":
      return fail(outcome);
    case "too-many-open":
      return fail("too-many-open", { limit: config.maxOpenRequestsPerEmail });
    default:
      throw new Error(`request_appointment returned ${String(outcome)}`);
  }
}

function storedOutcome(rows: unknown): StoredOutcome | undefined {
  return resultRows<{ outcome: StoredOutcome }>(rows)[0]?.outcome;
}

function slotRefused(check: Extract<SlotCheck, { ok: false }>): BookingResult {
  return fail("slot-unavailable", { field: check.field, problem: check.problem });
}

export type SlotAvailability = { time: string; available: boolean };

export type DaySlots =
  | { date: CalendarDate; open: true; slots: SlotAvailability[] }
  | { date: CalendarDate; open: false; reason: (DaySchedule & { open: false })["reason"]; slots: [] };

/** The active resources, the active holds (by date) and the absences of [from, to] (placement's input). */
type WorkshopState = { resources: Resource[]; holds: Map<CalendarDate, Hold[]>; absences: Absence[] };

type StateRow = {
  closures: Array<{ from: CalendarDate; to: CalendarDate; startTime: string | null; name: string }>;
  resources: Resource[];
  busy: Array<{ resourceId: string; busy: string }>;
  absences: Array<{ resourceId: string; fromDate: CalendarDate; toDate: CalendarDate; startTime: string | null }>;
};

/**
 * The rules with the stored closures of [from, to], and the workshop's resources, their busy times
 * and absences: one statement, so a day's slots cost one round trip and one execution on the
 * database (decision 050 replaces 022's four reads at once, which cost four of each).
 */
async function closuresAndResources(
  db: Executor,
  rules: SlotRules,
  from: CalendarDate,
  to: CalendarDate,
): Promise<[SlotRules, WorkshopState]> {
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('from', c.from_date, 'to', c.to_date, 'startTime', c.start_time, 'name', c.name)), '[]')
       from closures c where c.from_date <= ${to} and c.to_date >= ${from}) as closures,
      (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'kind', r.kind, 'active', r.active)), '[]')
       from resources r where r.active) as resources,
      -- The busy times are kept per UTC day (decision 046), so one day either side covers every local day;
      -- and per hour of it (decision 055), joined again here.
      (select coalesce(json_agg(json_build_object('resourceId', b.resource_id, 'busy', b.busy::text)), '[]')
       from (select resource_id, range_agg(busy) as busy from resource_busy
             where day >= ${addDays(from, -1)} and day <= ${addDays(to, 1)} group by resource_id, day) as b) as busy,
      (select coalesce(json_agg(json_build_object('resourceId', a.resource_id, 'fromDate', a.from_date, 'toDate', a.to_date,
         'startTime', a.start_time)), '[]')
       from resource_absences a where a.from_date <= ${to} and a.to_date >= ${from}) as absences`);
  const row = resultRows<StateRow>(result)[0]!;
  const spans = row.busy.flatMap(({ resourceId, busy }) => parseIntMultirange(busy).map(([start, end]) => ({ resourceId, start, end })));
  const withClosures = row.closures.length === 0 ? rules : { ...rules, closures: [...rules.closures, ...row.closures] };
  return [
    withClosures,
    {
      resources: row.resources,
      holds: holdsByDate(wallClockHolds(spans, from, to, rules.timeZone)),
      absences: row.absences.map((absence) => ({
        resourceId: absence.resourceId,
        fromDate: absence.fromDate,
        toDate: absence.toDate,
        startMinutes: absence.startTime === null ? null : timeToMinutes(absence.startTime),
      })),
    },
  ];
}

/** What a request asks of the workshop: the work's kinds and duration, and whether a courtesy car. */
type Demand = { kinds: readonly ResourceKind[]; durationMinutes: number; courtesyCar: boolean };

/** A service's name, the names of a visit's services (issue 28), or none (one slot). */
export type DemandedServices = string | readonly string[] | undefined;

/** A visit of `names` by the workshop's facts: how long it lasts and what it holds (app/domain/visit.ts). */
function visitOf(config: VisitFacts, names: readonly string[]): { durationMinutes: number; kinds: ReadonlyArray<ResourceKind> } {
  return visitOfFacts(config, names, config.rules.slotMinutes);
}

function demandOf(demanded: DemandedServices, courtesyCar: boolean, rules: SlotRules, config: VisitFacts): Demand {
  const services = typeof demanded === "string" ? [demanded] : (demanded ?? []);
  return services.length > 0
    ? { ...visitOf(config, services), courtesyCar }
    : { kinds: defaultServiceNeeds, durationMinutes: rules.slotMinutes, courtesyCar };
}

/**
 * Which start times of an open day the demand can take: not too soon, ending by closing time and
 * clear of the lunch break, a free resource of every kind it needs for its whole duration (and a car until closing).
 */
function withOccupancy(schedule: DaySchedule & { open: true }, state: WorkshopState, demand: Demand, rules: SlotRules): SlotAvailability[] {
  const day = dayResources(schedule.date, state.resources, state.holds.get(schedule.date) ?? [], state.absences);
  const closing = closingTime(schedule.date, rules);
  const courtesyUntil = demand.courtesyCar && closing !== null ? timeToMinutes(closing) : null;
  return schedule.slots.map((slot) => ({
    time: slot.time,
    available:
      slot.bookable &&
      endsInOpenHours(schedule.date, slot.time, demand.durationMinutes, rules) &&
      fits(day, demand.kinds, timeToMinutes(slot.time), demand.durationMinutes, courtesyUntil),
  }));
}

/**
 * The slots of one day and whether each can still be requested, for the services
 * when given (the union of their resources free for the sum of their durations from that start), else for one slot;
 * with `courtesyCar`, only where a courtesy car is free until closing too.
 */
export async function getDaySlots(
  db: Executor,
  date: CalendarDate,
  now: Date,
  config: BookingConfig,
  services?: DemandedServices,
  courtesyCar = false,
): Promise<DaySlots> {
  const [rules, state] = await closuresAndResources(db, config.rules, date, date);
  const schedule = daySchedule(date, now, rules);
  if (!schedule.open) return schedule;
  return { date, open: true, slots: withOccupancy(schedule, state, demandOf(services, courtesyCar, rules, config), rules) };
}

/** How full a day is at a glance: many free start times, few, or none. */
export type FreeLevel = "many" | "few" | "none";

/** `reason` says why an unavailable day is (app/messages.ts words it). */
export type DayAvailability = { date: CalendarDate; available: boolean; reason?: UnavailableDay; freeSlots: number; level: FreeLevel };

export const MAX_AVAILABILITY_DAYS = 100;

/**
 * For the calendar: which dates in [from, to] still have a free start time (for `services`, else
 * for one slot; with `courtesyCar`, and a courtesy car), and how many.
 */
export async function getAvailability(
  db: Executor,
  from: CalendarDate,
  to: CalendarDate,
  now: Date,
  config: BookingConfig,
  services?: DemandedServices,
  courtesyCar = false,
): Promise<DayAvailability[]> {
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_AVAILABILITY_DAYS) throw new RangeError(`Range of ${days} days`);
  const [rules, state] = await closuresAndResources(db, config.rules, from, to);
  const demand = demandOf(services, courtesyCar, rules, config);
  return daySchedules(from, to, now, rules).map((schedule): DayAvailability => {
    const closed = (reason: UnavailableDay): DayAvailability => ({
      date: schedule.date,
      available: false,
      reason,
      freeSlots: 0,
      level: "none",
    });
    if (!schedule.open) return closed(schedule.reason);
    if (!schedule.slots.some((slot) => slot.bookable)) return closed({ code: "too-late-today" });
    const freeSlots = withOccupancy(schedule, state, demand, rules).filter((slot) => slot.available).length;
    if (freeSlots === 0) return closed({ code: "fully-booked" });
    return { date: schedule.date, available: true, freeSlots, level: freeSlots <= config.fewFreeSlots ? "few" : "many" };
  });
}

/**
 * Which of `services` still have a free start time on `date` (the placement rule of the slots, by the
 * workshop's facts: its hours with their lunch breaks, its durations and needs; with the stored
 * closures, lead time and horizon): one read of the day's state for all of them. The waiting list
 * asks it inside the transaction that freed a time (app/services/waitlist.server.ts).
 */
export async function servicesWithFreeTime(
  db: Executor,
  date: CalendarDate,
  now: Date,
  services: readonly string[],
  config: VisitFacts,
): Promise<Set<string>> {
  const [withClosures, state] = await closuresAndResources(db, config.rules, date, date);
  const schedule = daySchedule(date, now, withClosures);
  if (!schedule.open) return new Set();
  return new Set(
    services.filter((service) =>
      withOccupancy(schedule, state, demandOf(service, false, withClosures, config), withClosures).some((slot) => slot.available),
    ),
  );
}

/**
 * The start times a form lists without JavaScript (issue 29): the booking form (`offered`: the
 * bookable services) and the board's 'Termin eintragen' (every service offered, the board's rules).
 * Those the facts' hours allow for the visit of `services` (none chosen: for the shortest offered
 * service), clear of the lunch break and ending by closing; on `date`, that day's from the lead time
 * on, with its stored closures (app/domain/slots.ts, startTimesFor). The chosen one is still checked.
 */
export async function formStartTimes(
  db: Executor,
  workshop: VisitFacts,
  { offered, services, date, now }: { offered: readonly string[]; services: readonly string[]; date?: string; now: Date },
): Promise<string[]> {
  const chosen = services.filter((name) => offered.includes(name));
  const minutes = listedVisitMinutes(workshop, chosen, offered, workshop.rules.slotMinutes);
  if (!date || !isCalendarDate(date)) return startTimesFor(workshop.rules, minutes);
  const rules = await rulesWithClosures(db, workshop.rules, date, date);
  return startTimesFor(rules, minutes, { date, now });
}

import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import { recordAudit } from "~/db/audit.server";
import type { Database, Executor } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { resultRows } from "~/db/result-rows";
import { appointments } from "~/db/schema";
import { type AppointmentStatus, slotOccupyingStatuses } from "~/domain/appointment";
import type { CalendarDate } from "~/domain/calendar-date";
import type { ResourceKind } from "~/domain/resources";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import { checkSlot, closingTime, type SlotRules, slotRulesOf, withoutBreaks } from "~/domain/slots";
import { addressPostalCode, normalizeLicensePlate } from "~/domain/vehicle";
import { visitServices } from "~/domain/visit";
import { mainPhoneOf, offeredServices, visitOfFacts, type WorkshopFacts } from "~/domain/workshop";
import { logger } from "~/lib/logger.server";
import { appointmentEmailFields, cancelOnlineUntil } from "~/mail/emails";
import { enqueueCustomerEmail } from "~/mail/outbox.server";
import type { MoveRefusal } from "~/messages";
import { type AdminEntryInput, changeableFields, moveSchema, validateAdminEntry } from "~/schemas/admin-appointment";
import type { BookingOffer } from "~/schemas/booking";
import { formStartTimes } from "./booking.server";
import { rulesWithClosures } from "./closures.server";
import { notifyWaitlistForDay } from "./waitlist.server";
import { workshopFacts } from "./workshop-facts.server";

/**
 * The board's own appointments and moves (issue 28, decision 043): 'Termin eintragen' (a phone or
 * counter appointment), changing one, and moving it to another time or lift, by the workshop here
 * and by the customer on the personal link (customer-appointment.server.ts). Every placement goes
 * through the database function `move_appointment` (drizzle/0026_appointment_moves.sql): the
 * closures' lock, the old and the new day's locks in date order, the appointment's own old holds not
 * counting against it, the exclusion constraint of decision 038 as the last word.
 */

/** A refused entry or move, with the facts its German words need (app/messages.ts, moveRefusal). */
export type MoveFailure = Failure<MoveRefusal["code"]> & MoveRefusal;

/** The workshop may enter any time from now on: no lead time, no horizon; closures and resources hold. */
const STAFF_HORIZON_DAYS = 3660;

export function staffRules(rules: SlotRules): SlotRules {
  return { ...rules, leadTimeMinutes: 0, horizonDays: STAFF_HORIZON_DAYS };
}

/** What the database function answered (see drizzle/0026_appointment_moves.sql). */
type Outcome =
  "placed" | "overbooked" | "closed" | "slot-taken" | "courtesy-car-taken" | "resource-taken" | "not-found" | "cancelled" | "changed";

/** What placing needs of an appointment at its new time. */
export type MoveTarget = {
  id: string;
  date: CalendarDate;
  time: string;
  durationMinutes: number;
  service: string;
  /** The further services of a visit of several (issue 28): the move holds what all of them need. */
  additionalServices?: readonly string[] | null;
  courtesyCar: boolean;
  resourceIds?: readonly string[];
  override?: boolean;
  /** What the visit holds, by the workshop's facts (every service of it). */
  kinds: ReadonlyArray<ResourceKind>;
};

/** Places the appointment at the target under the locks of move_appointment; its holds and date and time move together. */
async function placeAt(tx: Executor, target: MoveTarget, rules: SlotRules): Promise<Outcome> {
  const { kinds } = target;
  const closing = target.courtesyCar ? closingTime(target.date, rules) : null;
  const courtesyUntil = closing !== null && closing > target.time ? closing : null;
  const rows = await tx.execute(sql`
    select move_appointment(${target.id}::uuid, ${target.date}::date, ${target.time}, ${target.durationMinutes}::int,
      ${`{${kinds.join(",")}}`}::text[], ${courtesyUntil}, ${rules.timeZone}, ${`{${(target.resourceIds ?? []).join(",")}}`}::uuid[],
      ${target.override === true}) as outcome`);
  const outcome = resultRows<{ outcome: Outcome }>(rows)[0]?.outcome;
  if (outcome === undefined) throw new Error("move_appointment returned nothing");
  return outcome;
}

/** A refusal found inside a transaction: thrown to roll it back, answered by the caller. */
class Refused extends Error {
  constructor(readonly failure: MoveFailure) {
    super(failure.code);
  }
}

/** Runs `work` in one transaction; a Refused thrown inside rolls everything back and becomes the answer. */
export async function refusable<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<Ok<T> | MoveFailure> {
  try {
    return ok(await db.transaction(work));
  } catch (error) {
    if (error instanceof Refused) return error.failure;
    throw error;
  }
}

export function refuse(failure: MoveRefusal): never {
  throw new Refused({ ...failure, ok: false } as MoveFailure);
}

/**
 * Whether `date` at `time` is a start the rules offer for `durationMinutes` (the stored closures
 * included): the customer's rules with lead time and horizon, the workshop's without. A refusal says
 * whether only the lunch break is in the way (`inBreak`): the board may then 'Trotzdem eintragen'.
 */
export async function slotRefusal(
  db: Executor,
  target: { date: CalendarDate; time: string; durationMinutes: number },
  now: Date,
  rules: SlotRules,
): Promise<MoveFailure | null> {
  const withClosures = await rulesWithClosures(db, rules, target.date, target.date);
  const check = checkSlot(target.date, target.time, now, withClosures, target.durationMinutes);
  if (check.ok) return null;
  const inBreak = checkSlot(target.date, target.time, now, withoutBreaks(withClosures), target.durationMinutes).ok;
  return fail("slotClosed", { field: check.field, problem: check.problem, inBreak });
}

/** The workshop's facts as this process has them (cached, decision 042) and their slot rules: its hours with their breaks. */
export async function currentWorkshop(db: Database): Promise<{ facts: WorkshopFacts; rules: SlotRules }> {
  const facts = await workshopFacts(db);
  return { facts, rules: slotRulesOf(facts) };
}

/** The services the board may enter or change to: every one the workshop offers now, also those not bookable online. */
function servicesOffered(facts: WorkshopFacts): string[] {
  return offeredServices(facts).map((service) => service.name);
}

/** What the board's entry is checked against (issue 29): every service offered, the pick-up area and the phone of the facts. */
function boardOffer(facts: WorkshopFacts): BookingOffer {
  return { services: servicesOffered(facts), pickupPostalCodes: facts.bookingRules.pickupPostalCodes, phone: mainPhoneOf(facts) };
}

/** What a visit of `services` holds by the facts (read before a transaction: PGlite has one connection). */
export function kindsOfVisit(facts: WorkshopFacts, services: readonly string[], rules: SlotRules): ReadonlyArray<ResourceKind> {
  return visitOfFacts(facts, services, rules.slotMinutes).kinds;
}

/**
 * Places `target` and refuses (rolling back) unless it got what it needs; with an override, holding
 * what is free is enough. Returns whether it is overbooked.
 */
export async function placeOrRefuse(tx: Executor, target: MoveTarget, now: Date, rules: SlotRules): Promise<{ overbooked: boolean }> {
  const outcome = await placeAt(tx, target, rules);
  switch (outcome) {
    case "placed":
    case "overbooked":
      return { overbooked: outcome === "overbooked" };
    case "closed":
      // A closure entered since the check before: its words, read now.
      return refuse((await slotRefusal(tx, target, now, rules)) ?? { code: "slot-taken" });
    case "slot-taken":
    case "courtesy-car-taken":
      return refuse({ code: outcome });
    case "resource-taken":
      return refuse({ code: "resourceTaken" });
    case "not-found":
      return refuse({ code: "notFound" });
    case "cancelled":
    case "changed":
      return refuse({ code: "conflict" });
  }
}

/** The trail's words of a move: old and new time (data, not wording). */
export const describeMove = (from: { date: string; time: string }, to: { date: string; time: string }) =>
  `${from.date} ${from.time} → ${to.date} ${to.time}`;

type MovedRow = typeof appointments.$inferSelect;

/**
 * 'Ihr Termin wurde verschoben' to the customer of a confirmed appointment (none without an address):
 * the old and the new time and the updated invite, same UID and the row's new SEQUENCE.
 */
export async function queueMovedEmail(
  tx: Executor,
  row: MovedRow,
  from: { date: string; time: string },
  { now, selfCancelCutoffHours, replyTo }: { now: Date; selfCancelCutoffHours?: number; replyTo?: string },
): Promise<boolean> {
  if (row.status !== "bestätigt" || row.email === null) return false;
  await enqueueCustomerEmail(tx, {
    recipient: row.email,
    template: "appointment-moved",
    params: {
      ...appointmentEmailFields(row),
      durationMinutes: String(row.durationMinutes),
      selfCancelUntil: cancelOnlineUntil(row, now, selfCancelCutoffHours),
      oldDate: from.date,
      oldTime: from.time,
      accessToken: await createCustomerLink(tx, row.id, now),
    },
    replyTo,
    appointmentId: row.id,
  });
  return true;
}

/**
 * After a move: the invite's sequence one higher (the calendar entry moves instead of doubling), the
 * reminder armed again for the new time, for the customer's own one more of their moves, and the
 * waiting list of the day it left told that a time freed up (issue 28).
 */
export async function afterMove(
  tx: Executor,
  id: string,
  now: Date,
  { byCustomer, leftDate }: { byCustomer: boolean; leftDate: CalendarDate },
): Promise<MovedRow | null> {
  const [row] = await tx
    .update(appointments)
    .set({
      inviteSequence: sql`${appointments.inviteSequence} + 1`,
      reminderQueuedAt: null,
      updatedAt: now,
      ...(byCustomer ? { customerMoves: sql`${appointments.customerMoves} + 1` } : {}),
    })
    .where(byCustomer ? sql`${appointments.id} = ${id} and ${appointments.customerMoves} < 3` : eq(appointments.id, id))
    .returning();
  if (row) await notifyWaitlistForDay(tx, leftDate, { freedBy: `appointment:${id}`, now });
  return row ?? null;
}

/**
 * The start times 'Termin eintragen' lists (its form works without JavaScript, issue 29): as the
 * booking form's (formStartTimes) for every service offered, by the board's rules (no lead time,
 * from now on). With `override` ('Trotzdem eintragen' is offered) the lunch break's too, as the
 * override may place work there.
 */
export async function entryFormTimes(
  db: Database,
  { date, services, override = false }: { date?: string; services: readonly string[]; override?: boolean },
  now: Date,
): Promise<string[]> {
  const { facts, rules } = await currentWorkshop(db);
  const workshop = { rules: staffRules(override ? withoutBreaks(rules) : rules), services: facts.services };
  return formStartTimes(db, workshop, { offered: servicesOffered(facts), services, date, now });
}

export type EntryResult = Ok<{ id: string; status: AppointmentStatus; overbooked: boolean; emailQueued: boolean }> | MoveFailure;

/**
 * 'Termin eintragen' (POST /api/v1/admin/appointments): the booking's fields, the e-mail optional,
 * `bestätigt` (a phone appointment is agreed) or `beantragt`, any time from now on. Stored, placed
 * and audited in one transaction, the confirmation (or the receipt) with the personal link queued
 * when `notifyCustomer` and there is an address.
 */
export async function enterAppointment(
  db: Database,
  input: Record<string, unknown>,
  {
    admin,
    now = new Date(),
    rules: givenRules,
    selfCancelCutoffHours,
  }: {
    admin: AdminIdentity;
    now?: Date;
    /** The workshop's facts' rules when absent. */
    rules?: SlotRules;
    selfCancelCutoffHours?: number;
  },
): Promise<EntryResult> {
  const workshop = await currentWorkshop(db);
  const validation = validateAdminEntry(input, now, boardOffer(workshop.facts));
  if (!validation.ok) return fail("invalid", { fields: validation.fields, missingRequired: validation.missingRequired });
  const entry = validation.data;
  // Several services in one visit (issue 28), their durations and needs by the facts (issue 29).
  const names = entry.services ?? [entry.service];
  const factsRules = givenRules ?? workshop.rules;
  const { durationMinutes, kinds } = visitOfFacts(workshop.facts, names, factsRules.slotMinutes);
  // 'Trotzdem eintragen' may place work into the lunch break (the workshop works through it for a
  // caller); opening, closing and closures still hold.
  const rules = entry.override ? withoutBreaks(factsRules) : factsRules;
  const refused = await slotRefusal(db, { date: entry.date, time: entry.time, durationMinutes }, now, staffRules(rules));
  if (refused) return refused;
  const id = crypto.randomUUID();
  const result = await refusable(db, async (tx) => {
    const [row] = await tx
      .insert(appointments)
      .values({
        id,
        ...storedFields(entry),
        date: entry.date,
        time: entry.time,
        service: entry.service,
        additionalServices: names.slice(1),
        durationMinutes,
        courtesyCar: entry.courtesyCar === true,
        status: entry.status,
        confirmedAt: entry.status === "bestätigt" ? now : null,
        source: entry.source,
        overrideReason: entry.override?.reason ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { overbooked } = await placeOrRefuse(
      tx,
      { ...row!, courtesyCar: row!.courtesyCar, override: entry.override !== undefined, kinds },
      now,
      rules,
    );
    await recordAudit(tx, {
      appointmentId: id,
      actor: admin,
      action: "enter",
      oldStatus: entry.status,
      newStatus: entry.status,
      reason: entry.source,
      now,
    });
    if (entry.override) {
      await recordAudit(tx, {
        appointmentId: id,
        actor: admin,
        action: overbooked ? "override.overbooked" : "override",
        oldStatus: entry.status,
        newStatus: entry.status,
        reason: entry.override.reason,
        now,
      });
    }
    const emailQueued =
      entry.notifyCustomer && entry.email !== null ? await queueEntryEmail(tx, { ...row!, overbooked }, now, selfCancelCutoffHours) : false;
    return { overbooked, emailQueued };
  });
  if (!result.ok) return result;
  logger.info({ appointmentId: id, date: entry.date, time: entry.time, source: entry.source }, "appointment entered on the board");
  return ok({ id, status: entry.status, ...result.value });
}

/** The confirmation with its invite for a confirmed entry, the receipt for a request; both with the personal link. */
async function queueEntryEmail(tx: Executor, row: MovedRow, now: Date, selfCancelCutoffHours: number | undefined): Promise<boolean> {
  const accessToken = await createCustomerLink(tx, row.id, now);
  const id =
    row.status === "bestätigt"
      ? await enqueueCustomerEmail(tx, {
          recipient: row.email,
          template: "appointment-confirmed",
          params: {
            ...appointmentEmailFields(row),
            durationMinutes: String(row.durationMinutes),
            selfCancelUntil: cancelOnlineUntil(row, now, selfCancelCutoffHours),
            accessToken,
          },
          appointmentId: row.id,
        })
      : await enqueueCustomerEmail(tx, {
          recipient: row.email,
          template: "booking-received-customer",
          params: {
            ...appointmentEmailFields(row),
            phone: row.phone,
            message: row.message,
            licensePlate: row.licensePlate ?? undefined,
            vehicleModel: row.vehicleModel ?? undefined,
            accessToken,
          },
          appointmentId: row.id,
        });
  return id !== null;
}

/** The contact, the car, the message and the hand-over of checked input, as the row stores them. */
function storedFields(input: Omit<AdminEntryInput, "status" | "notifyCustomer" | "source">) {
  const plate = input.licensePlate ?? null;
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    licensePlate: plate,
    licensePlateNormalized: plate === null ? null : normalizeLicensePlate(plate),
    vehicleModel: input.vehicleModel ?? null,
    mileageKm: input.mileageKm ?? null,
    firstRegistration: input.firstRegistration ?? null,
    handover: input.handover ?? null,
    pickupAddress: input.pickupAddress ?? null,
  };
}

/** A stored appointment as the entry's input, so a change is checked by the same rules as a new one. */
function asEntryInput(row: MovedRow): Record<string, unknown> {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    date: row.date,
    time: row.time,
    message: row.message,
    licensePlate: row.licensePlate,
    vehicleModel: row.vehicleModel,
    mileageKm: row.mileageKm ?? undefined,
    firstRegistration: row.firstRegistration,
    handover: row.handover,
    pickupAddress: row.pickupAddress,
    courtesyCar: row.courtesyCar,
  };
}

export type ChangeResult =
  | Ok<{ id: string; date: string; time: string; moved: boolean; changed: string[]; overbooked: boolean; emailQueued: boolean }>
  | MoveFailure;

/**
 * PATCH /api/v1/admin/appointments/:id: the contact, the car, the message, the hand-over, and a move
 * with `date` and `time` (and `resourceIds` naming the lift), under the guarantees of a new entry. The
 * stored row with the changes is checked by the entry's rules; a move of a confirmed appointment
 * e-mails 'Ihr Termin wurde verschoben' with the updated invite; the trail has old and new.
 */
export async function changeAppointment(
  db: Database,
  {
    id,
    input,
    admin,
    now = new Date(),
    rules: givenRules,
    selfCancelCutoffHours,
  }: {
    id: string;
    input: Record<string, unknown>;
    admin: AdminIdentity;
    now?: Date;
    /** The workshop's facts' rules when absent. */
    rules?: SlotRules;
    selfCancelCutoffHours?: number;
  },
): Promise<ChangeResult> {
  const [before] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!before) return fail("notFound");
  const move = moveSchema.safeParse(input);
  if (!move.success) return fail("invalid", { fields: { resourceIds: move.error.issues[0]!.message }, missingRequired: false });
  const given = Object.fromEntries(
    Object.entries(input).filter(([key]) => (changeableFields as readonly string[]).includes(key) || key === "date" || key === "time"),
  );
  // The services (issue 28): `services` the whole list, `service` alone a visit of that one.
  const beforeServices = visitServices(before);
  const servicesGiven = Array.isArray(input.services)
    ? { service: input.services[0], services: input.services }
    : input.service !== undefined
      ? { service: input.service, services: [input.service] }
      : {};
  const workshop = await currentWorkshop(db);
  // Its own services stay valid for a change of anything else, also one retired since; so does its
  // pick-up address while it is kept, also outside an area made smaller since.
  const offer = boardOffer(workshop.facts);
  const keptCode = given.pickupAddress === undefined && before.pickupAddress ? addressPostalCode(before.pickupAddress) : undefined;
  const offered: BookingOffer = {
    ...offer,
    services: [...new Set([...offer.services, ...beforeServices])],
    pickupPostalCodes: keptCode ? [...offer.pickupPostalCodes, keptCode] : offer.pickupPostalCodes,
  };
  const validation = validateAdminEntry({ ...asEntryInput(before), ...given, ...servicesGiven }, now, offered);
  if (!validation.ok) return fail("invalid", { fields: validation.fields, missingRequired: validation.missingRequired });
  const after = validation.data;
  const rules = givenRules ?? workshop.rules;
  const afterServices = after.services ?? [after.service];
  const servicesChanged = afterServices.join("\n") !== beforeServices.join("\n");
  const visit = visitOfFacts(workshop.facts, afterServices, rules.slotMinutes);
  // Other services hold the time and the resources they need: the visit is placed again where it is.
  const durationMinutes = servicesChanged ? visit.durationMinutes : before.durationMinutes;
  const resourceIds = move.data.resourceIds;
  const timeChanged = after.date !== before.date || after.time !== before.time;
  const active = slotOccupyingStatuses.includes(before.status);
  if ((timeChanged || resourceIds !== undefined) && !active) return fail("conflict");
  const moving = timeChanged || resourceIds !== undefined || (servicesChanged && active);
  if (timeChanged || (servicesChanged && active)) {
    const refused = await slotRefusal(db, { date: after.date, time: after.time, durationMinutes }, now, staffRules(rules));
    if (refused) return refused;
  }
  const contact = storedFields(after);
  const fields = {
    ...contact,
    ...(servicesChanged ? { service: after.service, additionalServices: afterServices.slice(1), durationMinutes } : {}),
  };

  const changed = [
    ...(Object.keys(contact) as Array<keyof typeof contact>).filter(
      (key) => key !== "licensePlateNormalized" && contact[key] !== before[key],
    ),
    ...(servicesChanged ? ["services"] : []),
  ];
  const result = await refusable(db, async (tx) => {
    let overbooked = before.overbooked;
    let row: MovedRow = before;
    if (moving) {
      ({ overbooked } = await placeOrRefuse(
        tx,
        { ...before, date: after.date, time: after.time, durationMinutes, resourceIds, override: false, kinds: visit.kinds },
        now,
        rules,
      ));
    }
    if (changed.length > 0) {
      [row] = (await tx
        .update(appointments)
        .set({ ...fields, updatedAt: now })
        .where(eq(appointments.id, id))
        .returning()) as [MovedRow];
      await recordAudit(tx, {
        appointmentId: id,
        actor: admin,
        action: "change",
        oldStatus: row.status,
        newStatus: row.status,
        reason: changed.join(", "),
        now,
      });
    }
    const timeMoved = after.date !== before.date || after.time !== before.time;
    let emailQueued = false;
    if (timeMoved) {
      row = (await afterMove(tx, id, now, { byCustomer: false, leftDate: before.date }))!;
      await recordAudit(tx, {
        appointmentId: id,
        actor: admin,
        action: "move",
        oldStatus: row.status,
        newStatus: row.status,
        reason: describeMove(before, row),
        now,
      });
      emailQueued = await queueMovedEmail(tx, row, before, { now, selfCancelCutoffHours });
    } else if (moving) {
      await recordAudit(tx, {
        appointmentId: id,
        actor: admin,
        action: "resources",
        oldStatus: row.status,
        newStatus: row.status,
        reason: null,
        now,
      });
    }
    return { overbooked, emailQueued, timeMoved };
  });
  if (!result.ok) return result;
  return ok({
    id,
    date: after.date,
    time: after.time,
    moved: result.value.timeMoved,
    changed,
    overbooked: result.value.overbooked,
    emailQueued: result.value.emailQueued,
  });
}

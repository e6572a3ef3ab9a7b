import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointmentResources, emailOutbox, resources, waitlistEntries } from "~/db/schema";
import { addDays, zonedInstant, zonedParts } from "~/domain/calendar-date";
import { renderEmail } from "~/mail/templates";
import { waitlistMessages } from "~/messages";
import { addClosure, deleteClosure } from "~/services/closures.server";
import { cancelByCustomer } from "~/services/customer-appointment.server";
import { applyRetention } from "~/services/retention.server";
import { findWaitlistEntryByToken, joinWaitlist, leaveWaitlist, waitlistCounts } from "~/services/waitlist.server";
import { testBookingConfig } from "../support/booking-config";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, setWorkshop } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";

const { cancelAppointment, deleteAppointment } = boardCommands;

/** Friday 20 November 2026, 09:00 in Vienna; the waiting list's day is Wednesday 2 December. */
const now = new Date("2026-11-20T08:00:00Z");
const DAY = "2026-12-02";
const config = testBookingConfig();
const person = { name: "Wanda Warte", email: "wanda@example.at", phone: "0660 7654321" };

describe.each(testDatabaseKinds)("the waiting list of a full day (issue 28) on %s", (kind) => {
  let owner: AdminIdentity;
  const database = useTestDatabase(kind);
  let mechanicId: string;
  let inspectionId: string;

  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { verifiedAt: now });
    const set = await setWorkshop(database.db, { lift: 1, inspection: 1, mechanic: 1 });
    mechanicId = set.find((resource) => resource.kind === "mechanic")!.id;
    inspectionId = set.find((resource) => resource.kind === "inspection")!.id;
  });

  /** An appointment holding `resourceId` all day on `date`: the day is full for every service needing it. */
  async function blockDay(resourceId: string, date = DAY, email = "blocker@example.at") {
    const appointment = await insertAppointment(database.db, { status: "bestätigt", date, time: "08:00", email, durationMinutes: 30 });
    await database.db.insert(appointmentResources).values({
      appointmentId: appointment.id,
      resourceId,
      startsAt: zonedInstant(date, "00:00", site.timeZone),
      endsAt: zonedInstant(addDays(date, 1), "00:00", site.timeZone),
    });
    return appointment;
  }
  const join = (input: Record<string, unknown>, options: { clientIp?: string; config?: typeof config } = {}) =>
    joinWaitlist(database.db, input, { now, clientIp: options.clientIp ?? "203.0.113.5", config: options.config ?? config });
  const waitlistMails = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "waitlist-slot-free"));

  it("joins a full day (created), a repeat of the address is the same entry; a day with a free time or a past or closed one is refused", async () => {
    await blockDay(mechanicId);
    const first = await join({ ...person, date: DAY, service: "Ölwechsel" });
    expect(first).toMatchObject({ ok: true, value: { created: true, entry: { ...person, date: DAY, service: "Ölwechsel" } } });
    const again = await join({ ...person, email: "WANDA@example.at", date: DAY, service: "Ölwechsel" });
    expect(again).toMatchObject({ ok: true, value: { created: false } });
    expect(again.ok && first.ok && again.value.entry.id === first.value.entry.id).toBe(true);
    expect(await database.db.select().from(waitlistEntries)).toHaveLength(1);

    expect(await join({ ...person, date: "2026-12-03", service: "Ölwechsel" })).toEqual({ ok: false, code: "waitlist-day-free" });
    expect(await join({ ...person, date: "2026-11-19", service: "Ölwechsel" })).toEqual({
      ok: false,
      code: "waitlist-day-unavailable",
      reason: { code: "past" },
    });
    // Sunday.
    expect(await join({ ...person, date: "2026-12-06", service: "Ölwechsel" })).toMatchObject({
      ok: false,
      code: "waitlist-day-unavailable",
    });
    expect(await join({ ...person, date: DAY, service: "Ölwechsel", email: "kein-at" })).toMatchObject({ ok: false, code: "invalid" });
  });

  it("is limited per client network like the bookings", async () => {
    await blockDay(mechanicId);
    const limited = testBookingConfig({ rateLimit: 1 });
    expect(await join({ ...person, date: DAY, service: "Ölwechsel" }, { config: limited })).toMatchObject({ ok: true });
    expect(await join({ ...person, email: "b@example.at", date: DAY, service: "Ölwechsel" }, { config: limited })).toMatchObject({
      ok: false,
      code: "rate-limited",
    });
    expect(
      await join({ ...person, email: "c@example.at", date: DAY, service: "Ölwechsel" }, { config: limited, clientIp: "198.51.100.7" }),
    ).toMatchObject({ ok: true });
  });

  it("a cancellation e-mails the entries whose service now fits, once per freed time; the e-mail opens the form on the day and leaves the list", async () => {
    const blocker = await blockDay(mechanicId);
    // The §57a place stays held all day by another appointment: an inspection does not fit when the mechanic is free.
    await blockDay(inspectionId, DAY, "other@example.at");
    await join({ ...person, date: DAY, service: "Ölwechsel" });
    await join({ ...person, email: "ines@example.at", date: DAY, service: "§57a Überprüfung" });
    expect(await cancelAppointment(database.db, { id: blocker.id, admin: owner, reason: "Krank", now })).toMatchObject({ ok: true });

    const mails = await waitlistMails();
    expect(mails.map((mail) => mail.recipient)).toEqual([person.email]);
    const rendered = renderEmail({ ...mails[0]!, appointmentId: null }, "https://www.happycar.example");
    expect(rendered.subject).toBe("Ein Termin ist frei geworden");
    expect(rendered.html).toContain(`https://www.happycar.example/termin-anfragen?datum=${DAY}&amp;leistung=%C3%96lwechsel#booking`);
    // Deleting the cancelled appointment frees the same time again: nobody is e-mailed twice.
    expect(await deleteAppointment(database.db, { id: blocker.id, admin: owner, now })).toMatchObject({ ok: true });
    expect(await waitlistMails()).toHaveLength(1);

    const token = (mails[0]!.params as Record<string, string>).leaveToken!;
    expect(rendered.html).toContain(`/warteliste/verlassen/${token}`);
    expect(await findWaitlistEntryByToken(database.db, token)).toEqual({ date: DAY, service: "Ölwechsel" });
    expect(await leaveWaitlist(database.db, token)).toBe(true);
    expect(await findWaitlistEntryByToken(database.db, token)).toBeNull();
    expect(await leaveWaitlist(database.db, token)).toBe(false);
    expect((await database.db.select().from(waitlistEntries)).map((entry) => entry.email)).toEqual(["ines@example.at"]);
  });

  it("deleting an active appointment, the customer's cancellation and a lifted closure each tell the list", async () => {
    const first = await blockDay(mechanicId);
    await join({ ...person, date: DAY, service: "Ölwechsel" });
    await deleteAppointment(database.db, { id: first.id, admin: owner, now });
    expect(await waitlistMails()).toHaveLength(1);

    const second = await blockDay(mechanicId, DAY, "zweiter@example.at");
    const token = await createCustomerLink(database.db, second.id, now);
    const cancelled = await cancelByCustomer(database.db, {
      token,
      reason: "",
      now,
      clientIp: "203.0.113.9",
      config: { cancelCutoffHours: 24, linkDaysAfter: 30, rateLimit: 0, rateLimitWindowSeconds: 600, workshopEmail: "w@example.at" },
    });
    expect(cancelled).toMatchObject({ ok: true });
    expect(await waitlistMails()).toHaveLength(2);

    // Closed while full; the blocker's cancellation frees nothing on a closed day; lifting the closure does.
    const third = await blockDay(mechanicId, DAY, "dritter@example.at");
    const closure = await addClosure(database.db, { actor: owner, closure: { from: DAY, to: DAY, name: "Inventur" }, now });
    await cancelAppointment(database.db, { id: third.id, admin: owner, reason: "Geschlossen", now });
    expect(await waitlistMails()).toHaveLength(2);
    expect(closure.ok && (await deleteClosure(database.db, { actor: owner, id: closure.value.id, now }))).toMatchObject({ ok: true });
    expect(await waitlistMails()).toHaveLength(3);
  });

  it("an entry whose address already booked the day is not e-mailed; the board counts who waits per day", async () => {
    const blocker = await blockDay(mechanicId);
    await join({ ...person, date: DAY, service: "Ölwechsel" });
    await join({ ...person, email: "zweite@example.at", date: DAY, service: "Elektrik" });
    await insertAppointment(database.db, { email: "Zweite@example.at", date: DAY, time: "16:00" });
    expect(await waitlistCounts(database.db, "2026-11-20")).toEqual([{ date: DAY, waiting: 2 }]);
    await cancelAppointment(database.db, { id: blocker.id, admin: owner, reason: "Krank", now });
    expect((await waitlistMails()).map((mail) => mail.recipient)).toEqual([person.email]);
  });

  it("the retention job deletes the entries once their day has passed", async () => {
    await blockDay(mechanicId);
    await join({ ...person, date: DAY, service: "Ölwechsel" });
    const kept = await applyRetention(database.db, { now: new Date("2026-12-02T22:00:00Z") });
    expect(kept.waitlistEntriesDeleted).toBe(0);
    const gone = await applyRetention(database.db, { now: new Date("2026-12-02T23:30:00Z") });
    expect(gone.waitlistEntriesDeleted).toBe(1);
    expect(await database.db.select().from(waitlistEntries)).toEqual([]);
  });
});

describe("POST /api/v1/waitlist", () => {
  const database = useTestDatabase("pglite");
  const api = useApiApp(database);

  /** A workday a week ahead (the real clock: the endpoint asks it), full for every service needing the mechanic. */
  async function fullDay(): Promise<string> {
    let date = addDays(zonedParts(new Date(), site.timeZone).date, 7);
    while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
    const [mechanic] = await database.db.select().from(resources).where(eq(resources.kind, "mechanic"));
    const appointment = await insertAppointment(database.db, { status: "bestätigt", date, time: "08:00" });
    await database.db.insert(appointmentResources).values({
      appointmentId: appointment.id,
      resourceId: mechanic!.id,
      startsAt: zonedInstant(date, "00:00", site.timeZone),
      endsAt: zonedInstant(addDays(date, 1), "00:00", site.timeZone),
    });
    return date;
  }

  it("201 for a new entry, 200 with the same for a repeat, 409 with a German hint on a day with a free time, 400 for a past day", async () => {
    const date = await fullDay();
    const body = { ...person, date, service: "Ölwechsel" };
    const created = await api.request("/api/v1/waitlist", { json: body });
    expect(created.status).toBe(201);
    const entry = (await created.json()) as { id: string };
    expect(entry).toEqual({ id: expect.any(String), date, service: "Ölwechsel" });
    const repeated = await api.request("/api/v1/waitlist", { json: body });
    expect(repeated.status).toBe(200);
    expect(await repeated.json()).toEqual(entry);

    const free = await api.request("/api/v1/waitlist", { json: { ...body, date: addDays(date, 14) } });
    expect(free.status).toBe(409);
    expect(await free.json()).toEqual({ error: waitlistMessages["waitlist-day-free"], code: "waitlist-day-free" });
    const past = await api.request("/api/v1/waitlist", { json: { ...body, date: "2020-01-07" } });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ error: "Für diesen Tag gibt es keine Warteliste: Dieser Tag liegt in der Vergangenheit." });
  });
});

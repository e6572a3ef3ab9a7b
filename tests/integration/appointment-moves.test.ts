import { and, asc, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { adminContext } from "~/context";
import { createCustomerLink } from "~/db/customer-links.server";
import { resultRows } from "~/db/result-rows";
import {
  appointmentResources,
  appointments,
  auditLog,
  closures,
  emailOutbox,
  resources,
  waitlistEntries,
  waitlistNotifications,
} from "~/db/schema";
import { addDays } from "~/domain/calendar-date";
import { daySchedule } from "~/domain/slots";
import { renderEmail } from "~/mail/templates";
import { moveMessages } from "~/messages";
import { action as newAppointmentAction } from "~/routes/admin/new-appointment";
import { confirmAppointment } from "~/services/appointment-commands.server";
import { changeAppointment, enterAppointment, staffRules } from "~/services/appointment-moves.server";
import { findCustomerAppointment, moveByCustomer } from "~/services/customer-appointment.server";
import { type DatabaseKind, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { changeFacts, createAdminIdentity, heldResourceNames, openDayFromToday, sessionCookieOf, setWorkshop } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { withWritesHeldBack } from "../support/held-back";
import { routeArgs } from "../support/route-args";
import { siteSlotRules } from "../support/slot-rules";

/**
 * Issue 28, 'Entered on the board' and 'Changed and moved' (decision 043): POST and PATCH
 * /api/v1/admin/appointments, placed through move_appointment (drizzle/0026_appointment_moves.sql)
 * under the day's locks; the moved invite parsed by a calendar library; races on PostgreSQL.
 */

// Monday 30 November 2026, 09:00 in Vienna; Wednesday 2 and Thursday 3 December are open 08:00–18:00.
const NOW = new Date("2026-11-30T09:00:00+01:00");
const DAY = "2026-12-02";
const NEXT_DAY = "2026-12-03";
const PUBLIC_URL = "https://www.happycar.example";

const caller = { name: "Karl Anrufer", phone: "0664 7654321", service: "Ölwechsel" };

function suite(kind: DatabaseKind) {
  const database = useTestDatabase(kind, { poolSize: 20 });
  const api = useApiApp(database);
  let staff: AdminIdentity;
  let cookie: string;

  beforeEach(async () => {
    staff = await createAdminIdentity(database.db, { email: "lehrling@happycar.example", role: "staff", passwordHash: "x" });
    cookie = await sessionCookieOf(database.db, staff.id);
  });

  const enter = (input: Record<string, unknown>, now = NOW) =>
    enterAppointment(database.db, input, { admin: staff, now, selfCancelCutoffHours: 24 });
  const change = (id: string, input: Record<string, unknown>, now = NOW) =>
    changeAppointment(database.db, { id, input, admin: staff, now, selfCancelCutoffHours: 24 });
  const holdsOf = (id: string) => heldResourceNames(database.db, id);
  const mails = (id: string) =>
    database.db.select().from(emailOutbox).where(eq(emailOutbox.appointmentId, id)).orderBy(asc(emailOutbox.createdAt));
  const trail = (id: string) =>
    database.db
      .select({ action: auditLog.action, reason: auditLog.reason, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.appointmentId, id));

  describe("POST /api/v1/admin/appointments", () => {
    it("a phone appointment without an e-mail: 201 bestätigt, source phone, placed on a lift and a mechanic, and no e-mail at all", async () => {
      const date = openDayFromToday(3);
      const response = await api.request("/api/v1/admin/appointments", { cookie, json: { ...caller, date, time: "10:00" } });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { id: string; status: string; overbooked: boolean; emailQueued: boolean };
      expect(body).toMatchObject({ status: "bestätigt", overbooked: false, emailQueued: false });
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, body.id));
      expect(row).toMatchObject({ email: null, source: "phone", status: "bestätigt", date, time: "10:00" });
      expect(await holdsOf(body.id)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);
      expect(await mails(body.id)).toEqual([]);
      // The details show it: no address, entered by phone.
      const details = (await (await api.request(`/api/v1/admin/appointments/${body.id}`, { cookie })).json()) as {
        appointment: { email: string | null; source: string };
      };
      expect(details.appointment).toMatchObject({ email: null, source: "phone" });
    });

    it("needs a session (401) and answers bad fields with 400 and German field errors, nothing stored", async () => {
      expect((await api.request("/api/v1/admin/appointments", { json: { ...caller, date: DAY, time: "10:00" } })).status).toBe(401);
      const response = await api.request("/api/v1/admin/appointments", {
        cookie,
        json: { ...caller, email: "kein-at", date: DAY, time: "10:00", status: "storniert", source: "fax" },
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string> };
      expect(body.fields.email).toBe("Bitte geben Sie eine gültige E-Mail-Adresse an.");
      expect(body.fields.status).toBe("Bitte wählen Sie den Status „bestätigt“ oder „beantragt“.");
      expect(body.fields.source).toBe("Bitte wählen Sie als Herkunft online, phone oder counter.");
      expect(await database.db.select().from(appointments)).toEqual([]);
    });

    it("staff may enter inside the lead time and beyond the horizon; a closed day is 409 with the German reason", async () => {
      // 09:00 now: 09:30 is inside the customers' lead time, 300 days ahead beyond their horizon.
      expect((await enter({ ...caller, date: "2026-11-30", time: "09:30" })).ok).toBe(true);
      const far = addDays("2026-11-30", 300);
      let date = far;
      while (!daySchedule(date, NOW, staffRules(siteSlotRules)).open) date = addDays(date, 1);
      expect((await enter({ ...caller, date, time: "10:00" })).ok).toBe(true);
      // The past is not 'from now on'.
      const past = await enter({ ...caller, date: "2026-11-30", time: "08:00" });
      expect(past).toMatchObject({ ok: false, code: "slotClosed" });
      // A stored closure holds as for customers.
      await database.db.insert(closures).values({ fromDate: DAY, toDate: DAY, name: "Betriebsausflug" });
      const closed = await enter({ ...caller, date: DAY, time: "10:00" });
      expect(closed).toMatchObject({ ok: false, code: "slotClosed" });
      const response = await api.request("/api/v1/admin/appointments", {
        cookie,
        json: { ...caller, date: "2030-12-25", time: "10:00" },
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toContain("Am 25.12.2030 sind keine Termine möglich");
    });

    it("with an address: the confirmation with its invite and the personal link; notifyCustomer false sends none; beantragt sends the receipt", async () => {
      const confirmed = await enter({ ...caller, email: "karl@example.at", date: DAY, time: "10:00" });
      if (!confirmed.ok) throw new Error(confirmed.code);
      expect(confirmed.value.emailQueued).toBe(true);
      const [mail] = await mails(confirmed.value.id);
      expect(mail).toMatchObject({ recipient: "karl@example.at", template: "appointment-confirmed" });
      expect(mail!.params.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const quiet = await enter({ ...caller, email: "leise@example.at", date: DAY, time: "11:00", notifyCustomer: false });
      if (!quiet.ok) throw new Error(quiet.code);
      expect(await mails(quiet.value.id)).toEqual([]);
      const requested = await enter({
        ...caller,
        email: "anfrage@example.at",
        date: DAY,
        time: "12:00",
        status: "beantragt",
        source: "counter",
      });
      if (!requested.ok) throw new Error(requested.code);
      expect((await mails(requested.value.id)).map((row) => row.template)).toEqual(["booking-received-customer"]);
      expect(await trail(requested.value.id)).toEqual([{ action: "enter", reason: "counter", actor: "lehrling@happycar.example" }]);
    });

    it("a taken time is 409; 'Trotzdem eintragen' holds what is free, is marked überbucht, and never holds a resource twice", async () => {
      await setWorkshop(database.db, { lift: 2, mechanic: 1 });
      const first = await enter({ ...caller, date: DAY, time: "10:00" });
      if (!first.ok) throw new Error(first.code);
      const taken = await enter({ ...caller, date: DAY, time: "10:00" });
      expect(taken).toMatchObject({ ok: false, code: "slot-taken" });
      const response = await api.request("/api/v1/admin/appointments", { cookie, json: { ...caller, date: DAY, time: "10:00" } });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ error: moveMessages["slot-taken"], code: "slot-taken" });
      const anyway = await enter({ ...caller, date: DAY, time: "10:00", override: { reason: "Stammkunde, kommt früh" } });
      if (!anyway.ok) throw new Error(anyway.code);
      expect(anyway.value.overbooked).toBe(true);
      // The second lift was free; the one mechanic was not.
      expect(await holdsOf(anyway.value.id)).toEqual(["Hebebühne 2"]);
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, anyway.value.id));
      expect(row).toMatchObject({ overrideReason: "Stammkunde, kommt früh", overbooked: true });
      expect((await trail(anyway.value.id)).map((entry) => [entry.action, entry.reason])).toContainEqual([
        "override.overbooked",
        "Stammkunde, kommt früh",
      ]);
      expect(await doubleHolds(database)).toBe(0);
      // An override without a reason is refused like any bad field.
      expect(await enter({ ...caller, date: DAY, time: "10:00", override: { reason: " " } })).toMatchObject({ ok: false, code: "invalid" });
    });
  });

  describe("PATCH /api/v1/admin/appointments/:id", () => {
    it("changes the contact and the car, audited by field name; bad input is 400 and changes nothing", async () => {
      const entered = await enter({ ...caller, date: DAY, time: "10:00" });
      if (!entered.ok) throw new Error(entered.code);
      const id = entered.value.id;
      const response = await api.request(`/api/v1/admin/appointments/${id}`, {
        method: "PATCH",
        cookie,
        json: { phone: "01 234 5678", email: "karl@example.at", licensePlate: "W-123 AB", handover: "drop_off" },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ moved: false, changed: ["email", "phone", "licensePlate", "handover"] });
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({
        phone: "01 234 5678",
        email: "karl@example.at",
        licensePlate: "W-123 AB",
        licensePlateNormalized: "W123AB",
      });
      const bad = await api.request(`/api/v1/admin/appointments/${id}`, {
        method: "PATCH",
        cookie,
        json: { handover: "pickup", phone: "x" },
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { fields: Record<string, string> }).fields.pickupAddress).toBe(
        "Bitte geben Sie für den Hol- und Bringservice die Abholadresse an.",
      );
      expect((await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.phone).toBe("01 234 5678");
    });

    it("a pick-up is held to the postal codes of 'Einstellungen' (issue 29); a kept address stays valid after the area shrank", async () => {
      const pickup = { handover: "pickup", pickupAddress: "Praterstraße 1, 1020 Wien" };
      const entered = await enter({ ...caller, ...pickup, date: DAY, time: "10:00" });
      if (!entered.ok) throw new Error(entered.code);
      await changeFacts(database.db, (facts) => ({
        workshop: { ...facts.workshop, phones: [{ label: "Werkstatt", number: "01 604 22 11" }] },
        bookingRules: { ...facts.bookingRules, pickupPostalCodes: ["2340"] },
      }));
      const refused = await enter({ ...caller, ...pickup, date: DAY, time: "11:00" });
      expect(refused).toMatchObject({
        ok: false,
        code: "invalid",
        fields: {
          pickupAddress:
            "Unseren Hol- und Bringservice bieten wir nur für die Postleitzahl 2340 an. Für eine Abholung von außerhalb rufen Sie uns bitte an: 01 604 22 11.",
        },
      });
      expect(
        (await enter({ ...caller, handover: "pickup", pickupAddress: "Hauptstraße 5, 2340 Mödling", date: DAY, time: "11:00" })).ok,
      ).toBe(true);
      // The appointment entered before keeps its address for any other change; a new one is held to the area.
      expect((await change(entered.value.id, { phone: "01 999 88 77" })).ok).toBe(true);
      expect(await change(entered.value.id, { pickupAddress: "Praterstraße 3, 1020 Wien" })).toMatchObject({ ok: false, code: "invalid" });
    });

    it("moves a confirmed appointment: holds follow, the trail has old and new, the reminder is armed again and the customer gets the updated invite", async () => {
      const entered = await enter({ ...caller, email: "karl@example.at", date: DAY, time: "10:00" });
      if (!entered.ok) throw new Error(entered.code);
      const id = entered.value.id;
      await database.db.update(appointments).set({ reminderQueuedAt: NOW }).where(eq(appointments.id, id));
      const moved = await change(id, { date: NEXT_DAY, time: "14:00" });
      expect(moved).toMatchObject({ ok: true, value: { moved: true, date: NEXT_DAY, time: "14:00", emailQueued: true } });
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({ date: NEXT_DAY, time: "14:00", inviteSequence: 1, reminderQueuedAt: null, status: "bestätigt" });
      const [hold] = await database.db
        .select()
        .from(appointmentResources)
        .where(and(eq(appointmentResources.appointmentId, id), eq(appointmentResources.active, true)));
      expect(hold!.startsAt.toISOString()).toBe("2026-12-03T13:00:00.000Z");
      expect((await trail(id)).map((entry) => [entry.action, entry.reason])).toContainEqual(["move", `${DAY} 10:00 → ${NEXT_DAY} 14:00`]);

      const [confirmation, movedMail] = await mails(id);
      expect(movedMail).toMatchObject({ template: "appointment-moved", recipient: "karl@example.at" });
      const render = (mail: typeof confirmation) => renderEmail({ ...mail!, params: mail!.params }, PUBLIC_URL);
      const movedEmail = render(movedMail);
      expect(movedEmail.subject).toBe("Ihr Termin wurde verschoben");
      expect(movedEmail.text).toContain("Bisher: 02.12.2026, 10:00 Uhr");
      expect(movedEmail.text).toContain("03.12.2026");
      const before = parseInvite(render(confirmation).attachments[0]!.content);
      const after = parseInvite(movedEmail.attachments[0]!.content);
      expect(after.method).toBe("REQUEST");
      expect(after.uid).toBe(before.uid);
      expect(after.sequence).toBeGreaterThan(before.sequence);
      expect(after.start).toBe("2026-12-03T14:00:00");
    });

    it("a move away from a day tells that day's waiting list that a time freed up (once per appointment)", async () => {
      const entered = await enter({ ...caller, email: "karl@example.at", date: DAY, time: "10:00" });
      if (!entered.ok) throw new Error(entered.code);
      const [waiting] = await database.db
        .insert(waitlistEntries)
        .values({ name: "Wanda Warte", email: "wanda@example.at", phone: "0660 1", date: DAY, service: "Ölwechsel" })
        .returning();
      expect((await change(entered.value.id, { date: NEXT_DAY, time: "14:00" })).ok).toBe(true);
      const told = await database.db.select().from(waitlistNotifications).where(eq(waitlistNotifications.entryId, waiting!.id));
      expect(told.map((row) => row.freedKey)).toEqual([`appointment:${entered.value.id}`]);
      const freed = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "waitlist-slot-free"));
      expect(freed.map((mail) => mail.recipient)).toEqual(["wanda@example.at"]);
    });

    it("with one inspection place and one mechanic, a move to a time overlapping its own old one succeeds (its old holds do not count)", async () => {
      // The §57a takes 60 minutes: 09:30 overlaps its own 09:00–10:00 on the one inspection place and mechanic.
      const inspection = await enter({ ...caller, service: "§57a Überprüfung", date: DAY, time: "09:00" });
      if (!inspection.ok) throw new Error(inspection.code);
      expect(await change(inspection.value.id, { time: "09:30" })).toMatchObject({ ok: true });
      expect(await holdsOf(inspection.value.id)).toEqual(["Mechaniker:in 1", "§57a-Prüfplatz"]);
    });

    it("a move may overlap its own old time; a taken time is 409 with nothing changed; resourceIds name the lift", async () => {
      await setWorkshop(database.db, { lift: 2, mechanic: 2 });
      const wartung = await enter({ ...caller, service: "Wartung", date: DAY, time: "09:00" });
      if (!wartung.ok) throw new Error(wartung.code);
      const other = await enter({ ...caller, date: DAY, time: "13:00" });
      if (!other.ok) throw new Error(other.code);
      expect(await change(wartung.value.id, { time: "09:30" })).toMatchObject({ ok: true });
      const lifts = Object.fromEntries((await database.db.select().from(resources)).map((row) => [row.name, row.id]));
      const otherLift = (await holdsOf(other.value.id)).find((name) => name.startsWith("Hebebühne"))!;
      const freeLift = otherLift === "Hebebühne 1" ? "Hebebühne 2" : "Hebebühne 1";
      // The lift the other one holds at 13:00 is taken: 409 resourceTaken, the appointment stays at 09:30.
      const refused = await api.request(`/api/v1/admin/appointments/${wartung.value.id}`, {
        method: "PATCH",
        cookie,
        json: { time: "13:00", resourceIds: [lifts[otherLift]] },
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: "resourceTaken", error: moveMessages.resourceTaken });
      expect((await database.db.select().from(appointments).where(eq(appointments.id, wartung.value.id)))[0]!.time).toBe("09:30");
      expect(await change(wartung.value.id, { time: "13:00", resourceIds: [lifts[freeLift]] })).toMatchObject({ ok: true });
      expect(await holdsOf(wartung.value.id)).toContain(freeLift);
      // Both mechanics are busy at 13:00 now: a third appointment cannot move there.
      const third = await enter({ ...caller, date: DAY, time: "15:00" });
      if (!third.ok) throw new Error(third.code);
      expect(await change(third.value.id, { time: "13:00" })).toMatchObject({ ok: false, code: "slot-taken" });
      expect((await database.db.select().from(appointments).where(eq(appointments.id, third.value.id)))[0]!.time).toBe("15:00");
      expect(await doubleHolds(database)).toBe(0);
    });

    it("several services in one entry, and PATCH changes the services: duration, holds and trail follow; a visit that no longer fits is 409 and changes nothing", async () => {
      await setWorkshop(database.db, { lift: 1, mechanic: 2, inspection: 1 });
      const row = async (id: string) => (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
      const visit = await enter({ ...caller, services: ["Ölwechsel", "§57a Überprüfung"], date: DAY, time: "09:00" });
      if (!visit.ok) throw new Error(visit.code);
      const id = visit.value.id;
      expect(await row(id)).toMatchObject({ service: "Ölwechsel", additionalServices: ["§57a Überprüfung"], durationMinutes: 90 });
      expect((await holdsOf(id)).some((name) => name.includes("57a"))).toBe(true);
      const later = await enter({ ...caller, date: DAY, time: "11:00" });
      if (!later.ok) throw new Error(later.code);

      // An oil change alone: half an hour, no inspection place any more.
      expect(await change(id, { services: ["Ölwechsel"] })).toMatchObject({
        ok: true,
        value: { changed: expect.arrayContaining(["services"]) },
      });
      expect(await row(id)).toMatchObject({ service: "Ölwechsel", additionalServices: [], durationMinutes: 30 });
      expect((await holdsOf(id)).some((name) => name.includes("57a"))).toBe(false);
      expect(await trail(id)).toContainEqual(expect.objectContaining({ action: "change", reason: expect.stringContaining("services") }));

      // Five services last until 11:30, when the only lift is the later appointment's: 409, nothing changed.
      const five = ["Ölwechsel", "Bremsenservice", "Reifenservice", "Wartung", "Reparaturen"];
      expect(await change(id, { services: five })).toMatchObject({ ok: false, code: "slot-taken" });
      expect(await row(id)).toMatchObject({ service: "Ölwechsel", additionalServices: [], durationMinutes: 30 });
      expect(await holdsOf(id)).toEqual(expect.arrayContaining(["Hebebühne 1"]));

      // `service` alone over HTTP: the electrics need a mechanic and no lift.
      const response = await api.request(`/api/v1/admin/appointments/${id}`, { method: "PATCH", cookie, json: { service: "Elektrik" } });
      expect(response.status).toBe(200);
      expect(await row(id)).toMatchObject({ service: "Elektrik", additionalServices: [], durationMinutes: 30 });
      expect((await holdsOf(id)).some((name) => name.startsWith("Hebebühne"))).toBe(false);
      // An unknown service is 400 with the booking's words.
      expect(await change(id, { service: "Tuning" })).toMatchObject({
        ok: false,
        code: "invalid",
        fields: { service: expect.any(String) },
      });
      expect(await doubleHolds(database)).toBe(0);
    });

    it("a cancelled appointment is not moved (409), an unknown one is 404", async () => {
      const entered = await enter({ ...caller, date: DAY, time: "10:00" });
      if (!entered.ok) throw new Error(entered.code);
      await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, entered.value.id));
      expect(await change(entered.value.id, { time: "11:00" })).toMatchObject({ ok: false, code: "conflict" });
      const unknown = await api.request("/api/v1/admin/appointments/00000000-0000-4000-8000-000000000000", {
        method: "PATCH",
        cookie,
        json: { time: "11:00" },
      });
      expect(unknown.status).toBe(404);
    });

    it("confirming a request keeps the invite's sequence: a moved request's confirmation carries it", async () => {
      const requested = await enter({
        ...caller,
        email: "karl@example.at",
        date: DAY,
        time: "10:00",
        status: "beantragt",
        notifyCustomer: false,
      });
      if (!requested.ok) throw new Error(requested.code);
      expect(await change(requested.value.id, { time: "11:00" })).toMatchObject({ ok: true, value: { emailQueued: false } });
      expect((await confirmAppointment(database.db, { id: requested.value.id, admin: staff, now: NOW })).ok).toBe(true);
      const [confirmation] = await mails(requested.value.id);
      expect(
        parseInvite(renderEmail({ ...confirmation!, params: confirmation!.params }, PUBLIC_URL).attachments[0]!.content).sequence,
      ).toBe(1);
    });
  });

  describe("'Termin verschieben' on the personal link", () => {
    const config = {
      cancelCutoffHours: 24,
      linkDaysAfter: 30,
      rateLimit: 0,
      rateLimitWindowSeconds: 600,
      workshopEmail: "werkstatt@happycar.example",
    };
    async function confirmedWithLink(date = DAY, time = "10:00", now = NOW) {
      const entered = await enter({ ...caller, email: "karl@example.at", date, time }, now);
      if (!entered.ok) throw new Error(entered.code);
      return { id: entered.value.id, token: await createCustomerLink(database.db, entered.value.id, now) };
    }
    const moveOnLink = (token: string, date: string, time: string, now = NOW) =>
      moveByCustomer(database.db, { token, date, time, now, clientIp: "203.0.113.9", config });

    it("moves a confirmed appointment: it stays confirmed, the workshop hears of it, the customer gets the updated invite, the link shows the new time", async () => {
      const { id, token } = await confirmedWithLink();
      const moved = await moveOnLink(token, NEXT_DAY, "14:00");
      expect(moved).toMatchObject({ ok: true, value: { date: NEXT_DAY, time: "14:00", status: "bestätigt" } });
      const shown = await findCustomerAppointment(database.db, token, { now: NOW, config });
      expect(shown).toMatchObject({ date: NEXT_DAY, time: "14:00", status: "bestätigt" });
      const sent = (await mails(id)).map((mail) => [mail.template, mail.recipient]);
      expect(sent).toEqual([
        ["appointment-confirmed", "karl@example.at"],
        ["appointment-moved", "karl@example.at"],
        ["customer-moved-workshop", "werkstatt@happycar.example"],
      ]);
      const workshopMail = (await mails(id))[2]!;
      expect(renderEmail({ ...workshopMail, params: workshopMail.params }, PUBLIC_URL).subject).toBe("Termin vom Kunden verschoben");
      expect((await trail(id)).map((entry) => [entry.action, entry.actor, entry.reason])).toContainEqual([
        "move",
        "Kunde (persönlicher Link)",
        `${DAY} 10:00 → ${NEXT_DAY} 14:00`,
      ]);
    });

    it("only to a time the day picker offers (lead time, taken), and not within the cutoff before the old start", async () => {
      const { token } = await confirmedWithLink();
      // 09:30 today is inside the customers' lead time (the workshop could enter it).
      expect(await moveOnLink(token, "2026-11-30", "10:00")).toMatchObject({ ok: false, code: "slotClosed" });
      const other = await enter({ ...caller, date: NEXT_DAY, time: "11:00" });
      if (!other.ok) throw new Error(other.code);
      expect(await moveOnLink(token, NEXT_DAY, "11:00")).toMatchObject({ ok: false, code: "slot-taken" });
      // 23 hours before the old start: too late, call instead.
      expect(await moveOnLink(token, NEXT_DAY, "15:00", new Date("2026-12-01T10:00:00Z"))).toMatchObject({ ok: false, code: "too-late" });
    });

    it("at most three moves by the customer; the workshop's moves do not count", async () => {
      const { id, token } = await confirmedWithLink();
      for (const time of ["11:00", "12:00", "13:00"]) expect((await moveOnLink(token, NEXT_DAY, time)).ok).toBe(true);
      expect((await change(id, { time: "14:00" })).ok).toBe(true);
      expect(await moveOnLink(token, NEXT_DAY, "15:00")).toMatchObject({ ok: false, code: "tooManyMoves" });
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({ customerMoves: 3, time: "14:00", inviteSequence: 4 });
    });

    it("across the spring clock change: the hold and the invite keep the Vienna wall clock (TZ=UTC)", async () => {
      // Friday 26 March 2027 (CET, UTC+1) to Tuesday 30 March 2027 (CEST, UTC+2; the Monday is Easter Monday).
      const now = new Date("2027-03-20T09:00:00+01:00");
      const { id, token } = await confirmedWithLink("2027-03-26", "10:00", now);
      expect(await moveOnLink(token, "2027-03-30", "10:00", now)).toMatchObject({ ok: true });
      const [hold] = await database.db
        .select()
        .from(appointmentResources)
        .where(and(eq(appointmentResources.appointmentId, id), eq(appointmentResources.active, true)));
      expect(hold!.startsAt.toISOString()).toBe("2027-03-30T08:00:00.000Z");
      const movedMail = (await mails(id)).find((mail) => mail.template === "appointment-moved")!;
      const invite = parseInvite(renderEmail({ ...movedMail, params: movedMail.params }, PUBLIC_URL).attachments[0]!.content);
      expect(invite.start).toBe("2027-03-30T10:00:00");
      expect(invite.sequence).toBe(1);
    });
  });

  describe("'Termin eintragen' as a plain form (/admin/termine/neu, without JavaScript)", () => {
    async function post(fields: Record<string, string>) {
      const request = new Request("http://127.0.0.1/admin/termine/neu", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      const args = await routeArgs(request, { db: database.db });
      args.context.set(adminContext, staff);
      return (await newAppointmentAction(args as never)) as unknown;
    }
    const form = {
      name: "Karl Anrufer",
      phone: "0664 7654321",
      service: "Ölwechsel",
      time: "10:00",
      status: "bestätigt",
      source: "counter",
    };

    it("'Weitere Leistungen': the ticked services join the visit (its duration and holds); the box of the chosen 'Leistung' asks for nothing more", async () => {
      const date = openDayFromToday(3);
      const entered = await post({ ...form, date, intent: "enter", "weitere-1": "§57a Überprüfung", "weitere-3": "Ölwechsel" });
      expect((entered as Response).status).toBe(303);
      const [row] = await database.db.select().from(appointments);
      expect(row).toMatchObject({ service: "Ölwechsel", additionalServices: ["§57a Überprüfung"], durationMinutes: 90 });
      expect((await holdsOf(row!.id)).some((name) => name.includes("57a"))).toBe(true);
      const single = await post({ ...form, date, time: "14:00", intent: "enter", "weitere-3": "Ölwechsel" });
      expect((single as Response).status).toBe(303);
      const [alone] = await database.db.select().from(appointments).where(eq(appointments.time, "14:00"));
      expect(alone).toMatchObject({ additionalServices: [], durationMinutes: 30 });
    });

    it("enters the appointment and goes to its page; a taken time answers 409 and offers 'Trotzdem eintragen', which then places it überbucht", async () => {
      const date = openDayFromToday(3);
      const entered = await post({ ...form, date, intent: "enter" });
      expect(entered).toBeInstanceOf(Response);
      expect((entered as Response).status).toBe(303);
      const [row] = await database.db.select().from(appointments);
      expect((entered as Response).headers.get("Location")).toBe(`/admin/termine/${row!.id}`);
      // The checkbox was not sent: no e-mail, and there is no address anyway.
      expect(row).toMatchObject({ source: "counter", email: null, status: "bestätigt" });
      const taken = (await post({ ...form, date, intent: "enter" })) as {
        data: { error: string; canOverride: boolean };
        init: { status: number };
      };
      expect(taken.init.status).toBe(409);
      expect(taken.data).toMatchObject({ error: moveMessages["slot-taken"], canOverride: true });
      const anyway = await post({ ...form, date, intent: "override", overrideReason: "Chef sagt ja" });
      expect((anyway as Response).status).toBe(303);
      expect(
        (await database.db.select().from(appointments).where(eq(appointments.overbooked, true))).map((entry) => entry.overrideReason),
      ).toEqual(["Chef sagt ja"]);
    });
  });

  if (kind === "postgres") {
    describe("races on PostgreSQL", () => {
      it("entries, moves and a longer visit into one last free lift at once: exactly one wins, the others are 409, no resource is held twice", async () => {
        const waiting: string[] = [];
        for (const time of ["08:00", "11:00", "12:00", "13:00"]) {
          const entered = await enter({ ...caller, date: time === "08:00" ? NEXT_DAY : DAY, time });
          if (!entered.ok) throw new Error(entered.code);
          waiting.push(entered.value.id);
        }
        // An oil change at 09:30 that becomes an hour with the brakes (issue 28) wants 10:00 too.
        const longer = await enter({ ...caller, date: DAY, time: "09:30" });
        if (!longer.ok) throw new Error(longer.code);
        // Every placement has chosen before any of them writes its holds (the gate on appointment_resources).
        const results = await withWritesHeldBack<{ ok: boolean; code?: string }>(
          database,
          9,
          () => [
            ...waiting.map((id) => change(id, { date: DAY, time: "10:00" })),
            ...[1, 2, 3, 4].map(() => enter({ ...caller, date: DAY, time: "10:00" })),
            change(longer.value.id, { services: ["Ölwechsel", "Bremsenservice"] }),
          ],
          "appointment_resources",
        );
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        for (const result of results) if (!result.ok) expect(result.code).toBe("slot-taken");
        expect(await doubleHolds(database)).toBe(0);
      });

      it("two moves across two days in opposite directions at once both complete (the days' locks in date order)", async () => {
        await setWorkshop(database.db, { lift: 2, mechanic: 2 });
        const rounds = 5;
        for (let round = 0; round < rounds; round += 1) {
          const a = await enter({ ...caller, date: DAY, time: "08:00" });
          const b = await enter({ ...caller, date: NEXT_DAY, time: "08:00" });
          if (!a.ok || !b.ok) throw new Error("not entered");
          const [moveA, moveB] = await Promise.all([
            change(a.value.id, { date: NEXT_DAY, time: "15:00" }),
            change(b.value.id, { date: DAY, time: "15:00" }),
          ]);
          expect([moveA.ok, moveB.ok]).toEqual([true, true]);
          await database.db.delete(appointments);
        }
      });
    });
  }
}

/** Pairs of active holds of one resource that overlap (the exclusion constraint's question): always 0. */
async function doubleHolds(database: TestDatabase): Promise<number> {
  const rows = await database.db.execute(sql`
    select count(*)::int as n from appointment_resources a join appointment_resources b
      on a.resource_id = b.resource_id and a.id < b.id and a.active and b.active
      and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')`);
  return resultRows<{ n: number }>(rows)[0]!.n;
}

/** The invite's METHOD, UID, SEQUENCE and wall-clock start as a calendar reads them (ical.js). */
export function parseInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method") as string,
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toString(),
  };
}

describe.each(testDatabaseKinds)("entering and moving appointments on %s", suite);

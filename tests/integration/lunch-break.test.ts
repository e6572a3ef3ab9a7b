import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import type { Weekday } from "~/config/site";
import { adminContext } from "~/context";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointments } from "~/db/schema";
import type { WeekHours } from "~/domain/workshop";
import { action as newAppointmentAction } from "~/routes/admin/new-appointment";
import { enterAppointment } from "~/services/appointment-moves.server";
import { customerMoveSlots, findCustomerAppointment, moveByCustomer, selfServiceConfig } from "~/services/customer-appointment.server";
import { changeWorkshopFacts, readWorkshopFacts } from "~/services/workshop-facts.server";
import { bookingRequest } from "../support/booking-config";
import { type DatabaseKind, testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf, weekdayAhead } from "../support/factories";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";
import { postBookingForm, routeArgs } from "../support/route-args";

/**
 * Issue 29: the lunch break of 'Einstellungen' (12:00–13:00, Monday to Friday) is taken out of every
 * path that offers, places or moves an appointment: the slots, the 100-day availability, the request
 * (API and plain form), the customer's move on the personal link, the board's entry and move
 * ('Trotzdem eintragen' may still place into it), and the list of appointments the new hours exclude.
 * The HTTP paths use the real clock, so the day is the first weekday at least three days ahead.
 */

const LUNCH = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };
const INSPECTION = "§57a Überprüfung"; // 60 minutes
const OUT_OF_HOURS_START = "Um 12:00 Uhr beginnt an diesem Tag kein Termin.";
const INTO_THE_BREAK =
  "Diese Leistung dauert 1 Stunde: Ein Termin um 11:30 Uhr würde in die Mittagspause (12:00–13:00 Uhr) reichen. Bitte wählen Sie eine andere Uhrzeit.";

function suite(kind: DatabaseKind) {
  const database = useTestDatabase(kind);
  const api = useApiApp(database);
  useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0", WORKSHOP_EMAIL: "werkstatt@happycar.example" });
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  let staffCookie: string;
  const day = weekdayAhead(3);

  /** The owner gives Monday to Friday a lunch break on 'Einstellungen'. */
  async function setLunchBreak() {
    const { facts } = await readWorkshopFacts(database.db);
    const hours = { ...facts.hours } as WeekHours;
    for (const weekdayNumber of [1, 2, 3, 4, 5] as Weekday[]) hours[weekdayNumber] = LUNCH;
    const saved = await changeWorkshopFacts(database.db, { admin: owner, change: { hours }, config: {}, now: new Date() });
    if (!saved.ok) throw new Error(saved.code);
    return saved.value;
  }

  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "chefin@happycar.example", role: "owner" });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", role: "staff" });
    staffCookie = await sessionCookieOf(database.db, staff.id);
  });

  describe("with the break set", () => {
    beforeEach(setLunchBreak);

    it("GET /api/v1/slots: no start in the break, and a 60-minute service cannot start half an hour before it", async () => {
      const slots = async (service?: string) => {
        const query = service ? `&service=${encodeURIComponent(service)}` : "";
        const response = await api.request(`/api/v1/slots?date=${day}${query}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as { slots: Array<{ time: string; available: boolean }> };
        return new Map(body.slots.map((slot) => [slot.time, slot.available]));
      };
      const oneSlot = await slots();
      expect(oneSlot.has("12:00")).toBe(false);
      expect(oneSlot.has("12:30")).toBe(false);
      expect(oneSlot.get("11:30")).toBe(true);
      expect(oneSlot.get("13:00")).toBe(true);
      const inspection = await slots(INSPECTION);
      expect(inspection.get("11:00")).toBe(true);
      expect(inspection.get("11:30")).toBe(false);
      expect(inspection.get("13:00")).toBe(true);
      // Two services together (30 + 30 minutes) are one hour too.
      const visit = await api.request(`/api/v1/slots?date=${day}&service=%C3%96lwechsel&service=Reifenservice`);
      const visitSlots = ((await visit.json()) as { slots: Array<{ time: string; available: boolean }> }).slots;
      expect(visitSlots.find((slot) => slot.time === "11:30")?.available).toBe(false);
    });

    it("GET /api/v1/availability counts no start that overlaps the break", async () => {
      const response = await api.request(`/api/v1/availability?from=${day}&to=${day}&service=${encodeURIComponent(INSPECTION)}`);
      expect(response.status).toBe(200);
      const { days } = (await response.json()) as { days: Array<{ date: string; freeSlots: number }> };
      // 08:00–11:00 and 13:00–17:00: 7 + 9 starts (19 without the break).
      expect(days).toEqual([expect.objectContaining({ date: day, freeSlots: 16 })]);
    });

    it("POST /api/v1/appointments refuses a start in the break and a service running into it, as a time outside the hours; nothing stored", async () => {
      const inBreak = await api.request("/api/v1/appointments", { json: bookingRequest(day, { time: "12:00" }) });
      expect(inBreak.status).toBe(400);
      expect(((await inBreak.json()) as { fields: Record<string, string> }).fields.time).toBe(OUT_OF_HOURS_START);
      const intoIt = await api.request("/api/v1/appointments", { json: bookingRequest(day, { time: "11:30", service: INSPECTION }) });
      expect(intoIt.status).toBe(400);
      expect(((await intoIt.json()) as { fields: Record<string, string> }).fields.time).toBe(INTO_THE_BREAK);
      const visit = await api.request("/api/v1/appointments", {
        json: bookingRequest(day, { time: "11:30", service: "Ölwechsel", services: ["Ölwechsel", "Reifenservice"] }),
      });
      expect(visit.status).toBe(400);
      expect(await database.db.$count(appointments)).toBe(0);
      const before = await api.request("/api/v1/appointments", { json: bookingRequest(day, { time: "11:00", service: INSPECTION }) });
      expect(before.status).toBe(201);
    });

    it("the plain booking form (no JavaScript) gives the same refusal at the time field", async () => {
      const fields = { "booking-service": INSPECTION, "booking-date": day, "booking-time": "11:30" };
      const answer = (await postBookingForm(database.db, fields)) as unknown as {
        data: { fields: Record<string, string> };
        init: { status: number };
      };
      expect(answer.init.status).toBe(400);
      expect(answer.data.fields.time).toBe(INTO_THE_BREAK);
      expect(await database.db.$count(appointments)).toBe(0);
    });

    describe("the customer's move on the personal link", () => {
      // The environment's (useEnv above: no rate limit), as the page's action reads it.
      const config = () => selfServiceConfig(database.db);
      async function bookedWithLink(service = INSPECTION) {
        const row = await insertAppointment(database.db, {
          date: weekdayAhead(10),
          time: "09:00",
          service,
          durationMinutes: 60,
          email: "karl@example.at",
          status: "bestätigt",
        });
        return { id: row.id, token: await createCustomerLink(database.db, row.id, new Date()) };
      }

      it("a move into the break is refused (a start in it as outside the hours, work running into it naming the break); just before it passes", async () => {
        const { id, token } = await bookedWithLink();
        const move = async (time: string) =>
          moveByCustomer(database.db, { token, date: day, time, now: new Date(), clientIp: "203.0.113.9", config: await config() });
        expect(await move("12:00")).toMatchObject({ ok: false, code: "slotClosed", problem: { code: "no-start" } });
        expect(await move("11:30")).toMatchObject({
          ok: false,
          code: "slotClosed",
          problem: { code: "ends-in-break", breakFrom: "12:00", breakTo: "13:00" },
        });
        expect((await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]).toMatchObject({ time: "09:00" });
        expect(await move("11:00")).toMatchObject({ ok: true, value: { date: day, time: "11:00" } });
      });

      it("the page's day picker offers no time that overlaps the break, for the visit's length", async () => {
        const { token } = await bookedWithLink();
        const shown = await findCustomerAppointment(database.db, token, { now: new Date(), config: await config() });
        const picked = await customerMoveSlots(database.db, shown!, day, new Date());
        const free = picked.open ? picked.slots.filter((slot) => slot.available).map((slot) => slot.time) : [];
        expect(free).toContain("11:00");
        expect(free).toContain("13:00");
        expect(free).not.toContain("11:30");
        expect(free).not.toContain("12:00");
      });
    });

    describe("the board", () => {
      const caller = { name: "Karl Anrufer", phone: "0664 7654321", service: INSPECTION, date: day };

      it("POST /api/v1/admin/appointments into the break: 409 with the German reason; 'Trotzdem eintragen' places it", async () => {
        const refused = await api.request("/api/v1/admin/appointments", { cookie: staffCookie, json: { ...caller, time: "11:30" } });
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({ code: "slotClosed", error: INTO_THE_BREAK, fields: { time: INTO_THE_BREAK } });
        const inBreak = await api.request("/api/v1/admin/appointments", { cookie: staffCookie, json: { ...caller, time: "12:00" } });
        expect(inBreak.status).toBe(409);
        expect(((await inBreak.json()) as { error: string }).error).toBe(OUT_OF_HOURS_START);
        expect(await database.db.$count(appointments)).toBe(0);

        const anyway = await api.request("/api/v1/admin/appointments", {
          cookie: staffCookie,
          json: { ...caller, time: "11:30", override: { reason: "Kunde kann nur zu Mittag" } },
        });
        expect(anyway.status).toBe(201);
        const [row] = await database.db.select().from(appointments);
        expect(row).toMatchObject({ time: "11:30", overrideReason: "Kunde kann nur zu Mittag" });
        // The override opens the break only: after closing stays closed.
        const late = await api.request("/api/v1/admin/appointments", {
          cookie: staffCookie,
          json: { ...caller, time: "17:30", override: { reason: "Spät" } },
        });
        expect(late.status).toBe(409);
      });

      it("the plain entry form offers 'Trotzdem eintragen' after a refusal for the break", async () => {
        const request = new Request("http://127.0.0.1/admin/termine/neu", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...caller, time: "11:30", status: "bestätigt", source: "phone", intent: "enter" }),
        });
        const args = await routeArgs(request, { db: database.db });
        args.context.set(adminContext, staff);
        const answer = (await newAppointmentAction(args as never)) as unknown as {
          data: { error: string; canOverride: boolean };
          init: { status: number };
        };
        expect(answer.init.status).toBe(409);
        expect(answer.data).toMatchObject({ error: INTO_THE_BREAK, canOverride: true });
      });

      it("PATCH /api/v1/admin/appointments/:id: a move into the break is 409 with the German reason; after it, 200", async () => {
        const entered = await enterAppointment(database.db, { ...caller, time: "09:00" }, { admin: staff });
        if (!entered.ok) throw new Error(entered.code);
        const patch = (time: string) =>
          api.request(`/api/v1/admin/appointments/${entered.value.id}`, {
            method: "PATCH",
            cookie: staffCookie,
            json: { date: day, time },
          });
        const refused = await patch("11:30");
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({ code: "slotClosed", error: INTO_THE_BREAK });
        expect((await patch("12:30")).status).toBe(409);
        expect((await patch("13:00")).status).toBe(200);
      });
    });
  });

  it("a new break lists the future appointments that now overlap it, also those only running into it", async () => {
    const into = await insertAppointment(database.db, { date: day, time: "11:30", durationMinutes: 60, status: "bestätigt" });
    const inside = await insertAppointment(database.db, { date: day, time: "12:00", durationMinutes: 30 });
    await insertAppointment(database.db, { date: day, time: "11:00", durationMinutes: 60 });
    await insertAppointment(database.db, { date: day, time: "13:00", durationMinutes: 60 });
    const saved = await setLunchBreak();
    expect(saved.outsideHours.map((row) => row.id)).toEqual([into.id, inside.id]);
  });
}

describe.each(testDatabaseKinds)("the lunch break on %s (issue 29)", suite);

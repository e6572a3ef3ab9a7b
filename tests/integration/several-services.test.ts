import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BookingFormResult } from "~/components/booking/booking-section";
import { bookableServices } from "~/config/site";
import { resultRows } from "~/db/result-rows";
import { appointmentResources, appointments, emailOutbox, resources } from "~/db/schema";
import { renderEmail } from "~/mail/templates";
import { bookingRefusal } from "~/messages";
import { additionalServiceFormName } from "~/schemas/booking-fields";
import { appointmentDetails, listAppointments } from "~/services/appointment-queries.server";
import { requestAppointment } from "~/services/booking.server";
import { findCustomerAppointment } from "~/services/customer-appointment.server";
import { dayListOf, plannerWeek } from "~/services/planner.server";
import { bookingRequest, renderedBookingForm, testBookingConfig } from "../support/booking-config";
import { type DatabaseKind, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, setWorkshop } from "../support/factories";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";
import { withWritesHeldBack } from "../support/held-back";
import { boardCommands, getAvailability, getDaySlots } from "../support/result-views";
import { postBookingForm } from "../support/route-args";
import { siteVisitFacts } from "../support/slot-rules";

/**
 * Several services in one visit (issue 28, decision 045): the visit lasts the sum of the durations and
 * holds the union of the services' resources for all of it; the slots and the calendar ask for the
 * same; the whole list is stored and named in the e-mails and the invite; inconsistent lists are 400.
 */

// Monday 30 November 2026, 09:00 in Vienna; Wednesday 2 December is open 08:00–18:00 (17:00 UTC).
const NOW = new Date("2026-11-30T09:00:00+01:00");
const DAY = "2026-12-02";
const OIL = "Ölwechsel";
const ELECTRICS = "Elektrik";
const INSPECTION = "§57a Überprüfung";
const PUBLIC_URL = "https://www.happycar.example";
const config = testBookingConfig({ maxOpenRequestsPerEmail: 1000 });

function book(database: TestDatabase, overrides: Record<string, unknown>) {
  return requestAppointment(database.db, bookingRequest(DAY, overrides), { now: NOW, clientIp: "203.0.113.9", config });
}

async function created(database: TestDatabase, overrides: Record<string, unknown>): Promise<string> {
  const result = await book(database, overrides);
  if (!result.ok) throw new Error(result.code);
  return result.value.id;
}

/** Each hold of an appointment: the resource's kind and the hold's instants (UTC), by kind. */
async function holdsOf(database: TestDatabase, appointmentId: string) {
  const rows = await database.db
    .select({ kind: resources.kind, startsAt: appointmentResources.startsAt, endsAt: appointmentResources.endsAt })
    .from(appointmentResources)
    .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
    .where(sql`${appointmentResources.appointmentId} = ${appointmentId} and ${appointmentResources.active}`);
  return rows
    .map((row) => ({ kind: row.kind, from: row.startsAt.toISOString().slice(11, 16), to: row.endsAt.toISOString().slice(11, 16) }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

async function freeTimes(database: TestDatabase, services: string | string[]) {
  const day = await getDaySlots(database.db, DAY, NOW, config, services);
  return day.slots.filter((slot) => slot.available).map((slot) => slot.time);
}

function severalServicesTests(kind: DatabaseKind) {
  const database = useTestDatabase(kind, { poolSize: 40 });
  const api = useApiApp(database);

  it("Ölwechsel + Elektrik holds a lift and a mechanic for 60 minutes and stores both, the first as `service`", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    const id = await created(database, { services: [OIL, ELECTRICS] });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ service: OIL, additionalServices: [ELECTRICS], durationMinutes: 60 });
    // 09:00 in Vienna in winter is 08:00 UTC.
    expect(await holdsOf(database, id)).toEqual([
      { kind: "lift", from: "08:00", to: "09:00" },
      { kind: "mechanic", from: "08:00", to: "09:00" },
    ]);
  });

  it("holds the union of the needs: Elektrik alone a mechanic; with the §57a also the inspection place, for 90 minutes", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    const alone = await created(database, { service: ELECTRICS });
    expect(await holdsOf(database, alone)).toEqual([{ kind: "mechanic", from: "08:00", to: "08:30" }]);
    const both = await created(database, { service: ELECTRICS, services: [ELECTRICS, INSPECTION], time: "10:00" });
    expect(await holdsOf(database, both)).toEqual([
      { kind: "inspection", from: "09:00", to: "10:30" },
      { kind: "mechanic", from: "09:00", to: "10:30" },
    ]);
    const withOil = await created(database, { service: ELECTRICS, services: [ELECTRICS, OIL], time: "12:00" });
    expect((await holdsOf(database, withOil)).map((hold) => hold.kind)).toEqual(["lift", "mechanic"]);
  });

  it("the slots and the calendar ask for the whole visit: the one lift busy at 10:00 rules out 09:30 for 60 minutes, not for 30", async () => {
    await setWorkshop(database.db, { lift: 1, inspection: 1, mechanic: 3 });
    await created(database, { time: "10:00" });
    const visit = await freeTimes(database, [OIL, ELECTRICS]);
    expect(visit).toContain("09:00");
    expect(visit).not.toContain("09:30");
    expect(visit).not.toContain("10:00");
    expect(visit).toContain("10:30");
    expect(await freeTimes(database, OIL)).toContain("09:30");
    // 90 minutes from 17:00 would end after closing (18:00); 60 would not.
    expect(await freeTimes(database, [INSPECTION, OIL])).not.toContain("17:00");
    expect(visit).toContain("17:00");
    const [oneSlot] = await getAvailability(database.db, DAY, DAY, NOW, config, OIL);
    const [twoServices] = await getAvailability(database.db, DAY, DAY, NOW, config, [OIL, ELECTRICS]);
    expect(oneSlot!.freeSlots - twoServices!.freeSlots).toBe(1);
    // A booking of a time the slots call taken is refused.
    expect(await book(database, { services: [OIL, ELECTRICS], time: "09:30" })).toEqual({ ok: false, code: "slot-taken" });
  });

  it("GET /api/v1/slots and /availability take `service` repeated; a duplicate or unknown one is 400 in German", async () => {
    await setWorkshop(database.db, { lift: 1, inspection: 1, mechanic: 3 });
    await created(database, { time: "10:00" });
    // The API reads the real clock: a day a few weeks ahead.
    const date = "2027-01-13";
    await created(database, { date, time: "10:00" });
    const slots = await api.request(`/api/v1/slots?date=${date}&service=${encodeURIComponent(OIL)}&service=${ELECTRICS}`);
    expect(slots.status).toBe(200);
    const day = (await slots.json()) as { slots: Array<{ time: string; available: boolean }> };
    expect(day.slots.find((slot) => slot.time === "09:30")?.available).toBe(false);
    expect(day.slots.find((slot) => slot.time === "09:00")?.available).toBe(true);
    const single = (await (await api.request(`/api/v1/slots?date=${date}&service=${encodeURIComponent(OIL)}`)).json()) as typeof day;
    expect(single.slots.find((slot) => slot.time === "09:30")?.available).toBe(true);

    const duplicate = await api.request(`/api/v1/slots?date=${date}&service=${ELECTRICS}&service=${ELECTRICS}`);
    expect([duplicate.status, await duplicate.json()]).toEqual([400, { error: "Bitte geben Sie jede Leistung (service) nur einmal an." }]);
    const unknown = await api.request(`/api/v1/availability?from=${date}&to=${date}&service=${ELECTRICS}&service=Express-Service`);
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: "Bitte wählen Sie eine der angebotenen Leistungen aus." }]);
    const availability = await api.request(
      `/api/v1/availability?from=${date}&to=${date}&service=${encodeURIComponent(OIL)}&service=${ELECTRICS}`,
    );
    expect(availability.status).toBe(200);
  });

  it("POST /api/v1/appointments: `services` beside `service` is 201; inconsistent lists are 400 with a German message and store nothing", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    const body = { name: "Anna Muster", email: "anna@example.at", phone: "0664 1234567", date: "2027-01-13", time: "09:00" };
    const cases: Array<[unknown, string]> = [
      [{ service: OIL, services: [ELECTRICS, OIL] }, "Die erste der Leistungen (services) muss die gewählte Leistung (service) sein."],
      [
        { service: OIL, services: [OIL, "Zauberei"] },
        "„Zauberei“ ist keine der angebotenen Leistungen. Bitte wählen Sie nur angebotene Leistungen aus.",
      ],
      [
        { service: OIL, services: [OIL, "Express-Service"] },
        "„Express-Service“ ist keine der angebotenen Leistungen. Bitte wählen Sie nur angebotene Leistungen aus.",
      ],
      [
        { service: OIL, services: [OIL, ELECTRICS, OIL] },
        "Die Leistung „Ölwechsel“ ist doppelt angegeben. Bitte wählen Sie jede Leistung nur einmal.",
      ],
      [{ service: OIL, services: "Elektrik" }, "Bitte geben Sie die Leistungen (services) als Liste von Leistungen an."],
      [{ service: OIL, services: [OIL, 7] }, "Bitte geben Sie die Leistungen (services) als Liste von Leistungen an."],
    ];
    for (const [services, message] of cases) {
      const response = await api.request("/api/v1/appointments", { json: { ...body, ...(services as object) } });
      expect(response.status, JSON.stringify(services)).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({ services: message });
    }
    expect(await database.db.select().from(appointments)).toEqual([]);

    const ok = await api.request("/api/v1/appointments", { json: { ...body, service: OIL, services: [OIL, ELECTRICS] } });
    expect(ok.status).toBe(201);
    const alone = await api.request("/api/v1/appointments", { json: { ...body, email: "b@example.at", service: ELECTRICS } });
    expect(alone.status).toBe(201);
    const rows = await database.db.select().from(appointments).orderBy(appointments.email);
    expect(rows.map((row) => [row.service, row.additionalServices, row.durationMinutes])).toEqual([
      [OIL, [ELECTRICS], 60],
      [ELECTRICS, [], 30],
    ]);
  });

  it("the receipt, the workshop's notice, the confirmation and its invite list every service", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    const id = await created(database, { services: [OIL, ELECTRICS] });
    const admin = await createAdminIdentity(database.db, { passwordHash: "x" });
    expect(await boardCommands.confirmAppointment(database.db, { id, admin })).toEqual({ ok: true, status: "bestätigt" });
    const mails = await database.db.select().from(emailOutbox).orderBy(emailOutbox.template);
    expect(mails.map((mail) => mail.template)).toEqual(["appointment-confirmed", "booking-received-customer", "booking-received-workshop"]);
    for (const mail of mails) {
      expect(mail.params).toMatchObject({ service: OIL, services: `${OIL}\n${ELECTRICS}` });
      const rendered = renderEmail(mail, PUBLIC_URL);
      expect(rendered.text, mail.template).toContain("Leistungen: Ölwechsel, Elektrik");
      expect(rendered.html).toContain("Ölwechsel, Elektrik");
    }
    const invite = renderEmail(mails[0]!, PUBLIC_URL).attachments[0]!.content;
    expect(invite).toContain("SUMMARY:Ölwechsel\\, Elektrik – Happy Car");
    expect(invite).toMatch(/DESCRIPTION:Ihr Termin bei Happy Car: Ölwechsel\\, Elektrik\./);
    // The invite lasts the whole visit: 09:00–10:00 in Vienna.
    expect(invite).toMatch(/DTEND;TZID=Europe\/Vienna:20261202T100000/);
  });

  it("a visit of one service keeps its e-mails as before: 'Leistung' and no list", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    await created(database, { services: [OIL] });
    for (const mail of await database.db.select().from(emailOutbox)) {
      expect(mail.params).not.toHaveProperty("services");
      expect(renderEmail(mail, PUBLIC_URL).text).toContain("Leistung: Ölwechsel");
    }
  });

  it("the board's list and details, the planner, the day list and the personal link read every service", async () => {
    await setWorkshop(database.db, { lift: 3, inspection: 1, mechanic: 3 });
    const id = await created(database, { services: [OIL, ELECTRICS] });
    const list = await listAppointments(database.db, { tab: "alle", q: "", page: 1 });
    expect(list.items.map((item) => [item.service, item.services])).toEqual([[OIL, [OIL, ELECTRICS]]]);
    expect((await appointmentDetails(database.db, id))?.appointment).toMatchObject({ service: OIL, services: [OIL, ELECTRICS] });
    const week = await plannerWeek(database.db, DAY, DAY, siteVisitFacts);
    expect(week.appointments.map((appointment) => [appointment.services, appointment.durationMinutes])).toEqual([[[OIL, ELECTRICS], 60]]);
    expect((await dayListOf(database.db, DAY, siteVisitFacts)).appointments.map((appointment) => appointment.services)).toEqual([
      [OIL, ELECTRICS],
    ]);
    const [receipt] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "booking-received-customer"));
    const token = (receipt!.params as { accessToken: string }).accessToken;
    const page = await findCustomerAppointment(database.db, token, {
      now: NOW,
      config: { cancelCutoffHours: 24, linkDaysAfter: 30, rateLimit: 0, rateLimitWindowSeconds: 600, workshopEmail: "w@example.at" },
    });
    expect(page).toMatchObject({ service: OIL, services: [OIL, ELECTRICS] });
  });

  it("the database refuses a further service twice or the first again", async () => {
    const id = await created(database, { services: [OIL, ELECTRICS] });
    for (const list of [[ELECTRICS, ELECTRICS], [OIL], [""]]) {
      await expect(database.db.update(appointments).set({ additionalServices: list }).where(eq(appointments.id, id))).rejects.toThrow();
    }
  });

  // PGlite runs one transaction at a time: races only mean something on PostgreSQL.
  if (kind === "postgres") {
    it("parallel visits of Ölwechsel + Elektrik compete for the last lift for 60 minutes: exactly one holds it, no resource twice", async () => {
      await setWorkshop(database.db, { lift: 2, mechanic: 40 });
      // Lift 1 is busy 10:00–10:30; a 60-minute visit from 09:30 needs the other one.
      await created(database, { time: "10:00" });
      const results = await withWritesHeldBack(database, 20, () =>
        Array.from({ length: 20 }, () => book(database, { services: [OIL, ELECTRICS], time: "09:30" })),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.code === "slot-taken")).toHaveLength(19);
      const overlapping = await database.db.execute(sql`
        select count(*)::int as n from appointment_resources a join appointment_resources b
          on a.resource_id = b.resource_id and a.id < b.id and a.active and b.active
          and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`);
      expect(resultRows<{ n: number }>(overlapping)[0]!.n).toBe(0);
      const winner = results.find((result) => result.ok);
      if (!winner?.ok) throw new Error("no winner");
      expect(await holdsOf(database, winner.value.id)).toEqual([
        { kind: "lift", from: "08:30", to: "09:30" },
        { kind: "mechanic", from: "08:30", to: "09:30" },
      ]);
    });
  }

  it("bookingRefusal words an invalid list as every invalid field", async () => {
    const result = await book(database, { services: [OIL, OIL] });
    expect(!result.ok && result.code === "invalid" && bookingRefusal(result).fields).toEqual({
      services: "Die Leistung „Ölwechsel“ ist doppelt angegeben. Bitte wählen Sie jede Leistung nur einmal.",
    });
  });
}

describe.each(testDatabaseKinds)("several services in one visit on %s", (kind) => {
  severalServicesTests(kind);
});

describe("'Weitere Leistungen' without JavaScript (the form's plain post)", () => {
  const database = useTestDatabase("pglite");
  useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0" });

  async function post(fields: Record<string, string>) {
    return postBookingForm(database.db, {
      "booking-email": `erika${Math.random().toString(36).slice(2)}@example.at`,
      "booking-service": OIL,
      // The form reads the real clock: a Wednesday some weeks ahead.
      "booking-date": "2027-01-13",
      "booking-time": "10:00",
      ...fields,
    });
  }

  it("books the ticked further services; a refused post shows the boxes still ticked", async () => {
    const electrics = additionalServiceFormName(bookableServices.indexOf(ELECTRICS));
    const booked = await post({ [electrics]: ELECTRICS, [additionalServiceFormName(bookableServices.indexOf(OIL))]: OIL });
    expect((booked as Response).status).toBe(303);
    const rows = await database.db.select().from(appointments);
    expect(rows.map((row) => [row.service, row.additionalServices, row.durationMinutes])).toEqual([[OIL, [ELECTRICS], 60]]);

    const refused = (await post({ [electrics]: ELECTRICS, "booking-phone": "x" })) as unknown as { data: BookingFormResult };
    expect(refused.data.services).toEqual([OIL, ELECTRICS]);
    const html = renderedBookingForm(refused.data);
    expect(html).toContain("Weitere Leistungen (optional)");
    expect(html).toMatch(new RegExp(`<input type="checkbox" [^>]*name="${electrics}" checked="" value="${ELECTRICS}"/>`));
    expect(html).not.toMatch(/name="booking-services-0" checked/);
  });
});

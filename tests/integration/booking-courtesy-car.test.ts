import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointmentResources, appointments, emailOutbox, resources } from "~/db/schema";
import { addDays } from "~/domain/calendar-date";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { renderEmail } from "~/mail/templates";
import { bookingMessages, bookingRefusal } from "~/messages";
import { getAvailability, getDaySlots, requestAppointment } from "~/services/booking.server";
import { renderedBookingForm, testBookingConfig } from "../support/booking-config";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity } from "../support/factories";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";
import { postBookingForm } from "../support/route-args";
import { siteSlotRules } from "../support/slot-rules";

/**
 * Issue 27: 'Ersatzwagen gewünscht'. A booking that asks for a courtesy car holds it from its start
 * until closing; the e-mails name it; with the day's only car out, a second request that day is
 * refused (409 courtesy-car-taken) and the slots and the calendar asked with the car show the day full.
 */

// Monday 30 November 2026, 09:00 in Vienna; Wednesday 2 December is open 08:00–18:00.
const NOW = new Date("2026-11-30T09:00:00+01:00");
const DAY = "2026-12-02";
const config = testBookingConfig();
const PUBLIC_URL = "https://www.happycar.example";
const CAR_LINE = "Ersatzwagen: gewünscht, ab Terminbeginn bis Betriebsschluss";

let counter = 0;
function request(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: "Anna Muster",
    email: `kunde${counter}@example.at`,
    phone: "0664 1234567",
    service: "Ölwechsel",
    date: DAY,
    time: "10:00",
    courtesyCar: true,
    ...overrides,
  };
}

/** The first open weekday a week or more from today (the form's action and the API use the real clock). */
function openWeekday(): string {
  const { today } = bookingWindow(new Date(), siteSlotRules);
  for (let offset = 7; offset < 60; offset++) {
    const date = addDays(today, offset);
    const day = daySchedule(date, new Date(), siteSlotRules);
    if (day.open && day.slots.length === 19) return date;
  }
  throw new Error("no open weekday");
}

describe.each(testDatabaseKinds)("a courtesy car with the booking on %s", (kind) => {
  const database = useTestDatabase(kind);
  const book = (input: Record<string, unknown>) => requestAppointment(database.db, input, { now: NOW, clientIp: "203.0.113.7", config });
  const addCar = () => database.db.insert(resources).values({ name: "Ersatzwagen", kind: "courtesy_car" });

  it("holds the car until closing and names it in the receipt, the workshop's notice and the confirmation", async () => {
    await addCar();
    const booked = await book(request());
    expect(booked.ok).toBe(true);
    const id = booked.ok ? booked.value.id : "";
    expect((await database.db.select().from(appointments))[0]).toMatchObject({ id, courtesyCar: true });
    const car = await database.db
      .select({ endsAt: appointmentResources.endsAt })
      .from(appointmentResources)
      .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
      .where(eq(resources.kind, "courtesy_car"));
    expect(car).toEqual([{ endsAt: new Date("2026-12-02T17:00:00Z") }]);

    const admin = await createAdminIdentity(database.db, { passwordHash: "x" });
    expect(await boardCommands.confirmAppointment(database.db, { id, admin })).toEqual({ ok: true, status: "bestätigt" });
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.template).sort()).toEqual([
      "appointment-confirmed",
      "booking-received-customer",
      "booking-received-workshop",
    ]);
    for (const mail of mails) {
      expect(mail.params).toMatchObject({ courtesyCar: "true" });
      const rendered = renderEmail(mail, PUBLIC_URL);
      expect(rendered.text).toContain(CAR_LINE);
      expect(rendered.html).toContain("gewünscht, ab Terminbeginn bis Betriebsschluss");
    }
  });

  it("without the wish the e-mails have no car line", async () => {
    await addCar();
    expect((await book(request({ courtesyCar: false }))).ok).toBe(true);
    for (const mail of await database.db.select().from(emailOutbox)) {
      expect(mail.params).not.toHaveProperty("courtesyCar");
      expect(renderEmail(mail, PUBLIC_URL).text).not.toContain("Ersatzwagen");
    }
  });

  it("refuses a second request that day for the only car (courtesy-car-taken); the slots and the calendar asked with the car show the day full", async () => {
    await addCar();
    expect((await book(request())).ok).toBe(true);
    // The lift and the mechanic are free at 14:00; the car is out from 10:00 until closing.
    const refused = await book(request({ time: "14:00" }));
    expect(refused).toEqual({ ok: false, code: "courtesy-car-taken" });
    expect(!refused.ok && refused.code === "courtesy-car-taken" && bookingRefusal(refused)).toEqual({
      error: "An diesem Tag ist leider kein Ersatzwagen mehr frei. Bitte wählen Sie einen anderen Tag oder buchen Sie ohne Ersatzwagen.",
      fields: { courtesyCar: bookingMessages["courtesy-car-taken"] },
    });
    expect(await database.db.$count(appointments)).toBe(1);

    const withCar = await getDaySlots(database.db, DAY, NOW, config, "Ölwechsel", true);
    expect(withCar.open && withCar.slots.filter((slot) => slot.available)).toEqual([]);
    const withoutCar = await getDaySlots(database.db, DAY, NOW, config, "Ölwechsel", false);
    expect(withoutCar.open && withoutCar.slots.find((slot) => slot.time === "14:00")).toEqual({ time: "14:00", available: true });
    const days = await getAvailability(database.db, DAY, addDays(DAY, 1), NOW, config, "Ölwechsel", true);
    expect(days.map((day) => [day.date, day.level, day.reason?.code])).toEqual([
      [DAY, "none", "fully-booked"],
      [addDays(DAY, 1), "many", undefined],
    ]);

    // Without the wish the same time is fine.
    expect((await book(request({ time: "14:00", courtesyCar: false }))).ok).toBe(true);
  });

  describe("over HTTP", () => {
    useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0" });
    const app = useApiApp(database);

    it("POST answers 409 with its code and German text; /slots and /availability with courtesyCar=true follow", async () => {
      await addCar();
      const date = openWeekday();
      const post = (time: string) => app.request("/api/v1/appointments", { json: request({ date, time }) });
      expect((await post("10:00")).status).toBe(201);
      const refused = await post("14:00");
      expect([refused.status, await refused.json()]).toEqual([
        409,
        {
          error:
            "An diesem Tag ist leider kein Ersatzwagen mehr frei. Bitte wählen Sie einen anderen Tag oder buchen Sie ohne Ersatzwagen.",
          code: "courtesy-car-taken",
        },
      ]);
      const slots = (await (await app.request(`/api/v1/slots?date=${date}&service=%C3%96lwechsel&courtesyCar=true`)).json()) as {
        slots: Array<{ available: boolean }>;
      };
      expect(slots.slots.some((slot) => slot.available)).toBe(false);
      const availability = (await (await app.request(`/api/v1/availability?from=${date}&to=${date}&courtesyCar=true`)).json()) as {
        days: Array<{ level: string; reason?: string }>;
      };
      expect(availability.days).toMatchObject([{ level: "none", reason: "Ausgebucht" }]);
    });
  });
});

describe("the booking form's courtesy car without JavaScript (PGlite)", () => {
  const database = useTestDatabase("pglite");
  useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0" });

  async function post(fields: Record<string, string>) {
    counter += 1;
    return postBookingForm(database.db, { "booking-email": `erika${counter}@example.at`, "booking-service": "Ölwechsel", ...fields });
  }

  it("the ticked box books the car; the second comes back with the message at the box, still ticked", async () => {
    await database.db.insert(resources).values({ name: "Ersatzwagen", kind: "courtesy_car" });
    const date = openWeekday();
    const booked = await post({ "booking-date": date, "booking-time": "10:00", "booking-courtesy-car": "on" });
    expect((booked as Response).status).toBe(303);
    expect((await database.db.select().from(appointments))[0]?.courtesyCar).toBe(true);

    const refused = (await post({ "booking-date": date, "booking-time": "14:00", "booking-courtesy-car": "on" })) as unknown as {
      data: { error: string; fields: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.fields).toEqual({ courtesyCar: bookingMessages["courtesy-car-taken"] });
    expect(refused.data.values.courtesyCar).toBe("on");
    const html = renderedBookingForm(refused.data);
    expect(html).toMatch(/<input type="checkbox" id="booking-courtesy-car"[^>]* name="booking-courtesy-car" checked=""\/>/);
    expect(html).toContain("Ersatzwagen gewünscht");
    expect(html).toContain("Ein Ersatzwagen steht Ihnen ab Ihrem Termin bis Betriebsschluss zur Verfügung, solange einer frei ist.");
    expect(html).toContain(`id="booking-courtesy-car-error" role="alert"`);

    // Unticked, the same time is booked without a car.
    const plain = await post({ "booking-date": date, "booking-time": "14:00" });
    expect((plain as Response).status).toBe(303);
    expect((await database.db.select().from(appointments)).map((row) => row.courtesyCar).sort()).toEqual([false, true]);
  });
});

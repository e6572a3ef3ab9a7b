import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { appointments, emailOutbox } from "~/db/schema";
import { addDays, type CalendarDate, daysBetween, weekday } from "~/domain/calendar-date";
import { austrianHolidayName, austrianHolidays } from "~/domain/holidays";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { METHOD_NOT_ALLOWED_MESSAGE } from "../../server/api/answers";
import { allDatabaseKinds, isDatabaseAvailable } from "../support/databases";
import { changeFacts, setWorkshop } from "../support/factories";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";
import { siteSlotRules } from "../support/slot-rules";

/*
 * The handlers read the real clock (`new Date()`), so every date here is
 * chosen relative to it through the domain rules, never hard-coded. Dates are
 * taken from tomorrow up to the last bookable date: should midnight pass
 * between choosing a date and the request, the date is still bookable.
 */

/** Tomorrow … the last bookable date, as the handlers see them at `now`. */
function datesAhead(now = new Date()): CalendarDate[] {
  const { today, lastDate } = bookingWindow(now, siteSlotRules);
  return Array.from({ length: daysBetween(today, lastDate) }, (_, index) => addDays(today, index + 1));
}

/** A statutory holiday: closed with its own name (the owner's closures are none in a fresh database). */
function hasNamedClosure(date: CalendarDate): boolean {
  return austrianHolidayName(date) !== undefined;
}

/** The next Monday–Friday the workshop is open. */
function nextOpenWeekday(now = new Date()): CalendarDate {
  const date = datesAhead(now).find((d) => weekday(d) >= 1 && weekday(d) <= 5 && daySchedule(d, now, siteSlotRules).open);
  if (!date) throw new Error("no open weekday within the booking horizon");
  return date;
}

/** The next Sunday that is only closed for being a Sunday. */
function nextPlainSunday(now = new Date()): CalendarDate {
  const date = datesAhead(now).find((d) => weekday(d) === 0 && !hasNamedClosure(d));
  if (!date) throw new Error("no plain Sunday within the booking horizon");
  return date;
}

/**
 * The first statutory holiday within the booking horizon. There is none for a
 * few days in some Januaries (Heilige Drei Könige is past and a late Easter
 * Monday is more than 90 days ahead); the test that needs one is then skipped.
 */
function nextHolidayWithinHorizon(now = new Date()): { date: CalendarDate; name: string } | undefined {
  const { today, lastDate } = bookingWindow(now, siteSlotRules);
  const year = Number(today.slice(0, 4));
  return [...austrianHolidays(year), ...austrianHolidays(year + 1)].find((holiday) => holiday.date > today && holiday.date <= lastDate);
}

for (const kind of allDatabaseKinds) {
  const skipped = !isDatabaseAvailable(kind);
  describe.skipIf(skipped)(`booking API over HTTP on ${kind}${skipped ? " (skipped: TEST_DATABASE_URL is not set)" : ""}`, () => {
    /** Chosen when the tests are collected, for the test names and skipIf. */
    const holiday = nextHolidayWithinHorizon();

    const database = useTestDatabase(kind);
    const app = useApiApp(database);
    useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0", SLOT_CAPACITY: "", WORKSHOP_EMAIL: "werkstatt@happycar.example" });

    /** A GET through the whole pipeline: status and JSON body. */
    async function get(path: string) {
      const response = await app.request(path);
      return { status: response.status, body: await response.json() };
    }

    /** POST /api/v1/appointments with a raw body, as the client at `clientIp`. */
    async function post(body: string, { contentType = "application/json", clientIp = "203.0.113.9", headers = {} } = {}) {
      return app.request("/api/v1/appointments", { method: "POST", body, contentType, clientIp, headers });
    }

    async function countRows() {
      const [a] = await database.db.select({ n: sql<number>`count(*)::int` }).from(appointments);
      const [m] = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
      return { appointments: Number(a!.n), emails: Number(m!.n) };
    }

    /** The handlers use the real clock: take a free slot on a bookable day from the API itself. */
    async function freeSlot(skip = 0): Promise<{ date: string; time: string }> {
      const { today } = bookingWindow(new Date(), siteSlotRules);
      const { body } = await get(`/api/v1/availability?from=${addDays(today, 1)}&to=${addDays(today, 30)}`);
      const date = (body.days as Array<{ date: string; available: boolean }>).find((d) => d.available)!.date;
      const slots = await get(`/api/v1/slots?date=${date}`);
      const free = (slots.body.slots as Array<{ time: string; available: boolean }>).filter((s) => s.available);
      return { date, time: free[skip]!.time };
    }

    function booking(slot: { date: string; time: string }, overrides: Record<string, unknown> = {}) {
      return {
        name: "Anna Muster",
        email: `anna${Math.random().toString(36).slice(2)}@example.at`,
        phone: "+43 664 1234567",
        service: "Wartung",
        ...slot,
        ...overrides,
      };
    }

    describe("GET /api/v1/slots", () => {
      it("the next open weekday → 200 with the 19 slots, all available", async () => {
        const date = nextOpenWeekday();
        const { status, body } = await get(`/api/v1/slots?date=${date}`);
        expect(status).toBe(200);
        expect(body.date).toBe(date);
        expect(body.open).toBe(true);
        expect(body.slots).toHaveLength(19);
        expect(body.slots[0]).toEqual({ time: "08:00", available: true });
        expect(body.slots[18]).toEqual({ time: "17:00", available: true });
        expect(body.slots.every((slot: { available: boolean }) => slot.available)).toBe(true);
      });

      it("a Sunday → open false with the German reason", async () => {
        const date = nextPlainSunday();
        const { status, body } = await get(`/api/v1/slots?date=${date}`);
        expect(status).toBe(200);
        expect(body).toEqual({ date, open: false, reason: "Sonntag geschlossen", slots: [] });
      });

      it.skipIf(!holiday)(
        `a statutory holiday within the horizon (${holiday?.date ?? "none now"}) → open false with its name`,
        async () => {
          const { date, name } = holiday!;
          const { status, body } = await get(`/api/v1/slots?date=${date}`);
          expect(status).toBe(200);
          expect(body).toEqual({ date, open: false, reason: name, slots: [] });
        },
      );

      it("a date beyond the booking horizon → open false", async () => {
        const { lastDate } = bookingWindow(new Date(), siteSlotRules);
        // Two days beyond, so a midnight passing before the request changes nothing.
        const date = addDays(lastDate, 2);
        const { status, body } = await get(`/api/v1/slots?date=${date}`);
        expect(status).toBe(200);
        expect(body).toEqual({ date, open: false, reason: expect.stringContaining("90 Tage"), slots: [] });
      });

      it.each(["", "?date=", "?date=12.01.2027", "?date=2027-02-30", "?date=2027-1-5"])("a malformed date (%s) → 400", async (query) => {
        const { status, body } = await get(`/api/v1/slots${query}`);
        expect(status).toBe(400);
        expect(body).toEqual({ error: "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an." });
      });
    });

    describe("GET /api/v1/availability", () => {
      it("lists every date of a week, with its Sunday closed and its next open weekday available", async () => {
        const now = new Date();
        const sunday = nextPlainSunday(now);
        const tomorrow = datesAhead(now)[0]!;
        // A week that holds the Sunday and starts no earlier than tomorrow.
        const from = addDays(sunday, -6) > tomorrow ? addDays(sunday, -6) : tomorrow;
        const week = Array.from({ length: 7 }, (_, index) => addDays(from, index));
        const open = week.find((d) => weekday(d) >= 1 && weekday(d) <= 5 && daySchedule(d, now, siteSlotRules).open);
        const { status, body } = await get(`/api/v1/availability?from=${from}&to=${week[6]}`);
        expect(status).toBe(200);
        expect(body.days.map((d: { date: string }) => d.date)).toEqual(week);
        expect(body.days[week.indexOf(sunday)]).toMatchObject({ date: sunday, available: false, reason: "Sonntag geschlossen" });
        // Never five closures on the weekdays of one week in Austria.
        expect(open, "an open weekday in the week").toBeDefined();
        expect(body.days[week.indexOf(open!)]).toMatchObject({ date: open, available: true });
      });

      it.skipIf(!holiday)(
        `a statutory holiday within the horizon (${holiday?.date ?? "none now"}) is unavailable with its name`,
        async () => {
          const { date, name } = holiday!;
          const { status, body } = await get(`/api/v1/availability?from=${date}&to=${addDays(date, 1)}`);
          expect(status).toBe(200);
          expect(body.days[0]).toMatchObject({ date, available: false, reason: name });
        },
      );

      // Validation only: these answers do not depend on the clock, but the dates are relative all the same.
      const { today } = bookingWindow(new Date(), siteSlotRules);
      it.each([
        [`?from=${today}`, "Bitte geben Sie from und to als gültige Daten im Format JJJJ-MM-TT an."],
        [`?from=${addDays(today, 9)}&to=${today}`, "Der Zeitraum muss 1 bis 100 Tage umfassen (from ≤ to)."],
        [`?from=${today}&to=${addDays(today, 100)}`, "Der Zeitraum muss 1 bis 100 Tage umfassen (from ≤ to)."],
      ])("%s → 400", async (query, error) => {
        const { status, body } = await get(`/api/v1/availability${query}`);
        expect(status).toBe(400);
        expect(body).toEqual({ error });
      });

      it("100 days is the maximum", async () => {
        const { status, body } = await get(`/api/v1/availability?from=${today}&to=${addDays(today, 99)}`);
        expect(status).toBe(200);
        expect(body.days).toHaveLength(100);
      });
    });

    describe("POST /api/v1/appointments", () => {
      it("201 with id and status beantragt; the slot is then unavailable", async () => {
        const slot = await freeSlot();
        const response = await post(JSON.stringify(booking(slot)));
        expect(response.status).toBe(201);
        const body = await response.json();
        expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "beantragt" });
        expect(await countRows()).toEqual({ appointments: 1, emails: 2 });

        const { body: day } = await get(`/api/v1/slots?date=${slot.date}`);
        expect(day.slots.find((s: { time: string }) => s.time === slot.time)).toEqual({ time: slot.time, available: false });
      });

      it("missing required fields → 400 with the seed's message and a message per field", async () => {
        const response = await post(JSON.stringify({ name: "Anna Muster", message: "Hallo" }));
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: "Bitte füllen Sie alle Pflichtfelder aus.",
          fields: {
            email: "Bitte geben Sie Ihre E-Mail-Adresse an.",
            phone: "Bitte geben Sie Ihre Telefonnummer an.",
            service: "Bitte wählen Sie eine Leistung aus.",
            date: "Bitte wählen Sie ein Datum aus.",
            time: "Bitte wählen Sie eine Uhrzeit aus.",
          },
        });
        expect(await countRows()).toEqual({ appointments: 0, emails: 0 });
      });

      it("invalid values → 400 with field messages", async () => {
        const slot = await freeSlot();
        const response = await post(JSON.stringify(booking(slot, { phone: "12", service: "Express-Service" })));
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: "Bitte überprüfen Sie Ihre Eingaben.",
          fields: {
            phone: "Bitte geben Sie eine gültige Telefonnummer an (6 bis 20 Ziffern; erlaubt sind auch +, Leerzeichen, /, - und Klammern).",
            service: "Bitte wählen Sie eine der angebotenen Leistungen aus.",
          },
        });
        expect(await countRows()).toEqual({ appointments: 0, emails: 0 });
      });

      it("a slot no longer free → 409 with a German message", async () => {
        const slot = await freeSlot();
        expect((await post(JSON.stringify(booking(slot)))).status).toBe(201);
        const response = await post(JSON.stringify(booking(slot)));
        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({
          error: "Dieser Termin ist leider nicht mehr frei. Bitte wählen Sie eine andere Uhrzeit oder einen anderen Tag.",
          code: "slot-taken",
        });
        expect(await countRows()).toEqual({ appointments: 1, emails: 2 });
      });

      it("a second lift and mechanic take a second car at that time; SLOT_CAPACITY no longer counts (issue 27)", async () => {
        process.env.SLOT_CAPACITY = "5";
        resetEnvCache();
        await setWorkshop(database.db, { lift: 2, mechanic: 2 });
        const slot = await freeSlot();
        expect((await post(JSON.stringify(booking(slot)))).status).toBe(201);
        expect((await post(JSON.stringify(booking(slot)))).status).toBe(201);
        expect((await post(JSON.stringify(booking(slot)))).status).toBe(409);
      });

      it("a fourth open request of one e-mail address → 409 with code too-many-open", async () => {
        const email = "vielbucher@example.at";
        for (let i = 0; i < 3; i++) {
          expect((await post(JSON.stringify(booking(await freeSlot(i), { email })))).status).toBe(201);
        }
        const response = await post(JSON.stringify(booking(await freeSlot(3), { email: "VielBucher@example.at" })));
        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({
          error:
            "Für diese E-Mail-Adresse sind bereits 3 Terminanfragen offen. Bitte warten Sie auf unsere Rückmeldung oder rufen Sie uns an.",
          code: "too-many-open",
        });
        expect(await countRows()).toEqual({ appointments: 3, emails: 6 });
      });

      it("the open requests an address may have are those of 'Einstellungen' (issue 29): 1 → the second is 409", async () => {
        await changeFacts(database.db, (facts) => ({ bookingRules: { ...facts.bookingRules, maxOpenRequestsPerEmail: 1 } }));
        const email = "einmal@example.at";
        expect((await post(JSON.stringify(booking(await freeSlot(0), { email })))).status).toBe(201);
        const response = await post(JSON.stringify(booking(await freeSlot(1), { email })));
        expect(response.status).toBe(409);
        expect(await response.json()).toEqual({
          error:
            "Für diese E-Mail-Adresse ist bereits eine Terminanfrage offen. Bitte warten Sie auf unsere Rückmeldung oder rufen Sie uns an.",
          code: "too-many-open",
        });
      });

      it("too many requests from one IP → 429 with Retry-After and a German message", async () => {
        process.env.BOOKING_RATE_LIMIT = "1";
        resetEnvCache();
        const first = await freeSlot(0);
        const second = await freeSlot(1);
        expect((await post(JSON.stringify(booking(first)))).status).toBe(201);
        const response = await post(JSON.stringify(booking(second)));
        expect(response.status).toBe(429);
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect((await response.json()).error).toBe(
          "Sie haben in kurzer Zeit zu viele Terminanfragen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
        );
        expect(await countRows()).toEqual({ appointments: 1, emails: 2 });
        expect((await post(JSON.stringify(booking(second)), { clientIp: "198.51.100.2" })).status).toBe(201);
      });

      it("a filled honeypot → 201 like a success, nothing stored", async () => {
        const slot = await freeSlot();
        const response = await post(JSON.stringify(booking(slot, { website: "https://spam.example" })));
        expect(response.status).toBe(201);
        expect(await response.json()).toEqual({ id: expect.any(String), status: "beantragt" });
        expect(await countRows()).toEqual({ appointments: 0, emails: 0 });
      });

      it.each([
        [
          "a form post",
          415,
          "Bitte senden Sie die Daten als JSON (Content-Type: application/json).",
          "name=Anna",
          "application/x-www-form-urlencoded",
        ],
        ["plain text", 415, "Bitte senden Sie die Daten als JSON (Content-Type: application/json).", "{}", "text/plain"],
        ["malformed JSON", 400, "Die Anfrage enthält kein gültiges JSON.", '{"name":', "application/json"],
        ["a JSON array", 400, "Die Anfrage muss ein JSON-Objekt sein.", "[]", "application/json"],
        ["JSON null", 400, "Die Anfrage muss ein JSON-Objekt sein.", "null", "application/json"],
        ["an empty body", 400, "Die Anfrage enthält kein gültiges JSON.", "", "application/json"],
        ["a body over 16 KB", 413, "Die Anfrage ist zu groß.", JSON.stringify({ message: "x".repeat(17_000) }), "application/json"],
      ])("%s → %i with a German message, nothing stored", async (_label, status, error, body, contentType) => {
        const response = await post(body, { contentType });
        expect(response.status).toBe(status);
        expect(await response.json()).toEqual({ error });
        expect(await countRows()).toEqual({ appointments: 0, emails: 0 });
      });

      it("wrong types never cause a 5xx", async () => {
        for (const value of [42, true, null, [], {}, "x".repeat(1000)]) {
          const response = await post(
            JSON.stringify({ name: value, email: value, phone: value, service: value, date: value, time: value, message: value }),
          );
          expect(response.status).toBe(400);
        }
        expect(await countRows()).toEqual({ appointments: 0, emails: 0 });
      });

      it("GET is not allowed → 405 in German with Allow: POST", async () => {
        const response = await app.request("/api/v1/appointments");
        expect(response.status).toBe(405);
        expect(response.headers.get("Allow")).toBe("POST");
        expect(await response.json()).toEqual({ error: METHOD_NOT_ALLOWED_MESSAGE });
      });

      it("answers of GET /api/v1/slots and POST /api/v1/appointments are never cached (no-store)", async () => {
        const slot = await freeSlot();
        const day = await app.request(`/api/v1/slots?date=${slot.date}`);
        expect(day.status).toBe(200);
        expect(day.headers.get("Cache-Control")).toBe("no-store");
        const created = await post(JSON.stringify(booking(slot)));
        expect(created.status).toBe(201);
        expect(created.headers.get("Cache-Control")).toBe("no-store");
        const refused = await post("[]");
        expect(refused.status).toBe(400);
        expect(refused.headers.get("Cache-Control")).toBe("no-store");
      });
    });

    describe("the car, the hand-over and service durations (issue 14)", () => {
      it("stores the vehicle fields → 201", async () => {
        const slot = await freeSlot();
        const response = await post(
          JSON.stringify(
            booking(slot, {
              licensePlate: "W 123-ab",
              vehicleModel: "VW Golf",
              mileageKm: 120000,
              firstRegistration: "2018-06",
              handover: "pickup",
              pickupAddress: "Wiedner Hauptstraße 7, 1040 Wien",
            }),
          ),
        );
        expect(response.status).toBe(201);
        const [row] = await database.db.select().from(appointments);
        expect(row).toMatchObject({ licensePlate: "W 123-AB", licensePlateNormalized: "W123AB", mileageKm: 120000, handover: "pickup" });
      });

      it("bad vehicle values → 400 with a German message per field, nothing stored", async () => {
        const slot = await freeSlot();
        const response = await post(
          JSON.stringify(
            booking(slot, {
              licensePlate: "W",
              vehicleModel: "x".repeat(81),
              mileageKm: -5,
              firstRegistration: "1850-01",
              handover: "pickup",
              pickupAddress: "Linzer Straße 3, 3003 Gablitz",
            }),
          ),
        );
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: "Bitte überprüfen Sie Ihre Eingaben.",
          fields: {
            licensePlate: "Das Kennzeichen muss 2 bis 10 Buchstaben oder Ziffern haben.",
            vehicleModel: "Marke und Modell dürfen höchstens 80 Zeichen lang sein.",
            mileageKm: "Bitte geben Sie den Kilometerstand als ganze Zahl von 0 bis 2.000.000 an.",
            firstRegistration: "Die Erstzulassung kann nicht vor 1900 liegen.",
            pickupAddress:
              "Unseren Hol- und Bringservice bieten wir nur im Wiener Stadtgebiet an (Postleitzahlen 1010 bis 1230). Für eine Abholung von außerhalb rufen Sie uns bitte an: 01 234 56 78.",
          },
        });
        expect(await countRows()).toEqual({ appointments: 0, emails: 0 });
      });

      it("a pick-up is held to the postal codes of 'Einstellungen', its refusal naming them and the facts' first phone (issue 29)", async () => {
        await changeFacts(database.db, (facts) => ({
          workshop: { ...facts.workshop, phones: [{ label: "Werkstatt", number: "01 604 22 11" }] },
          bookingRules: { ...facts.bookingRules, pickupPostalCodes: ["1100", "2340"] },
        }));
        const slot = await freeSlot();
        const refused = await post(JSON.stringify(booking(slot, { handover: "pickup", pickupAddress: "Praterstraße 1, 1020 Wien" })));
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({
          pickupAddress:
            "Unseren Hol- und Bringservice bieten wir nur für die Postleitzahlen 1100 und 2340 an. Für eine Abholung von außerhalb rufen Sie uns bitte an: 01 604 22 11.",
        });
        const booked = await post(JSON.stringify(booking(slot, { handover: "pickup", pickupAddress: "Hauptstraße 5, 2340 Mödling" })));
        expect(booked.status).toBe(201);
      });

      it("a full day of pick-ups → 409 with code pickups-full", async () => {
        const date = nextOpenWeekday();
        for (const time of ["08:00", "09:00", "10:00"]) {
          const response = await post(
            JSON.stringify(booking({ date, time }, { handover: "pickup", pickupAddress: "Praterstraße 1, 1020 Wien" })),
          );
          expect(response.status).toBe(201);
        }
        const refused = await post(
          JSON.stringify(booking({ date, time: "11:00" }, { handover: "pickup", pickupAddress: "Praterstraße 1, 1020 Wien" })),
        );
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({
          error:
            "An diesem Tag ist unser Hol- und Bringservice leider schon ausgebucht. Bitte wählen Sie einen anderen Tag oder bringen Sie Ihr Auto selbst zu uns.",
          code: "pickups-full",
        });
        expect(await countRows()).toEqual({ appointments: 3, emails: 6 });
      });

      it("GET /api/v1/slots?service= offers only starts the service fits; an unknown service → 400", async () => {
        const date = nextOpenWeekday();
        expect((await post(JSON.stringify(booking({ date, time: "10:00" })))).status).toBe(201);
        const inspection = await get(`/api/v1/slots?date=${date}&service=${encodeURIComponent("§57a Überprüfung")}`);
        const free = (inspection.body.slots as Array<{ time: string; available: boolean }>).filter((s) => s.available).map((s) => s.time);
        expect(free).not.toContain("09:30");
        expect(free).toContain("10:30");
        const plain = await get(`/api/v1/slots?date=${date}`);
        expect(plain.body.slots).toContainEqual({ time: "09:30", available: true });
        expect(await get(`/api/v1/slots?date=${date}&service=Express-Service`)).toEqual({
          status: 400,
          body: { error: "Bitte wählen Sie eine der angebotenen Leistungen aus." },
        });
      });

      it("a §57a that would overlap a booked slot → 409 slot-taken", async () => {
        const date = nextOpenWeekday();
        expect((await post(JSON.stringify(booking({ date, time: "10:00" })))).status).toBe(201);
        const response = await post(JSON.stringify(booking({ date, time: "09:30" }, { service: "§57a Überprüfung" })));
        expect(response.status).toBe(409);
        expect(await response.json()).toMatchObject({ code: "slot-taken" });
      });

      it("GET /api/v1/availability carries freeSlots and level per day", async () => {
        const { today } = bookingWindow(new Date(), siteSlotRules);
        const { status, body } = await get(`/api/v1/availability?from=${addDays(today, 1)}&to=${addDays(today, 7)}`);
        expect(status).toBe(200);
        for (const day of body.days as Array<{ available: boolean; freeSlots: number; level: string }>) {
          expect(day.level).toBe(day.available ? (day.freeSlots <= 3 ? "few" : "many") : "none");
        }
      });
    });
  });
}

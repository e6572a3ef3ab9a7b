import { describe, expect, it } from "vitest";
import { appointments } from "~/db/schema";
import { addDays } from "~/domain/calendar-date";
import { bookingWindow, daySchedule } from "~/domain/slots";
import { useEnv, useTestDatabase } from "../support/fixtures";
import { postBookingForm } from "../support/route-args";
import { siteSlotRules } from "../support/slot-rules";

/**
 * Issue 14 on the plain form (no JavaScript): POST /termin-anfragen with the
 * booking-* names of the group 'Ihr Fahrzeug'. The action uses the real clock,
 * so the day is the first open weekday from a week ahead.
 */

function openWeekday(): string {
  const { today } = bookingWindow(new Date(), siteSlotRules);
  for (let offset = 7; offset < 60; offset++) {
    const date = addDays(today, offset);
    const day = daySchedule(date, new Date(), siteSlotRules);
    if (day.open && day.slots.length === 19) return date;
  }
  throw new Error("no open weekday");
}

describe("the booking form's car fields (PGlite)", () => {
  const database = useTestDatabase("pglite");
  useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0", SLOT_CAPACITY: "" });

  let counter = 0;
  async function post(fields: Record<string, string>) {
    counter += 1;
    return postBookingForm(database.db, {
      "booking-email": `erika${counter}@example.at`,
      "booking-service": "§57a Überprüfung",
      "booking-license-plate": "w 123-ab",
      "booking-vehicle-model": "VW Golf",
      "booking-mileage": "120.000",
      "booking-first-registration": "06/2018",
      "booking-handover": "pickup",
      "booking-pickup-address": "Praterstraße 1, 1020 Wien",
      ...fields,
    });
  }

  it("stores the car posted with the form, then refuses the day's fourth pick-up on the hand-over field", async () => {
    const date = openWeekday();
    for (const time of ["08:00", "09:00", "10:00"]) {
      const response = await post({ "booking-date": date, "booking-time": time });
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(303);
    }
    const [row] = await database.db.select().from(appointments).orderBy(appointments.time);
    expect(row).toMatchObject({ licensePlate: "W 123-AB", mileageKm: 120000, firstRegistration: "2018-06", durationMinutes: 60 });

    const refused = (await post({ "booking-date": date, "booking-time": "11:00" })) as unknown as {
      data: { fields: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.fields.handover).toMatch(/^An diesem Tag ist unser Hol- und Bringservice leider schon ausgebucht/);
    // The form comes back with what was typed.
    expect(refused.data.values).toMatchObject({ licensePlate: "w 123-ab", pickupAddress: "Praterstraße 1, 1020 Wien" });
  });

  it("a pick-up outside Vienna comes back with the German message on the address field", async () => {
    const refused = (await post({
      "booking-date": openWeekday(),
      "booking-time": "08:00",
      "booking-pickup-address": "Hauptstraße 5, 2340 Mödling",
    })) as unknown as { data: { fields: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.fields.pickupAddress).toContain("Wiener Stadtgebiet");
    expect(await database.db.select().from(appointments)).toHaveLength(0);
  });
});

import { describe, expect, it } from "vitest";
import { bookableServiceNames, defaultWorkshopFacts, mainPhoneOf } from "~/domain/workshop";
import { additionalServiceFormName, bookingFormNames, bookingInputFromForm, type BookingOffer, validateBooking } from "./booking";

/** What the workshop of a new database offers (app/config/site.ts's defaults), as the facts hand it on. */
const defaults = defaultWorkshopFacts();
const offer: BookingOffer = {
  services: bookableServiceNames(defaults),
  pickupPostalCodes: defaults.bookingRules.pickupPostalCodes,
  phone: mainPhoneOf(defaults),
};

/** Several services in one visit (issue 28): the form's 'Weitere Leistungen' and the API's `services`. */

const valid = {
  name: "Anna Muster",
  email: "anna@example.at",
  phone: "0664 1234567",
  service: "Ölwechsel",
  date: "2026-12-01",
  time: "08:00",
  message: null,
};

const form = {
  [bookingFormNames.name]: valid.name,
  [bookingFormNames.email]: valid.email,
  [bookingFormNames.phone]: valid.phone,
  [bookingFormNames.service]: valid.service,
  [bookingFormNames.date]: valid.date,
  [bookingFormNames.time]: valid.time,
};

describe("bookingInputFromForm: 'Weitere Leistungen'", () => {
  it("gives the whole list, 'Leistung' first, then the ticked boxes in the form's order", () => {
    const input = bookingInputFromForm({
      ...form,
      [additionalServiceFormName(5)]: "Bremsenservice",
      [additionalServiceFormName(4)]: "Elektrik",
    });
    expect(input.services).toEqual(["Ölwechsel", "Elektrik", "Bremsenservice"]);
  });

  it("leaves `services` out when none is ticked, or only the box of the chosen 'Leistung' (every box shows without JavaScript)", () => {
    expect(bookingInputFromForm(form)).not.toHaveProperty("services");
    expect(bookingInputFromForm({ ...form, [additionalServiceFormName(3)]: "Ölwechsel" })).not.toHaveProperty("services");
  });
});

describe("validateBooking: services", () => {
  it("keeps a valid list; `service` alone stays as it was", () => {
    expect(validateBooking({ ...valid, services: ["Ölwechsel", "Elektrik"] }, offer)).toEqual({
      ok: true,
      data: { ...valid, services: ["Ölwechsel", "Elektrik"] },
    });
    expect(validateBooking(valid, offer)).toEqual({ ok: true, data: valid });
  });

  it.each([
    [["Elektrik", "Ölwechsel"], "Die erste der Leistungen (services) muss die gewählte Leistung (service) sein."],
    [
      ["Ölwechsel", "Express-Service"],
      "„Express-Service“ ist keine der angebotenen Leistungen. Bitte wählen Sie nur angebotene Leistungen aus.",
    ],
    [["Ölwechsel", "Elektrik", "Elektrik"], "Die Leistung „Elektrik“ ist doppelt angegeben. Bitte wählen Sie jede Leistung nur einmal."],
    ["Ölwechsel", "Bitte geben Sie die Leistungen (services) als Liste von Leistungen an."],
  ])("refuses %j with a German message on `services`", (services, message) => {
    const result = validateBooking({ ...valid, services }, offer);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fields).toEqual({ services: message });
  });
});

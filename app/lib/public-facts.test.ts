import { describe, expect, it } from "vitest";
import { defaultWorkshopFacts } from "~/domain/workshop";
import { openingHoursDisplay, priceFromText, publicFactsOf } from "./public-facts";

describe("the workshop's facts as the public pages show them", () => {
  it("the default hours read as the seed wrote them", () => {
    expect(openingHoursDisplay(defaultWorkshopFacts().hours)).toEqual([
      { days: "Montag – Freitag", hours: "8:00 – 18:00" },
      { days: "Samstag", hours: "9:00 – 14:00" },
      { days: "Sonntag", hours: "geschlossen" },
    ]);
  });

  it("a lunch break, a shorter Saturday and a closed Wednesday make runs of their own", () => {
    const hours = defaultWorkshopFacts().hours;
    hours[1] = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };
    hours[3] = null;
    hours[6] = { open: "09:00", close: "13:00", breakFrom: null, breakTo: null };
    expect(openingHoursDisplay(hours)).toEqual([
      { days: "Montag", hours: "8:00 – 12:00, 13:00 – 18:00" },
      { days: "Dienstag", hours: "8:00 – 18:00" },
      { days: "Mittwoch", hours: "geschlossen" },
      { days: "Donnerstag – Freitag", hours: "8:00 – 18:00" },
      { days: "Samstag", hours: "9:00 – 13:00" },
      { days: "Sonntag", hours: "geschlossen" },
    ]);
  });

  it("the booking form's services: bookable, not retired, in the owner's order, with their minutes", () => {
    const facts = defaultWorkshopFacts();
    facts.services = facts.services.map((service) => (service.name === "Elektrik" ? { ...service, retired: true } : service));
    facts.services.unshift({ ...facts.services[0]!, id: "klimaservice", name: "Klimaservice", durationSteps: 2, priceFrom: 89.5 });
    const shown = publicFactsOf(facts);
    expect(shown.bookable.map((service) => [service.name, service.durationMinutes])).toEqual([
      ["Klimaservice", 60],
      ["Reparaturen", 30],
      ["§57a Überprüfung", 60],
      ["Reifenservice", 30],
      ["Ölwechsel", 30],
      ["Bremsenservice", 30],
      ["Wartung", 30],
    ]);
    expect(shown.services.map((service) => service.name)).toContain("Express-Service");
    expect(shown.services.map((service) => service.name)).not.toContain("Elektrik");
    expect(priceFromText(89.5)).toBe("ab € 89,50");
    expect(priceFromText(89)).toBe("ab € 89");
  });

  it("the booking form's services carry the combined time the workshop set, so the form's duration of a visit is the booking's", () => {
    const facts = defaultWorkshopFacts();
    facts.services = facts.services.map((service) => (service.name === "§57a Überprüfung" ? { ...service, combinedSteps: 1 } : service));
    const shown = publicFactsOf(facts);
    expect(shown.bookable.find((service) => service.name === "§57a Überprüfung")).toMatchObject({
      durationMinutes: 60,
      combinedMinutes: 30,
    });
    expect(shown.bookable.find((service) => service.name === "Ölwechsel")).not.toHaveProperty("combinedMinutes");
  });
});

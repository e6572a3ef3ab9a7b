import { describe, expect, it } from "vitest";
import { withinHours } from "./opening-hours";
import {
  defaultWorkshopFacts,
  durationOf,
  exampleFields,
  exampleValuesLeft,
  factChanges,
  listedVisitMinutes,
  phoneHref,
  serviceIdOf,
  visitOfFacts,
} from "./workshop";

describe("the workshop's facts (issue 29)", () => {
  const lunch = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };

  it.each([
    ["08:00", 30, true],
    ["07:30", 30, false],
    ["17:30", 30, true],
    ["17:30", 60, false],
    ["11:30", 30, true],
    ["11:30", 60, false],
    ["12:00", 30, false],
    ["12:30", 30, false],
    ["13:00", 60, true],
  ] as const)("work from %s for %i minutes lies within 08:00–18:00 with a break 12:00–13:00: %s", (time, minutes, within) => {
    expect(withinHours(lunch, time, minutes)).toBe(within);
  });

  it("a closed day holds nothing", () => {
    expect(withinHours(null, "10:00", 30)).toBe(false);
  });

  it("a number as written becomes its tel: link, Austrian by default", () => {
    expect(phoneHref("01 234 56 78")).toBe("tel:+4312345678");
    expect(phoneHref("0660 / 123 45-67")).toBe("tel:+436601234567");
    expect(phoneHref("+43 1 234 56 78")).toBe("tel:+4312345678");
    expect(phoneHref("0049 30 1234")).toBe("tel:+49301234");
  });

  it("a service's id comes from its name, once", () => {
    expect(serviceIdOf("§57a Überprüfung")).toBe("57a-ueberpruefung");
    expect(serviceIdOf("Ölwechsel")).toBe("oelwechsel");
    expect(serviceIdOf("Klimaservice", ["klimaservice"])).toBe("klimaservice-2");
    expect(serviceIdOf("§§")).toBe("leistung");
  });

  it("the defaults are app/config/site.ts's, in slot steps", () => {
    const facts = defaultWorkshopFacts();
    expect(durationOf(facts, "§57a Überprüfung")).toBe(60);
    expect(durationOf(facts, "Reparaturen")).toBe(30);
    // A name that is no service (an old appointment's): one slot.
    expect(durationOf(facts, "Vergaser einstellen")).toBe(30);
    expect(facts.bookingRules.pickupPostalCodes).toHaveLength(23);
    expect(facts.bookingRules.pickupPostalCodes.at(-1)).toBe("1230");
  });

  it("a form's time list is for the chosen visit, or with none chosen for the shortest service it offers", () => {
    const facts = defaultWorkshopFacts();
    for (const service of facts.services) service.durationSteps = service.name === "Elektrik" ? 3 : 2;
    expect(listedVisitMinutes(facts, ["Elektrik"], ["Elektrik", "Ölwechsel"], 30)).toBe(90);
    expect(listedVisitMinutes(facts, ["Elektrik", "Ölwechsel"], ["Elektrik", "Ölwechsel"], 30)).toBe(150);
    expect(listedVisitMinutes(facts, [], ["Elektrik", "Ölwechsel"], 30)).toBe(60);
    expect(listedVisitMinutes(facts, [], [], 30)).toBe(30);
  });

  it("lists each changed field with its old and new value; a new service by its id; the order apart", () => {
    const before = defaultWorkshopFacts();
    const after = structuredClone(before);
    after.workshop.city = "Graz";
    after.hours[6] = { open: "09:00", close: "13:00", breakFrom: null, breakTo: null };
    after.services[1]!.durationSteps = 3;
    after.services.reverse();
    expect(factChanges(before, after)).toEqual([
      { field: "workshop.city", oldValue: "Wien", newValue: "Graz" },
      { field: "hours.6", oldValue: before.hours[6], newValue: after.hours[6] },
      { field: "services.57a-ueberpruefung.durationSteps", oldValue: 2, newValue: 3 },
      { field: "services.order", oldValue: before.services.map((s) => s.id), newValue: after.services.map((s) => s.id) },
    ]);
    expect(factChanges(before, structuredClone(before))).toEqual([]);
  });

  it("a service's combined time is a changed field of its own, old and new", () => {
    const before = defaultWorkshopFacts();
    const after = structuredClone(before);
    after.services[1]!.combinedSteps = 1;
    expect(factChanges(before, after)).toEqual([{ field: "services.57a-ueberpruefung.combinedSteps", oldValue: null, newValue: 1 }]);
  });
});

describe("a visit by the facts' services (issue 28: the combined time the workshop sets)", () => {
  const INSPECTION = "§57a Überprüfung";
  const OIL = "Ölwechsel";
  /** The defaults with the §57a at 2 steps alone and `combinedSteps` with others, the Ölwechsel at 3 steps alone and 1 with others. */
  function factsWith(inspectionCombined: number | null, oilCombined: number | null) {
    const facts = defaultWorkshopFacts();
    for (const service of facts.services) {
      if (service.name === INSPECTION) service.combinedSteps = inspectionCombined;
      if (service.name === OIL) Object.assign(service, { durationSteps: 3, combinedSteps: oilCombined });
    }
    return facts;
  }

  it("a new database sets no combined time: several services last the sum of their durations", () => {
    expect(defaultWorkshopFacts().services.every((service) => service.combinedSteps === null)).toBe(true);
    expect(visitOfFacts(factsWith(null, null), [INSPECTION, OIL], 30).durationMinutes).toBe(150);
  });

  it("several services last the sum of each one's combined time where set, else its duration", () => {
    expect(visitOfFacts(factsWith(1, null), [INSPECTION, OIL], 30).durationMinutes).toBe(120);
    expect(visitOfFacts(factsWith(1, 1), [INSPECTION, OIL], 30).durationMinutes).toBe(60);
    expect(visitOfFacts(factsWith(null, 2), [OIL, INSPECTION], 30).durationMinutes).toBe(120);
  });

  it("one service alone lasts its whole duration, its combined time notwithstanding; the needs stay the union", () => {
    expect(visitOfFacts(factsWith(1, 1), [OIL], 30).durationMinutes).toBe(90);
    expect(visitOfFacts(factsWith(1, 1), [INSPECTION], 30).durationMinutes).toBe(60);
    expect(visitOfFacts(factsWith(1, 1), [INSPECTION, OIL], 30).kinds).toEqual(["lift", "inspection", "mechanic"]);
  });
});

describe("the example values of a new database (decision 048)", () => {
  it("a new database holds every example; replaced ones drop out, the postal code with the street", () => {
    const facts = defaultWorkshopFacts();
    expect(exampleValuesLeft(facts)).toEqual([...exampleFields]);
    facts.workshop = {
      ...facts.workshop,
      legalName: "Brenner KFZ GmbH",
      street: "Laxenburger Straße 80",
      email: "office@brenner-kfz.at",
      latitude: 48.17,
      longitude: 16.37,
    };
    facts.imprint = { ...facts.imprint, companyRegister: "FN 98765x", vatId: "ATU87654321", managingDirector: "Eva Brenner" };
    expect(exampleValuesLeft(facts)).toEqual(["workshop.phones"]);
    // One example number among real ones still counts, however it is written.
    facts.workshop.phones = [
      { label: "Werkstatt", number: "01 604 22 11" },
      { label: "Mobil", number: "0660/1234567" },
    ];
    expect(exampleValuesLeft(facts)).toEqual(["workshop.phones"]);
    facts.workshop.phones = [{ label: "Werkstatt", number: "01 604 22 11" }];
    expect(exampleValuesLeft(facts)).toEqual([]);
  });
});

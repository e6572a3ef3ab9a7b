import { describe, expect, it } from "vitest";
import { type CatalogueService, servicesProblem, visitDurationMinutes, visitNeeds, visitServices } from "./visit";

/** A catalogue of its own: the rules take it as a parameter, the site's is only one of them. */
const catalogue: CatalogueService[] = [
  { name: "Ölwechsel", bookable: true, durationMinutes: 30, needs: ["lift", "mechanic"] },
  { name: "Elektrik", bookable: true, durationMinutes: 30, needs: ["mechanic"] },
  { name: "§57a", bookable: true, durationMinutes: 60, needs: ["inspection", "mechanic"] },
  // With another service the wheels are already off: 15 minutes more instead of 60.
  { name: "Reifen", bookable: true, durationMinutes: 60, combinedMinutes: 15, needs: ["lift", "mechanic"] },
  { name: "Express", bookable: false, durationMinutes: 30, needs: ["mechanic"] },
];

describe("visitDurationMinutes", () => {
  it("one service lasts its duration, also one with a combined time", () => {
    expect(visitDurationMinutes(catalogue, ["§57a"], 30)).toBe(60);
    expect(visitDurationMinutes(catalogue, ["Reifen"], 30)).toBe(60);
  });

  it("several last the sum of their durations", () => {
    expect(visitDurationMinutes(catalogue, ["Ölwechsel", "Elektrik"], 30)).toBe(60);
    expect(visitDurationMinutes(catalogue, ["§57a", "Ölwechsel", "Elektrik"], 30)).toBe(120);
  });

  it("a service's combined time counts instead of its duration when it is one of several, rounded up to whole slots", () => {
    // 30 + 15 = 45 → 60; the order does not matter.
    expect(visitDurationMinutes(catalogue, ["Ölwechsel", "Reifen"], 30)).toBe(60);
    expect(visitDurationMinutes(catalogue, ["Reifen", "Ölwechsel"], 30)).toBe(60);
    expect(visitDurationMinutes(catalogue, ["Ölwechsel", "Reifen"], 15)).toBe(45);
  });

  it("a name not in the catalogue (an old or imported service) counts one slot; none at all one slot", () => {
    expect(visitDurationMinutes(catalogue, ["Lackierung"], 30)).toBe(30);
    expect(visitDurationMinutes(catalogue, ["Lackierung", "§57a"], 30)).toBe(90);
    expect(visitDurationMinutes(catalogue, [], 30)).toBe(30);
  });
});

describe("visitNeeds", () => {
  it("is the union of the services' needs, each kind once, in the board's order", () => {
    expect(visitNeeds(catalogue, ["Elektrik"])).toEqual(["mechanic"]);
    expect(visitNeeds(catalogue, ["Elektrik", "Ölwechsel"])).toEqual(["lift", "mechanic"]);
    expect(visitNeeds(catalogue, ["Elektrik", "§57a"])).toEqual(["inspection", "mechanic"]);
    expect(visitNeeds(catalogue, ["Elektrik", "§57a", "Ölwechsel"])).toEqual(["lift", "inspection", "mechanic"]);
  });

  it("an unknown name needs what most work needs; no names the default", () => {
    expect(visitNeeds(catalogue, ["Elektrik", "Lackierung"])).toEqual(["lift", "mechanic"]);
    expect(visitNeeds(catalogue, [])).toEqual(["lift", "mechanic"]);
  });
});

describe("servicesProblem", () => {
  it("accepts the first as `service` and the others bookable, each once", () => {
    expect(servicesProblem(catalogue, "Ölwechsel", ["Ölwechsel"])).toBeNull();
    expect(servicesProblem(catalogue, "Ölwechsel", ["Ölwechsel", "Elektrik", "§57a"])).toBeNull();
  });

  it("names the first problem: a list whose first is not `service`, an unknown or not bookable name, a duplicate", () => {
    expect(servicesProblem(catalogue, "Ölwechsel", ["Elektrik", "Ölwechsel"])).toEqual({ problem: "mismatch" });
    expect(servicesProblem(catalogue, "Ölwechsel", [])).toEqual({ problem: "mismatch" });
    expect(servicesProblem(catalogue, "Ölwechsel", ["Ölwechsel", "Lackierung"])).toEqual({ problem: "unknown", name: "Lackierung" });
    expect(servicesProblem(catalogue, "Ölwechsel", ["Ölwechsel", "Express"])).toEqual({ problem: "unknown", name: "Express" });
    expect(servicesProblem(catalogue, "Ölwechsel", ["Ölwechsel", "Elektrik", "Ölwechsel"])).toEqual({
      problem: "duplicate",
      name: "Ölwechsel",
    });
  });
});

describe("visitServices", () => {
  it("is the first service and the further ones", () => {
    expect(visitServices({ service: "Ölwechsel", additionalServices: ["Elektrik"] })).toEqual(["Ölwechsel", "Elektrik"]);
    expect(visitServices({ service: "Ölwechsel", additionalServices: [] })).toEqual(["Ölwechsel"]);
    expect(visitServices({ service: "Ölwechsel" })).toEqual(["Ölwechsel"]);
  });
});

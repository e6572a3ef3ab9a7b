import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import {
  defaultServiceNeeds,
  initialResources,
  isResourceKind,
  neededKinds,
  newWorkshopResources,
  resourceKinds,
  resourceRows,
  resourceSetProblem,
  resourcesFromSlotCapacity,
  wantedKinds,
} from "./resources";

describe("neededKinds: what one appointment of a service holds", () => {
  it.each([
    ["Ölwechsel", ["lift", "mechanic"]],
    ["§57a Überprüfung", ["inspection", "mechanic"]],
    ["Elektrik", ["mechanic"]],
    ["Reparaturen", ["lift", "mechanic"]],
    ["Reifenservice", ["lift", "mechanic"]],
    ["Bremsenservice", ["lift", "mechanic"]],
    ["Wartung", ["lift", "mechanic"]],
    ["Express-Service", ["mechanic"]],
  ])("%s needs %j", (service, kinds) => {
    expect(neededKinds(site.services, service)).toEqual(kinds);
  });

  it("every service of the site needs a mechanic, and never a courtesy car (that is the customer's wish)", () => {
    for (const service of site.services) {
      const kinds = neededKinds(site.services, service.name);
      expect([service.name, kinds.includes("mechanic"), kinds.includes("courtesy_car")]).toEqual([service.name, true, false]);
    }
  });

  it("a service not in the list (an old appointment, an import) needs a lift and a mechanic", () => {
    expect(neededKinds(site.services, "Klimaservice")).toEqual(["lift", "mechanic"]);
    expect(defaultServiceNeeds).toEqual(["lift", "mechanic"]);
  });

  it("answers each kind once, in the board's order, however the list writes them", () => {
    expect(neededKinds([{ name: "X", needs: ["mechanic", "inspection", "mechanic"] }], "X")).toEqual(["inspection", "mechanic"]);
  });
});

describe("the first start's resources", () => {
  it("a new workshop: three lifts, one inspection place, three mechanics, one courtesy car", () => {
    expect(initialResources({ hasAppointments: false, slotCapacity: 5 })).toEqual({ lift: 3, inspection: 1, mechanic: 3, courtesy_car: 1 });
    expect(newWorkshopResources).toEqual({ lift: 3, inspection: 1, mechanic: 3, courtesy_car: 1 });
  });

  it.each([
    [1, 1],
    [2, 2],
    [4, 4],
    [0, 1],
  ])(
    "a database with appointments and SLOT_CAPACITY %i: %i lifts and mechanics, one inspection place, no courtesy car",
    (capacity, count) => {
      expect(initialResources({ hasAppointments: true, slotCapacity: capacity })).toEqual({
        lift: count,
        inspection: 1,
        mechanic: count,
        courtesy_car: 0,
      });
      expect(resourcesFromSlotCapacity(capacity)).toEqual(initialResources({ hasAppointments: true, slotCapacity: capacity }));
    },
  );

  it("resourceRows names each row and keeps the kinds' order", () => {
    const rows = resourceRows(
      { lift: 2, inspection: 1, mechanic: 1, courtesy_car: 0 },
      (kind, number, count) => `${kind} ${number}/${count}`,
    );
    expect(rows).toEqual([
      { kind: "lift", name: "lift 1/2" },
      { kind: "lift", name: "lift 2/2" },
      { kind: "inspection", name: "inspection 1/1" },
      { kind: "mechanic", name: "mechanic 1/1" },
    ]);
  });

  it("knows its kinds", () => {
    expect(resourceKinds).toEqual(["lift", "inspection", "mechanic", "courtesy_car"]);
    expect(resourceKinds.every(isResourceKind)).toBe(true);
    expect([isResourceKind("hebebuehne"), isResourceKind(undefined)]).toEqual([false, false]);
  });
});

describe("resourceSetProblem: an appointment's whole new set ('Zuordnung ändern')", () => {
  const lift = { id: "l1", name: "Hebebühne 1", kind: "lift", active: true } as const;
  const lift2 = { id: "l2", name: "Hebebühne 2", kind: "lift", active: true } as const;
  const oldLift = { id: "l3", name: "Hebebühne alt", kind: "lift", active: false } as const;
  const mechanic = { id: "m1", name: "Mechaniker:in 1", kind: "mechanic", active: true } as const;
  const car = { id: "c1", name: "Ersatzwagen", kind: "courtesy_car", active: true } as const;
  const all = [lift, lift2, oldLift, mechanic, car];
  const work = wantedKinds(["lift", "mechanic"], false);

  it("wants the service's kinds and, when asked, a courtesy car last", () => {
    expect(work).toEqual(["lift", "mechanic"]);
    expect(wantedKinds(["inspection", "mechanic"], true)).toEqual(["inspection", "mechanic", "courtesy_car"]);
  });

  it("takes exactly one active resource of every wanted kind, in any order", () => {
    expect(resourceSetProblem(work, ["m1", "l2"], all)).toBeNull();
    expect(resourceSetProblem(wantedKinds(["lift", "mechanic"], true), ["c1", "l1", "m1"], all)).toBeNull();
  });

  it.each([
    [["l1", "x"], { problem: "unknown" }],
    [["l1", "m1", "c1"], { problem: "notWanted", kind: "courtesy_car", name: "Ersatzwagen" }],
    [["l1", "l2", "m1"], { problem: "twice", kind: "lift" }],
    [["l1", "l1", "m1"], { problem: "twice", kind: "lift" }],
    [["l3", "m1"], { problem: "inactive", kind: "lift", name: "Hebebühne alt" }],
    [["l1"], { problem: "missing", kind: "mechanic" }],
    [[], { problem: "missing", kind: "lift" }],
  ])("%j → %j", (ids, problem) => {
    expect(resourceSetProblem(work, ids, all)).toEqual(problem);
  });
});

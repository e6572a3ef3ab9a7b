/**
 * The workshop's resources (issue 27, decision 038): lifts, the §57a inspection place, mechanics
 * and courtesy cars. Pure data and rules: no clock, no I/O. The German words are in app/messages.ts.
 * Imports nothing: drizzle-kit loads it (through app/db/schema.ts) without the app's path aliases.
 */

/** What a resource is; the order is the board's ('Werkstatt') and the seeding's. */
export const resourceKinds = ["lift", "inspection", "mechanic", "courtesy_car"] as const;
export type ResourceKind = (typeof resourceKinds)[number];

export function isResourceKind(value: unknown): value is ResourceKind {
  return typeof value === "string" && (resourceKinds as readonly string[]).includes(value);
}

/**
 * What one appointment of a service holds for its whole duration: one resource of each kind listed.
 * A courtesy car is not a service's need but the customer's wish (the next slice: `courtesyCar`).
 */
export type ServiceNeeds = ReadonlyArray<Exclude<ResourceKind, "courtesy_car">>;

/** Every service needs a mechanic; a car that has to go up, a lift; the §57a, the inspection place. */
export const defaultServiceNeeds: ServiceNeeds = ["lift", "mechanic"];

/**
 * The kinds a service of `services` needs, in the order of `resourceKinds`, each once; a name not in
 * the list (an old appointment's service, an import) needs what most work needs: a lift and a mechanic.
 * The workshop's services are its facts' (issue 29): the callers pass them (`visitOfFacts`, app/domain/workshop.ts).
 */
export function neededKinds(
  services: ReadonlyArray<{ name: string; needs: ServiceNeeds }>,
  serviceName: string,
): ReadonlyArray<ResourceKind> {
  const needs = services.find((service) => service.name === serviceName)?.needs ?? defaultServiceNeeds;
  return resourceKinds.filter((kind) => (needs as ReadonlyArray<ResourceKind>).includes(kind));
}

/** A resource as the board and the API show it. */
export type Resource = { id: string; name: string; kind: ResourceKind; active: boolean };

/** A resource an appointment holds, as the board and the API name it. */
export type HeldResource = { id: string; name: string; kind: ResourceKind };

/**
 * A resource as a choice for an appointment at its time ('Zuordnung ändern'): whether it is active,
 * whether the appointment holds it now, and whether it is free then (`taken`: another appointment's
 * active hold overlaps; `absent`: a resource absence covers it).
 */
export type ResourceChoice = HeldResource & { active: boolean; held: boolean; state: "free" | "taken" | "absent" };

/** The kinds an appointment holds, in the board's order, each with its choices. */
export type KindChoices = { kind: ResourceKind; choices: ResourceChoice[] };

/** How many of each kind a database gets at its first start (decision 038). */
export type ResourceSet = Record<ResourceKind, number>;

/** A new database: three lifts, one inspection place, three mechanics, one courtesy car (issue 27). */
export const newWorkshopResources: ResourceSet = { lift: 3, inspection: 1, mechanic: 3, courtesy_car: 1 };

/**
 * What a database that already holds appointments gets, from the one number it was run with
 * (SLOT_CAPACITY = `slotCapacity`): as many lifts and mechanics as cars a slot took, one inspection
 * place, no courtesy car (it had none to offer).
 */
export function resourcesFromSlotCapacity(slotCapacity: number): ResourceSet {
  const count = Math.max(1, Math.floor(slotCapacity));
  return { lift: count, inspection: 1, mechanic: count, courtesy_car: 0 };
}

/** The first start's set: a new workshop's, or the capacity's when the database has appointments. */
export function initialResources({ hasAppointments, slotCapacity }: { hasAppointments: boolean; slotCapacity: number }): ResourceSet {
  return hasAppointments ? resourcesFromSlotCapacity(slotCapacity) : newWorkshopResources;
}

/** The rows of a set, in the order of `resourceKinds`, each named by `name(kind, number, count)`. */
export function resourceRows(
  set: ResourceSet,
  name: (kind: ResourceKind, number: number, count: number) => string,
): Array<{ kind: ResourceKind; name: string }> {
  return resourceKinds.flatMap((kind) =>
    Array.from({ length: set[kind] }, (_, index) => ({ kind, name: name(kind, index + 1, set[kind]) })),
  );
}

/**
 * The kinds an appointment holds: what its service needs (neededKinds) and, when the customer asked
 * for one (`courtesyCar`), a courtesy car, last.
 */
export function wantedKinds(needed: ReadonlyArray<ResourceKind>, courtesyCar: boolean): ReadonlyArray<ResourceKind> {
  return courtesyCar ? [...needed, "courtesy_car"] : needed;
}

/**
 * Why a chosen set of resources cannot be an appointment's whole set (the board's 'Zuordnung
 * ändern', PATCH …/resources): an id that is no resource (`unknown`), one of a kind the appointment
 * does not hold (`notWanted`), a second of a kind (`twice`), a deactivated one (`inactive`), or a
 * wanted kind without one (`missing`). The first problem found, in that order.
 */
export type ResourceSetProblem =
  | { problem: "unknown" }
  | { problem: "notWanted" | "inactive"; kind: ResourceKind; name: string }
  | { problem: "twice" | "missing"; kind: ResourceKind };

/**
 * Whether `chosenIds` (the ids as given, `found` the resources among them that exist) is exactly one
 * active resource of every kind in `wanted`; null when it is.
 */
export function resourceSetProblem(
  wanted: ReadonlyArray<ResourceKind>,
  chosenIds: readonly string[],
  found: readonly Resource[],
): ResourceSetProblem | null {
  const byId = new Map(found.map((resource) => [resource.id, resource]));
  const chosen = chosenIds.map((id) => byId.get(id));
  if (chosen.some((resource) => resource === undefined)) return { problem: "unknown" };
  const seen = new Set<ResourceKind>();
  for (const resource of chosen as Resource[]) {
    if (!wanted.includes(resource.kind)) return { problem: "notWanted", kind: resource.kind, name: resource.name };
    if (seen.has(resource.kind)) return { problem: "twice", kind: resource.kind };
    if (!resource.active) return { problem: "inactive", kind: resource.kind, name: resource.name };
    seen.add(resource.kind);
  }
  const missing = wanted.find((kind) => !seen.has(kind));
  return missing ? { problem: "missing", kind: missing } : null;
}

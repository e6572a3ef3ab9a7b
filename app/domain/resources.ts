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
 * The site's services: `neededKinds(site.services, name)` (app/config/site.ts).
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

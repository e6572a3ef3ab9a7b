/**
 * Several services in one visit (issue 28, decision 045): the car comes once for all of them. Pure
 * rules over a service catalogue given as a parameter (the workshop's facts, issue 29: `visitOfFacts`),
 * no clock, no I/O, no wording (app/messages.ts words the problems).
 */
import { defaultServiceNeeds, neededKinds, type ResourceKind, resourceKinds, type ServiceNeeds } from "./resources";

/** What the rules read of a service of the catalogue. */
export type CatalogueService = {
  name: string;
  bookable: boolean;
  durationMinutes: number;
  /**
   * Optional: how long the service takes when it is one of several in a visit (the car is already
   * up, the wheels already off); absent, its `durationMinutes`.
   */
  combinedMinutes?: number;
  needs: ServiceNeeds;
};

/** An appointment's whole list: its first service (the column `service`) and the further ones. */
export function visitServices(appointment: { service: string; additionalServices?: readonly string[] | null }): string[] {
  return [appointment.service, ...(appointment.additionalServices ?? [])];
}

/**
 * How long a visit of `names` lasts: one service its duration; several the sum of each one's
 * combined time (its `combinedMinutes` where the catalogue has one, else its duration), rounded up
 * to whole slots. A name not in the catalogue (an old or imported service) counts one slot.
 */
export function visitDurationMinutes(catalogue: ReadonlyArray<CatalogueService>, names: readonly string[], slotMinutes: number): number {
  const of = (name: string) => catalogue.find((service) => service.name === name);
  if (names.length <= 1) return (names[0] === undefined ? undefined : of(names[0])?.durationMinutes) ?? slotMinutes;
  const minutes = names.reduce((sum, name) => {
    const service = of(name);
    return sum + (service ? (service.combinedMinutes ?? service.durationMinutes) : slotMinutes);
  }, 0);
  return Math.ceil(minutes / slotMinutes) * slotMinutes;
}

/**
 * The kinds of resource a visit of `names` holds for its whole duration: the union of what each
 * service needs (neededKinds), in the order of `resourceKinds`, each once. No names: a slot's default.
 */
export function visitNeeds(catalogue: ReadonlyArray<CatalogueService>, names: readonly string[]): ReadonlyArray<ResourceKind> {
  if (names.length === 0) return defaultServiceNeeds;
  const wanted = new Set(names.flatMap((name) => neededKinds(catalogue, name)));
  return resourceKinds.filter((kind) => wanted.has(kind));
}

/** Why a list of services asked for is not one visit's: see servicesProblem. */
export type ServicesProblem =
  /** The list's first is not `service` (the API's `service` is the first of `services`). */
  | { problem: "mismatch" }
  /** A name the catalogue has not, or has but not bookable online. */
  | { problem: "unknown"; name: string }
  /** A service twice. */
  | { problem: "duplicate"; name: string };

/**
 * Whether `services` (the whole list; `service` the first, as the form's 'Leistung' and the API's
 * `service` give it) is a visit a customer can book: the first is `service`, every one bookable,
 * none twice. Null when it is. The first problem found, in that order.
 */
export function servicesProblem(
  catalogue: ReadonlyArray<CatalogueService>,
  service: string,
  services: readonly string[],
): ServicesProblem | null {
  if (services[0] !== service) return { problem: "mismatch" };
  const seen = new Set<string>();
  for (const name of services) {
    if (!catalogue.some((entry) => entry.name === name && entry.bookable)) return { problem: "unknown", name };
    if (seen.has(name)) return { problem: "duplicate", name };
    seen.add(name);
  }
  return null;
}

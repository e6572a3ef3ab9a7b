import { type Service, site, type Weekday } from "~/config/site";
import { type ResourceKind, resourceKinds, type ServiceNeeds } from "./resources";
import { type SlotRules, slotRulesOf } from "./slots";
import { VIENNA_POSTAL_CODES } from "./vehicle";
import { visitDurationMinutes, visitNeeds } from "./visit";

/**
 * The workshop's facts as the owner keeps them on 'Einstellungen' (issue 29, decision 042): what
 * the pages, e-mails, slots, structured data and sitemap show. Pure data and rules; the database
 * keeps them (app/services/workshop-facts.server.ts), app/config/site.ts gives a new database its
 * first values (`defaultWorkshopFacts`).
 */

export type Phone = { label: string; number: string };

export type WorkshopSection = {
  legalName: string;
  street: string;
  postalCode: string;
  city: string;
  phones: Phone[];
  email: string;
  latitude: number;
  longitude: number;
};

export type ImprintSection = {
  companyRegister: string;
  registerCourt: string;
  vatId: string;
  managingDirector: string;
  supervisoryAuthority: string;
  chamber: string;
};

/** One weekday: closed (null), or open from–to, optionally with a break (`breakFrom`–`breakTo`), all HH:mm. */
export type DayHours = { open: string; close: string; breakFrom: string | null; breakTo: string | null } | null;

/** Seven entries, 0 = Sunday … 6 = Saturday, as Date#getDay. */
export type WeekHours = Record<Weekday, DayHours>;

export type WorkshopService = {
  /** Stable: appointments keep the text they were booked with, the settings refer to this id. */
  id: string;
  name: string;
  description: string;
  /** How long the work takes in slot steps (`SLOT_MINUTES` each). */
  durationSteps: number;
  /**
   * How long it takes as one of several services in a visit (issue 28, decision 045), in slot steps
   * from 1 to `durationSteps`; null: its whole duration.
   */
  combinedSteps: number | null;
  bookable: boolean;
  needs: ServiceNeeds;
  /** 'ab € …' on the public services section; null: no price shown. */
  priceFrom: number | null;
  /** No longer offered: off the pages and the form, still known to the appointments booked with it. */
  retired: boolean;
};

export type BookingRules = {
  leadTimeMinutes: number;
  horizonDays: number;
  maxOpenRequestsPerEmail: number;
  /** The postal codes the pick-up service (Hol- und Bringservice) goes to. */
  pickupPostalCodes: string[];
  pickupsPerDay: number;
  /** Customers can cancel on their page until this many hours before the start. */
  cancelCutoffHours: number;
  /** The reminder e-mail goes out this many hours before the start. */
  reminderHours: number;
  /** A day shows "Nur noch wenige Termine frei" at this many free start times or fewer. */
  fewFreeSlots: number;
};

export type EmailSection = { senderName: string; noticeAddress: string };

export type WorkshopFacts = {
  workshop: WorkshopSection;
  imprint: ImprintSection;
  hours: WeekHours;
  services: WorkshopService[];
  bookingRules: BookingRules;
  email: EmailSection;
};

export const workshopSections = ["workshop", "imprint", "hours", "services", "bookingRules", "email"] as const;
export type WorkshopSectionKey = (typeof workshopSections)[number];

/** One slot step, fixed (the grid of the board, the planner and the SQL placement). */
export const SLOT_MINUTES = site.booking.slotMinutes;

/** A stable id from a service's name: lower case letters and digits, words joined by '-'. */
export function serviceIdOf(name: string, taken: ReadonlyArray<string> = []): string {
  const base =
    name
      .toLowerCase()
      .replace(/ä/g, "ae")
      .replace(/ö/g, "oe")
      .replace(/ü/g, "ue")
      .replace(/ß/g, "ss")
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "leistung";
  let id = base;
  for (let suffix = 2; taken.includes(id); suffix++) id = `${base}-${suffix}`;
  return id;
}

/** The facts of a new database: app/config/site.ts. */
export function defaultWorkshopFacts(): WorkshopFacts {
  const ids: string[] = [];
  return {
    workshop: {
      legalName: site.legalName,
      street: site.address.street,
      postalCode: site.address.postalCode,
      city: site.address.city,
      phones: site.phones.map((phone) => ({ label: phone.label, number: phone.display })),
      email: site.email,
      latitude: site.address.latitude,
      longitude: site.address.longitude,
    },
    imprint: {
      companyRegister: site.legal.companyRegister,
      registerCourt: site.legal.registerCourt,
      vatId: site.legal.vatId,
      managingDirector: site.legal.managingDirector,
      supervisoryAuthority: site.legal.supervisoryAuthority,
      chamber: site.legal.chamber,
    },
    hours: Object.fromEntries(
      Object.entries(site.openingHours).map(([day, hours]) => [
        day,
        hours ? { open: hours.open, close: hours.close, breakFrom: null, breakTo: null } : null,
      ]),
    ) as WeekHours,
    services: site.services.map((service: Service) => {
      const id = serviceIdOf(service.name, ids);
      ids.push(id);
      return {
        id,
        name: service.name,
        description: service.description,
        durationSteps: service.durationMinutes / SLOT_MINUTES,
        combinedSteps: service.combinedMinutes === undefined ? null : service.combinedMinutes / SLOT_MINUTES,
        bookable: service.bookable,
        needs: [...service.needs],
        priceFrom: null,
        retired: false,
      };
    }),
    bookingRules: {
      leadTimeMinutes: site.booking.leadTimeMinutes,
      horizonDays: site.booking.horizonDays,
      maxOpenRequestsPerEmail: site.booking.maxOpenRequestsPerEmail,
      pickupPostalCodes: [...VIENNA_POSTAL_CODES],
      pickupsPerDay: site.booking.pickupsPerDay,
      cancelCutoffHours: site.booking.selfCancelHoursBefore,
      reminderHours: site.booking.reminderHoursBefore,
      fewFreeSlots: site.booking.fewFreeSlots,
    },
    email: { senderName: site.mail.senderName, noticeAddress: site.mail.noticeAddress },
  };
}

/** The number the pages and texts name when they name one: the first ('Einstellungen' requires one to three). */
export function mainPhoneOf(facts: Pick<WorkshopFacts, "workshop">): string {
  return facts.workshop.phones[0]?.number ?? "";
}

/**
 * The workshop's own words an attacker tries first (its legal name, address, e-mail, managing
 * director): a new password must not rest on them (app/auth/password-policy.server.ts).
 */
export function workshopWords({ workshop, imprint }: Pick<WorkshopFacts, "workshop" | "imprint">): string[] {
  return [workshop.legalName, workshop.email, workshop.street, workshop.postalCode, workshop.city, imprint.managingDirector];
}

/** The services customers see: not retired, in the owner's order. */
export function offeredServices(facts: Pick<WorkshopFacts, "services">): WorkshopService[] {
  return facts.services.filter((service) => !service.retired);
}

/** The names the booking form offers. */
export function bookableServiceNames(facts: Pick<WorkshopFacts, "services">): string[] {
  return offeredServices(facts)
    .filter((service) => service.bookable)
    .map((service) => service.name);
}

/** How long a service takes; one slot for a name that is not (or no longer) a service, e.g. an imported one. */
export function durationOf(facts: Pick<WorkshopFacts, "services">, serviceName: string): number {
  const service = facts.services.find((candidate) => candidate.name === serviceName);
  return (service?.durationSteps ?? 1) * SLOT_MINUTES;
}

/**
 * A visit of `names` (the first service and the further ones, issue 28) by the facts' services: how
 * long it lasts in whole slots of `slotMinutes` (several: the sum of each one's combined time where
 * the workshop set one, else its duration) and the kinds of resource it holds for all of it.
 */
export function visitOfFacts(
  facts: Pick<WorkshopFacts, "services">,
  names: readonly string[],
  slotMinutes: number,
): { durationMinutes: number; kinds: ReadonlyArray<ResourceKind> } {
  const catalogue = facts.services.map((service) => ({
    name: service.name,
    bookable: service.bookable && !service.retired,
    durationMinutes: durationOf(facts, service.name),
    ...(service.combinedSteps === null ? {} : { combinedMinutes: service.combinedSteps * SLOT_MINUTES }),
    needs: service.needs,
  }));
  return { durationMinutes: visitDurationMinutes(catalogue, names, slotMinutes), kinds: visitNeeds(catalogue, names) };
}

/** What placing a visit reads of the workshop's facts (issue 29): the slot rules (hours with their breaks) and the services. */
export type VisitFacts = { rules: SlotRules; services: WorkshopService[] };

export function visitFactsOf(facts: WorkshopFacts): VisitFacts {
  return { rules: slotRulesOf(facts), services: facts.services };
}

/**
 * How long the visit is that a form's list of start times is for (issue 29): the chosen services'
 * (visitOfFacts); none chosen yet, the shortest of the form's `offered` ones, so that the list keeps
 * every time one of them fits; one slot when the form offers none.
 */
export function listedVisitMinutes(
  facts: Pick<WorkshopFacts, "services">,
  chosen: readonly string[],
  offered: readonly string[],
  slotMinutes: number,
): number {
  if (chosen.length > 0) return visitOfFacts(facts, chosen, slotMinutes).durationMinutes;
  const minutes = offered.map((name) => visitOfFacts(facts, [name], slotMinutes).durationMinutes);
  return minutes.length > 0 ? Math.min(...minutes) : slotMinutes;
}

/** The `tel:` link of a number as written ("01 234 56 78" → "tel:+4312345678"; Austria's +43 for a leading 0). */
export function phoneHref(number: string): string {
  const digits = number.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  if (digits.startsWith("00")) return `tel:+${digits.slice(2)}`;
  return `tel:+43${digits.replace(/^0/, "")}`;
}

/** The needs of a service in the order of `resourceKinds`, each once. */
export function orderedNeeds(needs: ReadonlyArray<string>): ServiceNeeds {
  return resourceKinds.filter((kind) => kind !== "courtesy_car" && needs.includes(kind)) as ServiceNeeds;
}

/** One changed value: which field (`section.field`, a service by its id), what it was, what it is. */
export type FactChange = { field: string; oldValue: unknown; newValue: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What differs between two states of the facts, field by field; a service by its id (a new one's
 * old value is null), and the services' order as a field of its own.
 */
export function factChanges(before: WorkshopFacts, after: WorkshopFacts): FactChange[] {
  const changes: FactChange[] = [];
  for (const section of ["workshop", "imprint", "bookingRules", "email"] as const) {
    const old = before[section] as Record<string, unknown>;
    const next = after[section] as Record<string, unknown>;
    for (const key of Object.keys(next)) {
      if (!same(old[key], next[key])) changes.push({ field: `${section}.${key}`, oldValue: old[key] ?? null, newValue: next[key] });
    }
  }
  for (let day = 0; day < 7; day++) {
    const old = before.hours[day as Weekday];
    const next = after.hours[day as Weekday];
    if (!same(old, next)) changes.push({ field: `hours.${day}`, oldValue: old, newValue: next });
  }
  for (const service of after.services) {
    const old = before.services.find((candidate) => candidate.id === service.id);
    if (!old) {
      changes.push({ field: `services.${service.id}`, oldValue: null, newValue: service });
      continue;
    }
    for (const key of Object.keys(service) as Array<keyof WorkshopService>) {
      if (!same(old[key], service[key]))
        changes.push({ field: `services.${service.id}.${key}`, oldValue: old[key], newValue: service[key] });
    }
  }
  const order = (facts: WorkshopFacts) => facts.services.map((service) => service.id);
  if (!same(order(before), order(after))) changes.push({ field: "services.order", oldValue: order(before), newValue: order(after) });
  return changes;
}

/**
 * The facts of the Impressum and contact sections whose default in app/config/site.ts is marked
 * EXAMPLE (fictitious, to be replaced before go-live). app/config/site.test.ts keeps this list and
 * those markers in step.
 */
export const exampleFields = [
  "workshop.legalName",
  "workshop.street",
  "workshop.postalCode",
  "workshop.phones",
  "workshop.email",
  "workshop.latitude",
  "workshop.longitude",
  "imprint.companyRegister",
  "imprint.vatId",
  "imprint.managingDirector",
] as const;

export type ExampleField = (typeof exampleFields)[number];

/**
 * Which of `exampleFields` still hold site.ts's example value (a phone: any of the example
 * numbers; the postal code only with the example street); empty once the owner replaced them all. Until then the site is not live: the board
 * shows 'Vor dem Start' and the public pages ask search engines not to index them (decision 048).
 */
export function exampleValuesLeft(facts: Pick<WorkshopFacts, "workshop" | "imprint">): ExampleField[] {
  const defaults = defaultWorkshopFacts();
  const exampleNumbers = new Set(defaults.workshop.phones.map((phone) => phone.number.replace(/\D/g, "")));
  return exampleFields.filter((field) => {
    const [section, key] = field.split(".") as ["workshop" | "imprint", string];
    const value = (facts[section] as Record<string, unknown>)[key];
    if (field === "workshop.phones") return (value as Phone[]).some((phone) => exampleNumbers.has(phone.number.replace(/\D/g, "")));
    // 1100 is a real district's too: the postal code is an example only beside the example street.
    if (field === "workshop.postalCode" && facts.workshop.street !== defaults.workshop.street) return false;
    return same(value, (defaults[section] as Record<string, unknown>)[key]);
  });
}

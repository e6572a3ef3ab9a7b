import { site, type Weekday } from "~/config/site";
import { type SlotFacts, slotRulesOf, startTimesFor } from "~/domain/slots";
import type { CatalogueService } from "~/domain/visit";
import {
  bookableServiceNames,
  type DayHours,
  exampleValuesLeft,
  type ImprintSection,
  listedVisitMinutes,
  offeredServices,
  phoneHref,
  SLOT_MINUTES,
  type WeekHours,
  type WorkshopFacts,
} from "~/domain/workshop";

/**
 * What the public pages, their structured data and the e-mails show of the workshop's facts
 * (issue 29, decision 048): derived from the database's facts once per version, JSON only, so
 * a page's loader can hand it on and an island can take its part as props.
 */
export type PublicFacts = {
  legalName: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  countryCode: string;
  /** "Street 1, 1100 Wien" */
  fullAddress: string;
  phones: PublicPhone[];
  /** The first number: the one the pages and e-mails name when they name one ('Einstellungen' requires one to three). */
  mainPhone: PublicPhone;
  email: string;
  latitude: number;
  longitude: number;
  imprint: ImprintSection;
  hours: WeekHours;
  /** The opening hours as customers read them: runs of weekdays with the same hours, Monday first. */
  hoursDisplay: Array<{ days: string; hours: string }>;
  /** The services the site shows: not retired, in the owner's order, with the optional 'ab €' price. */
  services: Array<{ name: string; description: string; priceFrom: number | null }>;
  /** The booking form's services: bookable online, not retired, in the owner's order. */
  bookable: BookableService[];
  /** Pick-ups (Hol- und Bringservice) a day: the booking form's hint. */
  pickupsPerDay: number;
  /** The booking form's slot rules (with `hours`): its day picker's window and the days it can offer. */
  bookingRules: SlotFacts["bookingRules"];
  /** The start times the booking form lists without JavaScript before a service or day is chosen (startTimesFor). */
  bookingTimes: string[];
  /** The postal codes the pick-up service goes to: the booking form's hint and its check of the address. */
  pickupPostalCodes: string[];
  /** Customers may cancel on their page until this many hours before the start (SELF_CANCEL_CUTOFF_HOURS where set): /datenschutz. */
  cancelCutoffHours: number;
  /** The reminder goes out this many hours before the start (REMINDER_HOURS_BEFORE where set): /datenschutz. */
  reminderHours: number;
  /** Some Impressum or contact fact is still an example of app/config/site.ts: not live yet (noindex). */
  preLaunch: boolean;
};

export type PublicPhone = { label: string; display: string; href: string };

/** What the booking island needs of a service: its name, and for the visit's duration its minutes and needs. */
export type BookableService = CatalogueService;

const dayNames = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"] as const;
/** Monday first, as Austrians read a week. */
const weekOrder: Weekday[] = [1, 2, 3, 4, 5, 6, 0];

/** "08:00" → "8:00", as the seed writes hours. */
const clock = (time: string) => time.replace(/^0(\d)/, "$1");

function dayHoursText(hours: DayHours): string {
  if (!hours) return "geschlossen";
  if (hours.breakFrom && hours.breakTo) {
    return `${clock(hours.open)} – ${clock(hours.breakFrom)}, ${clock(hours.breakTo)} – ${clock(hours.close)}`;
  }
  return `${clock(hours.open)} – ${clock(hours.close)}`;
}

/** Runs of consecutive days (Monday first) with the same hours: "Montag – Freitag", "8:00 – 18:00". */
export function openingHoursDisplay(hours: WeekHours): Array<{ days: string; hours: string }> {
  const rows: Array<{ first: Weekday; last: Weekday; hours: string }> = [];
  for (const day of weekOrder) {
    const text = dayHoursText(hours[day]);
    const previous = rows.at(-1);
    if (previous && previous.hours === text) previous.last = day;
    else rows.push({ first: day, last: day, hours: text });
  }
  return rows.map((row) => ({
    days: row.first === row.last ? dayNames[row.first] : `${dayNames[row.first]} – ${dayNames[row.last]}`,
    hours: row.hours,
  }));
}

export function publicFactsOf(facts: WorkshopFacts): PublicFacts {
  const { workshop } = facts;
  const offered = offeredServices(facts);
  const bookable = bookableServiceNames(facts);
  const phones = workshop.phones.map((phone) => ({ label: phone.label, display: phone.number, href: phoneHref(phone.number) }));
  return {
    legalName: workshop.legalName,
    street: workshop.street,
    postalCode: workshop.postalCode,
    city: workshop.city,
    country: site.address.country,
    countryCode: site.address.countryCode,
    fullAddress: `${workshop.street}, ${workshop.postalCode} ${workshop.city}`,
    phones,
    mainPhone: phones[0] ?? { label: "", display: "", href: "" },
    email: workshop.email,
    latitude: workshop.latitude,
    longitude: workshop.longitude,
    imprint: facts.imprint,
    hours: facts.hours,
    hoursDisplay: openingHoursDisplay(facts.hours),
    services: offered.map((service) => ({ name: service.name, description: service.description, priceFrom: service.priceFrom })),
    bookable: offered
      .filter((service) => service.bookable)
      .map((service) => ({
        name: service.name,
        bookable: true,
        durationMinutes: service.durationSteps * SLOT_MINUTES,
        ...(service.combinedSteps === null ? {} : { combinedMinutes: service.combinedSteps * SLOT_MINUTES }),
        needs: service.needs,
      })),
    pickupsPerDay: facts.bookingRules.pickupsPerDay,
    bookingRules: { leadTimeMinutes: facts.bookingRules.leadTimeMinutes, horizonDays: facts.bookingRules.horizonDays },
    bookingTimes: startTimesFor(slotRulesOf(facts), listedVisitMinutes(facts, [], bookable, SLOT_MINUTES)),
    pickupPostalCodes: [...facts.bookingRules.pickupPostalCodes],
    cancelCutoffHours: facts.bookingRules.cancelCutoffHours,
    reminderHours: facts.bookingRules.reminderHours,
    preLaunch: exampleValuesLeft(facts).length > 0,
  };
}

/** "ab € 89" / "ab € 89,50": the services section's optional price. */
export function priceFromText(price: number): string {
  return `ab € ${new Intl.NumberFormat("de-AT", { minimumFractionDigits: Number.isInteger(price) ? 0 : 2, maximumFractionDigits: 2 }).format(price)}`;
}

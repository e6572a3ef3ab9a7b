import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type BookingFormResult, BookingSection } from "~/components/booking/booking-section";
import { defaultWorkshopFacts, mainPhoneOf } from "~/domain/workshop";
import { type PublicFacts, publicFactsOf } from "~/lib/public-facts";
import type { BookingConfig } from "~/services/booking.server";
import { siteSlotRules, siteVisitFacts } from "./slot-rules";

/** The booking service's settings for tests: no rate limits, the site's rules, `overrides` on top. */
export function testBookingConfig(overrides: Partial<BookingConfig> = {}): BookingConfig {
  return {
    rateLimit: 0,
    rateLimitWindowSeconds: 600,
    dailyLimit: 0,
    maxOpenRequestsPerEmail: 3,
    maxPickupsPerDay: 3,
    fewFreeSlots: 3,
    workshopEmail: "werkstatt@happycar.example",
    rules: siteSlotRules,
    services: siteVisitFacts.services,
    pickupPostalCodes: defaultWorkshopFacts().bookingRules.pickupPostalCodes,
    phone: mainPhoneOf(defaultWorkshopFacts()),
    ...overrides,
  };
}

let requestCounter = 0;

/**
 * A customer's request as the form sends it: an Ölwechsel on `date` at 09:00, from an address of its
 * own (the per-address limit stays out of the way), `overrides` on top.
 */
export function bookingRequest(date: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  requestCounter += 1;
  return {
    name: "Anna Muster",
    email: `kunde${requestCounter}@example.at`,
    phone: "0664 1234567",
    service: "Ölwechsel",
    date,
    time: "09:00",
    ...overrides,
  };
}

/** The booking island's props as the home page hands them on from `facts` (app/routes/site/home.tsx). */
export function bookingFormProps(facts: PublicFacts) {
  return {
    services: facts.bookable,
    pickupsPerDay: facts.pickupsPerDay,
    pickupPostalCodes: facts.pickupPostalCodes,
    phone: facts.mainPhone.display,
    slotFacts: facts,
    times: facts.bookingTimes,
  };
}

/** The booking island as the server renders it (without JavaScript) after a refused plain post, with a new database's facts. */
export function renderedBookingForm(result: BookingFormResult): string {
  return renderToStaticMarkup(createElement(BookingSection, { ...bookingFormProps(publicFactsOf(defaultWorkshopFacts())), result }));
}

import { defaultSlotRules } from "~/domain/slots";
import type { BookingConfig } from "~/services/booking.server";

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
    rules: defaultSlotRules,
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

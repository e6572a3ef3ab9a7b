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

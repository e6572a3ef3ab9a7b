/**
 * The car of a booking and how it reaches the workshop: pure rules (no clock,
 * no I/O). Callers pass the current month where a rule needs it.
 */

/** How the car arrives: the customer waits, leaves it, or we fetch and return it. */
export const handovers = ["wait", "drop_off", "pickup"] as const;
export type Handover = (typeof handovers)[number];

/** Letters (with umlauts, for German plates), digits, spaces and hyphens. */
const PLATE_CHARACTERS = /^[A-ZÄÖÜ0-9 -]+$/;
const PLATE_SEPARATORS = /[\s-]+/g;
export const PLATE_MIN_SIGNS = 2;
export const PLATE_MAX_SIGNS = 10;

/** The plate as stored and shown: upper case, runs of spaces collapsed. */
export function displayLicensePlate(value: string): string {
  return value.toUpperCase().replace(/\s+/g, " ").trim();
}

/** The plate without spaces and hyphens, upper case: what the board's search compares. */
export function normalizeLicensePlate(value: string): string {
  return value.toUpperCase().replace(PLATE_SEPARATORS, "");
}

type LicensePlateProblem = "characters" | "length";

/** Why a typed plate is not one, or undefined when it is. */
export function licensePlateProblem(value: string): LicensePlateProblem | undefined {
  const plate = displayLicensePlate(value);
  if (!PLATE_CHARACTERS.test(plate)) return "characters";
  const signs = normalizeLicensePlate(plate).length;
  return signs < PLATE_MIN_SIGNS || signs > PLATE_MAX_SIGNS ? "length" : undefined;
}

/** Vienna's postal codes: 1010 (1st district) to 1230 (23rd), the district in the middle digits. */
export const VIENNA_POSTAL_CODE_RANGE = { first: "1010", last: "1230" } as const;

export function isViennaPostalCode(code: string): boolean {
  return /^1(0[1-9]|1[0-9]|2[0-3])0$/.test(code);
}

type PickupAddressProblem = "street" | "postalCode" | "outsideVienna";

/**
 * Whether a pick-up address has a street and a Vienna postal code. The postal
 * code is the address's last four-digit number ("Hauptstraße 5, 1100 Wien"):
 * house numbers of four digits are rare, and they come before it.
 */
export function pickupAddressProblem(address: string): PickupAddressProblem | undefined {
  const codes = address.match(/(?<!\d)\d{4}(?!\d)/g);
  const code = codes?.at(-1);
  const street = (code ? address.replace(code, "") : address).replace(/\bwien\b/giu, "");
  if (!/\p{L}{3,}/u.test(street)) return "street";
  if (!code) return "postalCode";
  return isViennaPostalCode(code) ? undefined : "outsideVienna";
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const FIRST_REGISTRATION_EARLIEST = "1900-01";

type FirstRegistrationProblem = "format" | "tooEarly" | "future";

/**
 * Whether `yyyy-MM` is a possible first registration at `currentMonth`
 * (yyyy-MM in the workshop's zone): from January 1900 up to this month.
 */
export function firstRegistrationProblem(value: string, currentMonth: string): FirstRegistrationProblem | undefined {
  if (!MONTH.test(value)) return "format";
  if (value < FIRST_REGISTRATION_EARLIEST) return "tooEarly";
  return value > currentMonth ? "future" : undefined;
}

export const MAX_MILEAGE_KM = 2_000_000;

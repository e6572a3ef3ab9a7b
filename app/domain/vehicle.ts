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

/** Vienna's postal codes, 1010 (1st district) … 1230 (23rd), the district in the middle digits: the pick-up area of a new database. */
export const VIENNA_POSTAL_CODES: readonly string[] = Array.from({ length: 23 }, (_, index) => `1${String(index + 1).padStart(2, "0")}0`);

/** Whether `area` is all of Vienna and nothing else: then the texts say 'Wiener Stadtgebiet'. */
export function isViennaArea(area: ReadonlyArray<string>): boolean {
  const codes = new Set(area);
  return codes.size === VIENNA_POSTAL_CODES.length && VIENNA_POSTAL_CODES.every((code) => codes.has(code));
}

/**
 * The postal code of an address: its last four-digit number ("Hauptstraße 5, 1100 Wien"); house
 * numbers of four digits are rare, and they come before it.
 */
export function addressPostalCode(address: string): string | undefined {
  return address.match(/(?<!\d)\d{4}(?!\d)/g)?.at(-1);
}

type PickupAddressProblem = "street" | "postalCode" | "outsideArea";

/** Whether a pick-up address has a street and one of the pick-up service's postal codes (`area`, the workshop's facts). */
export function pickupAddressProblem(address: string, area: ReadonlyArray<string>): PickupAddressProblem | undefined {
  const code = addressPostalCode(address);
  const street = (code ? address.replace(code, "") : address).replace(/\bwien\b/giu, "");
  if (!/\p{L}{3,}/u.test(street)) return "street";
  if (!code) return "postalCode";
  return area.includes(code) ? undefined : "outsideArea";
}

/**
 * The postal codes as runs to name them by ("1010–1090, 1100"): sorted, and three or more with the
 * same step of 1 or 10 (Vienna's districts) in a row as one run from its first to its last.
 */
export function postalCodeRuns(area: ReadonlyArray<string>): Array<{ first: string; last: string }> {
  const codes = [...new Set(area)].sort();
  const runs: Array<{ first: string; last: string }> = [];
  let start = 0;
  while (start < codes.length) {
    const step = Number(codes[start + 1]) - Number(codes[start]);
    let end = start;
    if (step === 1 || step === 10) {
      while (end + 1 < codes.length && Number(codes[end + 1]) - Number(codes[end]) === step) end++;
    }
    if (end - start < 2) end = start;
    runs.push({ first: codes[start]!, last: codes[end]! });
    start = end + 1;
  }
  return runs;
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

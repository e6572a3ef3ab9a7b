import { describe, expect, it } from "vitest";
import {
  addressPostalCode,
  displayLicensePlate,
  firstRegistrationProblem,
  isViennaArea,
  licensePlateProblem,
  normalizeLicensePlate,
  pickupAddressProblem,
  postalCodeRuns,
  VIENNA_POSTAL_CODES,
} from "./vehicle";

describe("licence plates", () => {
  it.each([
    ["W-12345A", undefined],
    ["w 123 ab", undefined],
    ["BN-12 AB", undefined],
    ["MÜ-AB 12", undefined],
    ["AB", undefined],
    ["W1", undefined],
    ["W", "length"],
    ["W - -", "length"],
    ["ABCDEFGHIJ", undefined],
    ["ABCDEFGHIJK", "length"],
    ["W-123.45", "characters"],
    ["W_123", "characters"],
    ["W/123", "characters"],
  ])("%s → %s", (plate, problem) => {
    expect(licensePlateProblem(plate)).toBe(problem);
  });

  it("is stored upper-case with single spaces, and searched without spaces and hyphens", () => {
    expect(displayLicensePlate("  w   123-ab ")).toBe("W 123-AB");
    expect(normalizeLicensePlate("W 123-AB")).toBe("W123AB");
    expect(normalizeLicensePlate("w-123 ab")).toBe(normalizeLicensePlate("W123AB"));
  });
});

describe("the pick-up area's postal codes", () => {
  it("Vienna's are 1010 … 1230, the district in the middle digits", () => {
    expect(VIENNA_POSTAL_CODES).toHaveLength(23);
    expect(VIENNA_POSTAL_CODES.slice(0, 2)).toEqual(["1010", "1020"]);
    expect(VIENNA_POSTAL_CODES.at(-1)).toBe("1230");
    expect(isViennaArea([...VIENNA_POSTAL_CODES].reverse())).toBe(true);
    expect(isViennaArea(VIENNA_POSTAL_CODES.slice(1))).toBe(false);
    expect(isViennaArea([...VIENNA_POSTAL_CODES, "2340"])).toBe(false);
  });

  it.each([
    ["Mariahilfer Straße 12, 1060 Wien", undefined],
    ["1060 Wien, Mariahilfer Straße 12", undefined],
    ["Hauptstraße 1234, 1100 Wien", undefined],
    ["Favoritenstraße 5/3/12 1100", undefined],
    ["Hauptstraße 5, 2340 Mödling", "outsideArea"],
    ["Landstraße 1, 4020 Linz", "outsideArea"],
    ["Praterstraße 1, 1015 Wien", "outsideArea"],
    ["Mariahilfer Straße 12, Wien", "postalCode"],
    ["1100 Wien", "street"],
    ["12, 1100", "street"],
  ])("%s in Vienna → %s", (address, problem) => {
    expect(pickupAddressProblem(address, VIENNA_POSTAL_CODES)).toBe(problem);
  });

  it("holds an address to the area given (the workshop's facts), not to Vienna", () => {
    expect(pickupAddressProblem("Hauptstraße 5, 2340 Mödling", ["2340"])).toBeUndefined();
    expect(pickupAddressProblem("Mariahilfer Straße 12, 1060 Wien", ["2340"])).toBe("outsideArea");
    expect(pickupAddressProblem("Mariahilfer Straße 12, 1060 Wien", [])).toBe("outsideArea");
    expect(addressPostalCode("Hauptstraße 1234, 1100 Wien")).toBe("1100");
  });

  it.each([
    [VIENNA_POSTAL_CODES, [["1010", "1230"]]],
    [
      ["1100", "1010", "1020", "1030", "1120"],
      [
        ["1010", "1030"],
        ["1100", "1100"],
        ["1120", "1120"],
      ],
    ],
    [
      ["2340", "2341", "2342", "2344", "1010", "1020"],
      [
        ["1010", "1010"],
        ["1020", "1020"],
        ["2340", "2342"],
        ["2344", "2344"],
      ],
    ],
    [["1100", "1100"], [["1100", "1100"]]],
    [[], []],
  ])("%j in runs → %j", (codes, runs) => {
    expect(postalCodeRuns(codes).map((run) => [run.first, run.last])).toEqual(runs);
  });
});

describe("first registration", () => {
  it.each([
    ["2015-03", undefined],
    ["1900-01", undefined],
    ["2026-11", undefined],
    ["2026-12", "future"],
    ["2027-01", "future"],
    ["1899-12", "tooEarly"],
    ["2015-13", "format"],
    ["2015-3", "format"],
    ["03/2015", "format"],
  ])("%s in November 2026 → %s", (month, problem) => {
    expect(firstRegistrationProblem(month, "2026-11")).toBe(problem);
  });
});

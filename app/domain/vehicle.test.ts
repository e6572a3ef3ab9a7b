import { describe, expect, it } from "vitest";
import {
  displayLicensePlate,
  firstRegistrationProblem,
  isViennaPostalCode,
  licensePlateProblem,
  normalizeLicensePlate,
  pickupAddressProblem,
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

describe("Vienna postal codes", () => {
  it.each([
    ["1010", true],
    ["1100", true],
    ["1230", true],
    ["1190", true],
    ["1000", false],
    ["1240", false],
    ["1015", false],
    ["2340", false],
    ["4020", false],
    ["101", false],
  ])("%s → %s", (code, vienna) => {
    expect(isViennaPostalCode(code)).toBe(vienna);
  });

  it.each([
    ["Mariahilfer Straße 12, 1060 Wien", undefined],
    ["1060 Wien, Mariahilfer Straße 12", undefined],
    ["Hauptstraße 1234, 1100 Wien", undefined],
    ["Favoritenstraße 5/3/12 1100", undefined],
    ["Hauptstraße 5, 2340 Mödling", "outsideVienna"],
    ["Landstraße 1, 4020 Linz", "outsideVienna"],
    ["Mariahilfer Straße 12, Wien", "postalCode"],
    ["1100 Wien", "street"],
    ["12, 1100", "street"],
  ])("%s → %s", (address, problem) => {
    expect(pickupAddressProblem(address)).toBe(problem);
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

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bookingInputFromForm, cleanText, validateBooking } from "./booking";

const valid = {
  name: "Anna Muster",
  email: "anna@example.at",
  phone: "+43 (664) 123-45/67",
  service: "§57a Überprüfung",
  date: "2026-12-01",
  time: "08:00",
  message: "Bitte Winterreifen mitbringen.",
};

describe("validateBooking: valid input", () => {
  it("accepts the full form and keeps the values", () => {
    expect(validateBooking(valid)).toEqual({ ok: true, data: valid });
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["blank", "   "],
    ["null", null],
  ])("the message is optional (%s → null)", (_label, message) => {
    const result = validateBooking({ ...valid, message });
    expect(result).toEqual({ ok: true, data: { ...valid, message: null } });
  });

  it.each(["Reparaturen", "§57a Überprüfung", "Reifenservice", "Ölwechsel", "Elektrik", "Bremsenservice", "Wartung"])(
    "service %s is bookable",
    (service) => {
      expect(validateBooking({ ...valid, service }).ok).toBe(true);
    },
  );

  it("trims and strips control characters; the message keeps its line breaks", () => {
    const result = validateBooking({
      ...valid,
      name: "  Anna\u0000 Mus\u0007ter\t ",
      email: " anna@example.at\r\n",
      message: "  Zeile 1\r\nZeile\u001b 2  ",
    });
    expect(result).toEqual({
      ok: true,
      data: { ...valid, name: "Anna Muster", email: "anna@example.at", message: "Zeile 1\nZeile 2" },
    });
  });
});

describe("validateBooking: missing required fields", () => {
  it.each([
    ["name", "Bitte geben Sie Ihren Namen an."],
    ["email", "Bitte geben Sie Ihre E-Mail-Adresse an."],
    ["phone", "Bitte geben Sie Ihre Telefonnummer an."],
    ["service", "Bitte wählen Sie eine Leistung aus."],
    ["date", "Bitte wählen Sie ein Datum aus."],
    ["time", "Bitte wählen Sie eine Uhrzeit aus."],
  ])("without %s: top message and field message", (field, message) => {
    for (const value of [undefined, "", " \t ", "\u0000"]) {
      const result = validateBooking({ ...valid, [field]: value });
      expect(result).toEqual({
        ok: false,
        error: "Bitte füllen Sie alle Pflichtfelder aus.",
        fields: { [field]: message },
        missingRequired: true,
      });
    }
  });

  it("an empty object lists every required field", () => {
    const result = validateBooking({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe("Bitte füllen Sie alle Pflichtfelder aus.");
    expect(Object.keys(result.fields).sort()).toEqual(["date", "email", "name", "phone", "service", "time"]);
  });
});

describe("validateBooking: invalid values", () => {
  const phoneMessage =
    "Bitte geben Sie eine gültige Telefonnummer an (6 bis 20 Ziffern; erlaubt sind auch +, Leerzeichen, /, - und Klammern).";
  it.each([
    ["name", "A", "Der Name muss mindestens 2 Zeichen lang sein."],
    ["name", "A".repeat(101), "Der Name darf höchstens 100 Zeichen lang sein."],
    ["name", 42, "Bitte geben Sie Ihren Namen an."],
    ["email", "anna@", "Bitte geben Sie eine gültige E-Mail-Adresse an."],
    ["email", "anna example.at", "Bitte geben Sie eine gültige E-Mail-Adresse an."],
    ["email", `${"a".repeat(64)}@${"b".repeat(187)}.at`, "Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein."],
    ["phone", "12345", phoneMessage],
    ["phone", "1".repeat(21), phoneMessage],
    ["phone", "0664 123 45 67 ext", phoneMessage],
    ["phone", "0664+1234567", phoneMessage],
    ["service", "Express-Service", "Bitte wählen Sie eine der angebotenen Leistungen aus."],
    ["service", "Lackierung", "Bitte wählen Sie eine der angebotenen Leistungen aus."],
    ["date", "01.12.2026", "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT)."],
    ["date", "2026-02-30", "Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT)."],
    ["time", "8:00", "Bitte geben Sie eine gültige Uhrzeit an (HH:MM)."],
    ["time", "24:00", "Bitte geben Sie eine gültige Uhrzeit an (HH:MM)."],
    ["message", "x".repeat(2001), "Die Nachricht darf höchstens 2000 Zeichen lang sein."],
  ])("%s = %j → %s", (field, value, message) => {
    expect(validateBooking({ ...valid, [field]: value })).toEqual({
      ok: false,
      error: value === 42 ? "Bitte füllen Sie alle Pflichtfelder aus." : "Bitte überprüfen Sie Ihre Eingaben.",
      fields: { [field]: message },
      missingRequired: value === 42,
    });
  });

  it.each([
    ["phone", "123456"],
    ["phone", "1".repeat(20)],
    ["name", "Al"],
    ["name", "A".repeat(100)],
    ["email", `${"a".repeat(64)}@${"b".repeat(186)}.at`],
    ["message", "x".repeat(2000)],
  ])("boundary %s = %j is valid", (field, value) => {
    expect(validateBooking({ ...valid, [field]: value }).ok).toBe(true);
  });
});

describe("form names", () => {
  it("maps booking-* form fields to the API's names", () => {
    expect(
      bookingInputFromForm({
        "booking-name": "Anna",
        "booking-email": "a@b.at",
        "booking-phone": "123456",
        "booking-service": "Wartung",
        "booking-date": "2026-12-01",
        "booking-time": "08:00",
        "booking-website": "",
        other: "ignored",
      }),
    ).toEqual({
      name: "Anna",
      email: "a@b.at",
      phone: "123456",
      service: "Wartung",
      date: "2026-12-01",
      time: "08:00",
      message: "",
      website: "",
    });
  });

  it("cleanText flattens line breaks outside the message", () => {
    expect(cleanText(" a\nb ")).toBe("a b");
    expect(cleanText(" a\nb ", true)).toBe("a\nb");
  });
});

describe("zod setup", () => {
  it("runs jitless, so the browser never probes new Function (blocked by our CSP)", () => {
    expect(z.config().jitless).toBe(true);
  });
});

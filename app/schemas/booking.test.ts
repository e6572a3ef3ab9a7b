import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bookableServiceNames, defaultWorkshopFacts, mainPhoneOf } from "~/domain/workshop";
import { bookingInputFromForm, type BookingOffer, validateBooking } from "./booking";
import { cleanText } from "./text";

/** What the workshop of a new database offers (app/config/site.ts's defaults), as the facts hand it on. */
const defaults = defaultWorkshopFacts();
const offer: BookingOffer = {
  services: bookableServiceNames(defaults),
  pickupPostalCodes: defaults.bookingRules.pickupPostalCodes,
  phone: mainPhoneOf(defaults),
};

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
    expect(validateBooking(valid, offer)).toEqual({ ok: true, data: valid });
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["blank", "   "],
    ["null", null],
  ])("the message is optional (%s → null)", (_label, message) => {
    const result = validateBooking({ ...valid, message }, offer);
    expect(result).toEqual({ ok: true, data: { ...valid, message: null } });
  });

  it.each(["Reparaturen", "§57a Überprüfung", "Reifenservice", "Ölwechsel", "Elektrik", "Bremsenservice", "Wartung"])(
    "service %s is bookable",
    (service) => {
      expect(validateBooking({ ...valid, service }, offer).ok).toBe(true);
    },
  );

  it("trims and strips control characters; the message keeps its line breaks", () => {
    const result = validateBooking(
      {
        ...valid,
        name: "  Anna\u0000 Mus\u0007ter\t ",
        email: " anna@example.at\r\n",
        message: "  Zeile 1\r\nZeile\u001b 2  ",
      },
      offer,
    );
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
      const result = validateBooking({ ...valid, [field]: value }, offer);
      expect(result).toEqual({
        ok: false,
        error: "Bitte füllen Sie alle Pflichtfelder aus.",
        fields: { [field]: message },
        missingRequired: true,
      });
    }
  });

  it("an empty object lists every required field", () => {
    const result = validateBooking({}, offer);
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
    expect(validateBooking({ ...valid, [field]: value }, offer)).toEqual({
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
    expect(validateBooking({ ...valid, [field]: value }, offer).ok).toBe(true);
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

describe("cleanText: broken and invisible Unicode", () => {
  it.each([
    ["a lone high surrogate", "x\uD800y", "xy", "xy"],
    ["a lone low surrogate", "x\uDC00y", "xy", "xy"],
    ["a lone surrogate at either end", "\uDBFFAnna\uD800", "Anna", "Anna"],
    ["a reversed pair", "x\uDC00\uD800y", "xy", "xy"],
    ["a high surrogate before a valid pair", "x\uD83D\uD83D\uDE97", "x🚗", "x🚗"],
    ["a valid pair before a low surrogate", "x\uD83D\uDE97\uDE97", "x🚗", "x🚗"],
    ["emoji", "Danke 🚗👍🏽 ❤️", "Danke 🚗👍🏽 ❤️", "Danke 🚗👍🏽 ❤️"],
    ["zero-width joiners inside emoji", "👩‍🔧 👨‍👩‍👧 🏳️‍🌈 🏃🏽‍♀️", "👩‍🔧 👨‍👩‍👧 🏳️‍🌈 🏃🏽‍♀️", "👩‍🔧 👨‍👩‍👧 🏳️‍🌈 🏃🏽‍♀️"],
    ["a zero-width joiner outside emoji", "An\u200Dna 🚗\u200D \u200D🚗", "Anna 🚗 🚗", "Anna 🚗 🚗"],
    ["zero-width space, non-joiner and direction marks", "A\u200Bn\u200Cn\u200Ea\u200F", "Anna", "Anna"],
    ["bidi embeddings and overrides", "\u202AA\u202Bn\u202Cn\u202Da\u202E", "Anna", "Anna"],
    ["word joiner and invisible operators", "A\u2060n\u2061n\u2062a\u2063\u2064", "Anna", "Anna"],
    ["bidi isolates", "\u2066A\u2067nn\u2068a\u2069", "Anna", "Anna"],
    ["a byte order mark inside", "An\uFEFFna", "Anna", "Anna"],
    ["line and paragraph separators", "a\u2028b\u2029c", "a b c", "a\nb\nc"],
    ["all line break forms together", "a\r\nb\rc\nd\u2028e", "a b c d e", "a\nb\nc\nd\ne"],
    ["nothing but invisible characters", " \u200B\uD800\u202E\uFEFF ", "", ""],
    ["umlauts and other scripts", "Jürgen Öztürk, Ζωή, Анна, 李", "Jürgen Öztürk, Ζωή, Анна, 李", "Jürgen Öztürk, Ζωή, Анна, 李"],
  ])("%s", (_label, input, singleLine, multiline) => {
    expect(cleanText(input)).toBe(singleLine);
    expect(cleanText(input, true)).toBe(multiline);
    // No surrogate is left unpaired, so the text survives JSON.stringify → jsonb.
    expect(cleanText(input)).not.toMatch(/[\uD800-\uDFFF]/u);
    expect(cleanText(input, true)).not.toMatch(/[\uD800-\uDFFF]/u);
  });
});

describe("validateBooking: broken and invisible Unicode", () => {
  it.each([
    ["name", "Anna\uD800 Mus\u200Bter", "Anna Muster"],
    ["email", "anna\uDC00@example.at\uFEFF", "anna@example.at"],
    ["phone", "\u202D+43 664\uD800 1234567", "+43 664 1234567"],
    ["message", "Zeile 1\u2028Zeile\uDBFF 2 🚗", "Zeile 1\nZeile 2 🚗"],
  ])("%s is cleaned before the rules apply", (field, value, cleaned) => {
    expect(validateBooking({ ...valid, [field]: value }, offer)).toEqual({ ok: true, data: { ...valid, [field]: cleaned } });
  });

  it.each(["name", "email", "phone", "service", "date", "time"])(
    "a required %s of only lone surrogates and invisible characters counts as missing",
    (field) => {
      const result = validateBooking({ ...valid, [field]: "\uD800\u200B\uDC00\u2066" }, offer);
      expect(result).toMatchObject({ ok: false, error: "Bitte füllen Sie alle Pflichtfelder aus.", missingRequired: true });
    },
  );
});

describe("zod setup", () => {
  it("runs jitless, so the browser never probes new Function (blocked by our CSP)", () => {
    expect(z.config().jitless).toBe(true);
  });
});

describe("validateBooking: the car and its hand-over", () => {
  const month = "2026-11";
  const car = {
    licensePlate: " w-123 ab ",
    vehicleModel: "VW Golf 1.6 TDI",
    mileageKm: "120.000",
    firstRegistration: "03/2015",
    handover: "pickup",
    pickupAddress: "Mariahilfer Straße 12, 1060 Wien",
  };

  it("accepts every field and stores the plate upper-case, the mileage as a number, the month as yyyy-MM", () => {
    expect(validateBooking({ ...valid, ...car }, offer, month)).toEqual({
      ok: true,
      data: {
        ...valid,
        licensePlate: "W-123 AB",
        vehicleModel: "VW Golf 1.6 TDI",
        mileageKm: 120000,
        firstRegistration: "2015-03",
        handover: "pickup",
        pickupAddress: "Mariahilfer Straße 12, 1060 Wien",
      },
    });
  });

  it("takes JSON numbers and blank values as absent", () => {
    const result = validateBooking({ ...valid, mileageKm: 0, licensePlate: "", handover: "", firstRegistration: " " }, offer, month);
    expect(result).toEqual({ ok: true, data: { ...valid, mileageKm: 0 } });
  });

  it("keeps no pick-up address without a pick-up", () => {
    const result = validateBooking({ ...valid, handover: "drop_off", pickupAddress: "Irgendwo 1, 4020 Linz" }, offer, month);
    expect(result).toEqual({ ok: true, data: { ...valid, handover: "drop_off" } });
  });

  it.each([
    ["licensePlate", "W_123", "Das Kennzeichen darf nur Buchstaben, Ziffern, Leerzeichen und Bindestriche enthalten."],
    ["licensePlate", "W", "Das Kennzeichen muss 2 bis 10 Buchstaben oder Ziffern haben."],
    ["licensePlate", 12345, "Das Kennzeichen darf nur Buchstaben, Ziffern, Leerzeichen und Bindestriche enthalten."],
    ["vehicleModel", "x".repeat(81), "Marke und Modell dürfen höchstens 80 Zeichen lang sein."],
    ["mileageKm", "12,5", "Bitte geben Sie den Kilometerstand als ganze Zahl von 0 bis 2.000.000 an."],
    ["mileageKm", -1, "Bitte geben Sie den Kilometerstand als ganze Zahl von 0 bis 2.000.000 an."],
    ["mileageKm", 2_000_001, "Bitte geben Sie den Kilometerstand als ganze Zahl von 0 bis 2.000.000 an."],
    ["mileageKm", 1.5, "Bitte geben Sie den Kilometerstand als ganze Zahl von 0 bis 2.000.000 an."],
    ["firstRegistration", "2015-13", "Bitte geben Sie die Erstzulassung als Monat und Jahr an, z. B. 03/2015."],
    ["firstRegistration", "1899-12", "Die Erstzulassung kann nicht vor 1900 liegen."],
    ["firstRegistration", "12/2026", "Die Erstzulassung kann nicht in der Zukunft liegen."],
    ["handover", "boat", "Bitte wählen Sie, wie Ihr Auto zu uns kommt."],
  ])("%s = %j → %s", (field, value, message) => {
    expect(validateBooking({ ...valid, [field]: value }, offer, month)).toEqual({
      ok: false,
      error: "Bitte überprüfen Sie Ihre Eingaben.",
      fields: { [field]: message },
      missingRequired: false,
    });
  });

  it.each([
    ["", "Bitte geben Sie für den Hol- und Bringservice die Abholadresse an."],
    ["Mariahilfer Straße 12", "Bitte geben Sie die Postleitzahl der Abholadresse an."],
    ["1060 Wien", "Bitte geben Sie Straße und Hausnummer der Abholadresse an."],
    [
      "Hauptstraße 5, 2340 Mödling",
      "Unseren Hol- und Bringservice bieten wir nur im Wiener Stadtgebiet an (Postleitzahlen 1010 bis 1230). Für eine Abholung von außerhalb rufen Sie uns bitte an: 01 234 56 78.",
    ],
  ])("a pick-up from %j → %s", (pickupAddress, message) => {
    expect(validateBooking({ ...valid, handover: "pickup", pickupAddress }, offer, month)).toMatchObject({
      ok: false,
      fields: { pickupAddress: message },
    });
  });

  it("holds the pick-up address to the facts' postal codes and names the facts' first phone (issue 29)", () => {
    const brenner: BookingOffer = { ...offer, pickupPostalCodes: ["1100", "1120", "2340"], phone: "01 604 22 11" };
    const pickup = (pickupAddress: string, given = brenner) =>
      validateBooking({ ...valid, handover: "pickup", pickupAddress }, given, month);
    expect(pickup("Hauptstraße 5, 2340 Mödling").ok).toBe(true);
    expect(pickup("Mariahilfer Straße 12, 1060 Wien")).toMatchObject({
      ok: false,
      fields: {
        pickupAddress:
          "Unseren Hol- und Bringservice bieten wir nur für die Postleitzahlen 1100, 1120 und 2340 an. Für eine Abholung von außerhalb rufen Sie uns bitte an: 01 604 22 11.",
      },
    });
    expect(pickup("Mariahilfer Straße 12, 1060 Wien", { ...brenner, pickupPostalCodes: ["1100"] })).toMatchObject({
      fields: { pickupAddress: expect.stringContaining("nur für die Postleitzahl 1100 an.") },
    });
    expect(pickup("Mariahilfer Straße 12, 1060 Wien", { ...brenner, pickupPostalCodes: [] })).toMatchObject({
      fields: { pickupAddress: "Unseren Hol- und Bringservice bieten wir derzeit nicht an. Bitte rufen Sie uns an: 01 604 22 11." },
    });
  });

  it("names the pick-up problem together with the other fields' problems", () => {
    const result = validateBooking({ ...valid, email: "x", handover: "pickup", pickupAddress: "Linzer Str. 1, 4020 Linz" }, offer, month);
    expect(result).toMatchObject({ ok: false, fields: { email: expect.any(String), pickupAddress: expect.stringContaining("Wiener") } });
  });
});

describe("validateBooking: the §57a reminder's checkbox", () => {
  const withCar = { ...valid, firstRegistration: "03/2018" };

  it.each([
    [true, true],
    ["on", true],
    ["true", true],
    [false, undefined],
    ["", undefined],
    ["false", undefined],
    [undefined, undefined],
  ])("%j → %j", (value, expected) => {
    const result = validateBooking({ ...withCar, inspectionReminder: value }, offer, "2026-11");
    expect(result.ok ? result.data.inspectionReminder : result.fields).toBe(expected);
  });

  it("needs the first registration, and names anything else as invalid", () => {
    expect(validateBooking({ ...valid, inspectionReminder: "on" }, offer, "2026-11")).toMatchObject({
      ok: false,
      fields: { inspectionReminder: "Für die Erinnerung an die §57a-Begutachtung geben Sie bitte die Erstzulassung an." },
    });
    expect(validateBooking({ ...withCar, inspectionReminder: "ja" }, offer, "2026-11")).toMatchObject({
      ok: false,
      fields: { inspectionReminder: "Bitte kreuzen Sie die Erinnerung an oder lassen Sie das Feld leer." },
    });
  });

  it("comes from the form only when ticked", () => {
    const form = { "booking-first-registration": "2018-03", "booking-inspection-reminder": "on" };
    expect(bookingInputFromForm(form)).toMatchObject({ firstRegistration: "2018-03", inspectionReminder: "on" });
    expect(bookingInputFromForm({ "booking-first-registration": "2018-03" })).not.toHaveProperty("inspectionReminder");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDateDE, formatIsoDateDE, parseIsoDate } from "./format-date";

describe("formatDateDE", () => {
  it("formats a Date as dd.MM.yyyy", () => {
    expect(formatDateDE(new Date(2026, 11, 1))).toBe("01.12.2026");
    expect(formatDateDE(new Date(2024, 1, 29, 23, 59))).toBe("29.02.2024");
  });

  it("formats a yyyy-MM-dd string as the same calendar day", () => {
    expect(formatDateDE("2026-12-01")).toBe("01.12.2026");
    expect(formatIsoDateDE("2027-01-09")).toBe("09.01.2027");
  });

  it("rejects invalid input", () => {
    expect(() => formatDateDE("2026-02-30")).toThrow("Ungültiges Datum: 2026-02-30");
    expect(() => formatDateDE("01.12.2026")).toThrow("Ungültiges Datum: 01.12.2026");
    expect(() => formatDateDE(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("round-trips every calendar day", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1990, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true }), (date) => {
        const [day, month, year] = formatDateDE(date).split(".").map(Number);
        expect([year, month, day]).toEqual([date.getFullYear(), date.getMonth() + 1, date.getDate()]);
        const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect(formatDateDE(parseIsoDate(iso))).toBe(formatDateDE(date));
      }),
    );
  });
});

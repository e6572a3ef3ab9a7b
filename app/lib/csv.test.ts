import { describe, expect, it } from "vitest";
import { type CsvValue, toCsv } from "./csv";

/** One value as the file has it: the record of a one-column file without its BOM and CRLF. */
function csvField(value: CsvValue): string {
  return toCsv(["Kopf"], [[value]]).slice('\uFEFF"Kopf"\r\n'.length, -"\r\n".length);
}

describe("one field of the file", () => {
  it.each([
    ["Maria Muster", '"Maria Muster"'],
    ["", '""'],
    [null, '""'],
    [undefined, '""'],
    [120000, '"120000"'],
    ['Sagte "bitte schnell"', '"Sagte ""bitte schnell"""'],
    ["Wien; 3. Bezirk", '"Wien; 3. Bezirk"'],
    ["Zeile 1\r\nZeile 2\nZeile 3", '"Zeile 1\r\nZeile 2\nZeile 3"'],
    ["Größe, Öl & Übergabe", '"Größe, Öl & Übergabe"'],
  ])("quotes %j as %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Klick")', `"'=HYPERLINK(""http://evil.example"",""Klick"")"`],
    ["+43 664 1234567", `"'+43 664 1234567"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ["@SUM(1+1)", `"'@SUM(1+1)"`],
    ["\t=1+1", `"'\t=1+1"`],
    ["\r=1+1", `"'\r=1+1"`],
    ["\uFF1DSUMME(1)", `"'\uFF1DSUMME(1)"`],
  ])("neutralises the formula %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it("leaves a formula character inside a value alone", () => {
    expect(csvField("W-123 AB")).toBe('"W-123 AB"');
    expect(csvField("a=b")).toBe('"a=b"');
  });
});

describe("toCsv", () => {
  it("starts with the BOM, separates by ';' and ends every record with CRLF", () => {
    const csv = toCsv(
      ["Name", "Nachricht"],
      [
        ["Anna", "Hallo; wie geht's?\nZweite Zeile"],
        ["=1+1", null],
      ],
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toBe('\uFEFF"Name";"Nachricht"\r\n"Anna";"Hallo; wie geht\'s?\nZweite Zeile"\r\n"\'=1+1";""\r\n');
  });

  it("is only the header for no rows", () => {
    expect(toCsv(["A", "B"], [])).toBe('\uFEFF"A";"B"\r\n');
  });
});

import { stringify } from "csv-stringify/sync";

/**
 * CSV as Excel in German opens it with a double click: UTF-8 with a byte order
 * mark (else umlauts break), `;` between fields (`,` is the decimal comma),
 * CRLF after every record, every field quoted as RFC 4180 says (quotes doubled,
 * so `;`, quotes and line breaks stay inside their field). A value that a
 * spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return, or a full-width `=`, `+`, `-`, `@`; OWASP "CSV
 * Injection") gets a leading `'`, which makes it text: customers type names,
 * messages and addresses themselves. csv-stringify does the writing.
 */

export type CsvValue = string | number | null | undefined;

/** The whole file: BOM, the header, one record per row, each ended by CRLF; null and undefined are empty fields. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], {
    bom: true,
    delimiter: ";",
    record_delimiter: "windows",
    quoted: true,
    quoted_empty: true,
    escape_formulas: true,
  });
}

/**
 * CSV as Excel in German opens it with a double click: UTF-8 with a byte order
 * mark (else umlauts break), `;` between fields (`,` is the decimal comma),
 * CRLF after every record, every field quoted as RFC 4180 says (quotes doubled,
 * so `;`, quotes and line breaks stay inside their field). A value that a
 * spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return; OWASP "CSV Injection") gets a leading `'`, which makes
 * it text: customers type names, messages and addresses themselves.
 */

export type CsvValue = string | number | null | undefined;

const BOM = "\uFEFF";
const SEPARATOR = ";";
const LINE_END = "\r\n";
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: quoted, quotes doubled, a formula start neutralised; null and undefined are empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The whole file: BOM, the header, one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const record = (values: readonly CsvValue[]) => values.map(csvField).join(SEPARATOR) + LINE_END;
  return BOM + record(header) + rows.map(record).join("");
}

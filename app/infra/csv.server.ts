import { stringify } from "csv-stringify/sync";

/**
 * A cell a spreadsheet would run as a formula (or a DDE command) starts with one of these;
 * prefixing a single quote makes Excel, LibreOffice and Google Sheets show it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * CSV text: a header row, then one line per row, every cell neutralised, RFC 4180 quoting
 * (csv-stringify), CRLF line ends, and a UTF-8 byte order mark so Excel reads accents right.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const body = stringify([header.map(neutraliseCell), ...rows.map((row) => row.map(neutraliseCell))], {
    record_delimiter: "\r\n",
    // csv-stringify quotes only cells holding the record delimiter (CRLF); a bare LF or CR in a
    // cell (a message's line break) would otherwise end the row in a spreadsheet.
    quoted_match: /[\r\n]/,
  });
  return `\uFEFF${body}`;
}

/** A CSV download for staff: never cached, never indexed, named for the browser's save dialog. */
export function csvResponse(filename: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

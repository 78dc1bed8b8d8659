import { strToU8, zipSync } from "fflate";

// An OpenDocument spreadsheet (.ods) written by hand: a zip (fflate) holding `mimetype` first and
// uncompressed (the OpenDocument rule that lets readers recognise the file), the manifest, and the
// sheets in content.xml. Cells are text, numbers, amounts in pence (numbers shown with two decimals,
// HMRC's amount column) or days (dates shown DD/MM/YY, HMRC's date cells). No formulas are ever written.

export const ODS_CONTENT_TYPE = "application/vnd.oasis.opendocument.spreadsheet";

/**
 * A cell: text ("" is an empty cell), a whole number, an amount in whole pence written as a number
 * with two decimals, or a calendar day (YYYY-MM-DD) written as a date shown DD/MM/YY.
 */
export type OdsCell = string | { number: number } | { pence: number } | { day: string };

export interface OdsSheet {
  name: string;
  rows: readonly (readonly OdsCell[])[];
}

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
].join(" ");

/** Text for XML: markup characters escaped, and characters XML 1.0 cannot hold dropped. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function poundsOf(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function cellXml(cell: OdsCell): string {
  if (typeof cell === "string") {
    if (cell === "") return "<table:table-cell/>";
    return `<table:table-cell office:value-type="string"><text:p>${xmlText(cell)}</text:p></table:table-cell>`;
  }
  if ("number" in cell) {
    if (!Number.isSafeInteger(cell.number)) throw new Error("An ODS number cell takes a whole number");
    return `<table:table-cell office:value-type="float" office:value="${cell.number}"><text:p>${cell.number}</text:p></table:table-cell>`;
  }
  if ("day" in cell) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell.day);
    if (!match) throw new Error("An ODS date cell takes a day as YYYY-MM-DD");
    const shown = `${match[3]}/${match[2]}/${match[1].slice(-2)}`;
    return `<table:table-cell table:style-name="day" office:value-type="date" office:date-value="${cell.day}"><text:p>${shown}</text:p></table:table-cell>`;
  }
  const pounds = poundsOf(cell.pence);
  return `<table:table-cell table:style-name="amount" office:value-type="float" office:value="${pounds}"><text:p>${pounds}</text:p></table:table-cell>`;
}

function contentXml(sheets: readonly OdsSheet[]): string {
  const tables = sheets
    .map(
      (sheet) =>
        `<table:table table:name="${xmlText(sheet.name)}">` +
        sheet.rows.map((row) => `<table:table-row>${row.map(cellXml).join("")}</table:table-row>`).join("") +
        "</table:table>",
    )
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<office:document-content ${NS} office:version="1.2">` +
    "<office:automatic-styles>" +
    '<number:number-style style:name="pounds"><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/></number:number-style>' +
    '<style:style style:name="amount" style:family="table-cell" style:data-style-name="pounds"/>' +
    '<number:date-style style:name="ddmmyy"><number:day number:style="long"/><number:text>/</number:text>' +
    '<number:month number:style="long"/><number:text>/</number:text><number:year/></number:date-style>' +
    '<style:style style:name="day" style:family="table-cell" style:data-style-name="ddmmyy"/>' +
    "</office:automatic-styles>" +
    `<office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body>` +
    "</office:document-content>"
  );
}

const MANIFEST =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
  `<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${ODS_CONTENT_TYPE}"/>` +
  '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
  '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>' +
  "</manifest:manifest>";

const STYLES = `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${NS} office:version="1.2"/>`;

/** The .ods file's bytes. */
export function writeOds(sheets: readonly OdsSheet[]): Uint8Array {
  return zipSync({
    // First, stored (level 0): readers find "mimetype" and the type at fixed offsets.
    mimetype: [strToU8(ODS_CONTENT_TYPE), { level: 0 }],
    "META-INF/manifest.xml": strToU8(MANIFEST),
    "styles.xml": strToU8(STYLES),
    "content.xml": strToU8(contentXml(sheets)),
  });
}

/** A spreadsheet download for staff, like csvResponse: never cached, never indexed. */
export function odsResponse(filename: string, bytes: Uint8Array): Response {
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      "Content-Type": ODS_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

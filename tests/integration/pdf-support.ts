// Reading a PDF's text in tests, with no PDF library: each content stream is inflated (zlib,
// FlateDecode) when compressed, and the strings of its text operators (TJ arrays and Tj, hex or
// literal) are decoded as WinAnsi/Latin-1, one line per operator.
import zlib from "node:zlib";

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, "");
  return Buffer.from(clean.length % 2 ? `${clean}0` : clean, "hex").toString("latin1");
}

function decodeLiteral(text: string): string {
  return text.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, code: string) => {
    const simple: Record<string, string> = {
      n: "\n",
      r: "\r",
      t: "\t",
      b: "\b",
      f: "\f",
      "(": "(",
      ")": ")",
      "\\": "\\",
    };
    return simple[code] ?? String.fromCharCode(parseInt(code, 8));
  });
}

function textOfStream(content: string): string[] {
  const lines: string[] = [];
  for (const match of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^()\\]|\\.)*\))\s*Tj/g)) {
    const source = match[1] ?? match[2];
    let line = "";
    for (const piece of source.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^()\\]|\\.)*)\)/g)) {
      line += piece[1] !== undefined ? decodeHex(piece[1]) : decodeLiteral(piece[2]);
    }
    lines.push(line);
  }
  return lines;
}

/** Every line of text the PDF draws, in drawing order. */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream", at, "latin1");
    if (start === -1) break;
    let dataStart = start + "stream".length;
    if (pdf[dataStart] === 0x0d) dataStart++;
    if (pdf[dataStart] === 0x0a) dataStart++;
    const end = pdf.indexOf("endstream", dataStart, "latin1");
    if (end === -1) break;
    // "endstream" also contains "stream": skip past it.
    at = end + "endstream".length;
    const dictionary = pdf.subarray(Math.max(0, start - 300), start).toString("latin1");
    const raw = pdf.subarray(dataStart, end);
    let content: string;
    if (dictionary.includes("/FlateDecode")) {
      try {
        content = zlib.inflateSync(raw).toString("latin1");
      } catch {
        continue;
      }
    } else {
      content = raw.toString("latin1");
    }
    lines.push(...textOfStream(content));
  }
  return lines;
}

export function pdfText(pdf: Buffer): string {
  return pdfTextLines(pdf).join("\n");
}

/**
 * The PDF's skeleton is sound: the header, a trailer whose startxref points at the cross-reference
 * table, every object that table lists found at its offset, and a catalog with pages.
 */
export function expectWellFormedPdf(pdf: Buffer): void {
  const text = pdf.toString("latin1");
  if (!text.startsWith("%PDF-1.")) throw new Error("no %PDF header");
  const trailer = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!trailer) throw new Error("no startxref / %%EOF trailer");
  const xref = Number(trailer[1]);
  if (!text.startsWith("xref", xref)) throw new Error(`startxref ${xref} does not point at the xref table`);
  const table = /^xref\s+(\d+)\s+(\d+)\s+/.exec(text.slice(xref));
  if (!table) throw new Error("unreadable xref table");
  const [first, count] = [Number(table[1]), Number(table[2])];
  const entries = text
    .slice(xref + table[0].length)
    .split(/\r?\n/)
    .slice(0, count);
  entries.forEach((entry, index) => {
    const [offset, , kind] = entry.trim().split(/\s+/);
    if (kind !== "n") return;
    const number = first + index;
    if (!text.startsWith(`${number} 0 obj`, Number(offset))) throw new Error(`object ${number} is not at ${offset}`);
  });
  if (!/\/Type \/Catalog/.test(text) || !/\/Type \/Pages/.test(text)) throw new Error("no catalog or page tree");
}

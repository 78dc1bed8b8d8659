// The words inside a PDF, for site search (docs/search.md): unpdf (pdf.js for servers) reads the
// text of every page. A file it cannot read (scanned pages without text, a damaged or encrypted
// file) gives null, and the publication is found by its title and description alone.
import fs from "node:fs/promises";
import path from "node:path";

/** At most this much of a document's text is indexed (a long report's first ~100 pages). */
export const PDF_TEXT_MAX = 200_000;

export async function extractPdfText(bytes: Uint8Array): Promise<string | null> {
  try {
    // pdf.js takes the buffer over; it gets a copy so the caller's bytes stay usable.
    // Loaded on first use: pdf.js is large, and most processes never read a PDF.
    const { extractText, getDocumentProxy } = await import("unpdf");
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    const clean = text.replace(/\s+/g, " ").trim();
    return clean ? clean.slice(0, PDF_TEXT_MAX) : null;
  } catch {
    return null;
  }
}

/**
 * The text of a PDF the site serves from `public/` (a publication's download, `/downloads/…`), or
 * null when there is no such file or no text in it.
 */
export async function publicPdfText(urlPath: string): Promise<string | null> {
  if (!/^\/downloads\/[\w.-]+\.pdf$/i.test(urlPath)) return null;
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path.join(process.cwd(), "public", urlPath));
  } catch {
    return null;
  }
  return extractPdfText(bytes);
}

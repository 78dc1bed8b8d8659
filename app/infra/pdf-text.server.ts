// PDFs read with unpdf (pdf.js for servers): whether a file is a PDF at all (an uploaded
// publication is checked by its content, never by its name), and the words inside it, for site
// search (docs/search.md). A file it cannot read (a damaged or encrypted file) is no PDF for an
// upload; one without text (scanned pages) gives null text, and the publication is found by its
// title and description alone.

/** At most this much of a document's text is indexed (a long report's first ~100 pages). */
export const PDF_TEXT_MAX = 200_000;

/** What every PDF file starts with (ISO 32000: the header `%PDF-1.7`). */
const PDF_SIGNATURE = "%PDF-";

/** Whether the bytes start with a PDF's header. */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, PDF_SIGNATURE.length)).toString("latin1") === PDF_SIGNATURE;
}

export interface ReadPdf {
  pages: number;
  /** The words of every page, spaces squeezed, at most PDF_TEXT_MAX characters; null when none. */
  text: string | null;
}

/**
 * The file read as a PDF: its page count and text, or null when it does not start with a PDF's
 * header, or pdf.js cannot open it (damaged, truncated, password-protected) or finds no page.
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf | null> {
  if (!hasPdfSignature(bytes)) return null;
  try {
    // pdf.js takes the buffer over; it gets a copy so the caller's bytes stay usable.
    // Loaded on first use: pdf.js is large, and most processes never read a PDF.
    const { extractText, getDocumentProxy } = await import("unpdf");
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      if (pdf.numPages < 1) return null;
      const { text } = await extractText(pdf, { mergePages: true });
      const clean = text.replace(/\s+/g, " ").trim();
      return { pages: pdf.numPages, text: clean ? clean.slice(0, PDF_TEXT_MAX) : null };
    } finally {
      await pdf.loadingTask.destroy().catch(() => undefined);
    }
  } catch {
    return null;
  }
}

/** The words inside a PDF, or null when it has none or is not a PDF pdf.js can read. */
export async function extractPdfText(bytes: Uint8Array): Promise<string | null> {
  return (await readPdf(bytes))?.text ?? null;
}

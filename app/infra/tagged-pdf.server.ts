// The charity's generated PDFs (the giving statement, a publication's sample) as tagged PDFs, so a
// screen reader can read them: A4, PDF 1.7, the catalogue says Marked, the language is en-GB, the
// title is shown instead of the file name, and every piece of text goes into a structure element
// of the one Document element, in reading order. Standard Helvetica fonts, nothing to embed.

export interface TaggedPdf {
  doc: PDFKit.PDFDocument;
  /** The one Document structure element; a table (Table, TR, TH/TD) is added to it by hand. */
  document: PDFKit.PDFStructureElement;
  /** A block of text as one structure element of the document, drawn now. */
  block(type: "H1" | "H2" | "P", draw: () => void): void;
  /** Ends the structure and the document: its bytes. */
  finish(): Promise<Buffer>;
}

/**
 * Starts a tagged A4 PDF with this margin and document information (title, author, subject, a
 * fixed creation date so the same input comes out byte for byte). `compress: false` leaves the text
 * streams readable (tests).
 */
export async function startTaggedPdf(options: {
  margin: number;
  info: PDFKit.DocumentInfo;
  compress?: boolean;
}): Promise<TaggedPdf> {
  // Loaded on the first PDF, not with the code that makes one: PDFKit takes longer to load than
  // most modules, which every server start and test file would otherwise pay.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: options.margin,
    compress: options.compress ?? true,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-GB",
    displayTitle: true,
    info: options.info,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const document = doc.struct("Document");
  doc.addStructure(document);
  return {
    doc,
    document,
    block: (type, draw) => document.add(doc.struct(type, {}, draw)),
    finish: () => {
      document.end();
      doc.end();
      return done;
    },
  };
}

import { startTaggedPdf } from "~/infra/tagged-pdf.server";

// The sample PDF each of the spec's three publications gets at the first start (db/seed.ts), so
// every card has a working Download link before staff upload the real document. It says plainly,
// on its first line and in its title, that it is a sample. A tagged PDF like the giving statement
// (app/infra/tagged-pdf.server.ts): every piece of text in a structure element (H1, P) in reading
// order.

export interface SamplePublication {
  title: string;
  typeName: string;
  description: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  charityName: string;
}

export const SAMPLE_NOTICE = "Sample document";

const MARGIN = 56;
const CONTENT_WIDTH = 595.28 - 2 * MARGIN;

/** The sample's bytes, and its words as site search indexes them. */
export async function renderSamplePublicationPdf(sample: SamplePublication): Promise<{ bytes: Buffer; text: string }> {
  const lines = [
    `${SAMPLE_NOTICE}: not the real ${sample.typeName.toLowerCase()}.`,
    sample.title,
    `${sample.typeName}, ${sample.charityName}`,
    sample.description,
    SAMPLE_EXPLANATION,
  ];
  return { bytes: await renderPdf(sample, lines), text: lines.join(" ").replace(/\s+/g, " ") };
}

const SAMPLE_EXPLANATION =
  "This sample stands in for the document until the charity's staff upload the real one in the " +
  "Publications section of the staff area. The link on the website stays the same.";

async function renderPdf(
  sample: SamplePublication,
  [notice, title, byline, description, explanation]: string[],
): Promise<Buffer> {
  const { doc, block, finish } = await startTaggedPdf({
    margin: MARGIN,
    info: {
      Title: `${sample.title} (${SAMPLE_NOTICE.toLowerCase()})`,
      Author: sample.charityName,
      Subject: sample.description,
      // Fixed, so the same sample comes out byte for byte.
      CreationDate: new Date(`${sample.publishedOn}T12:00:00Z`),
    },
  });
  block("P", () => doc.font("Helvetica-Bold").fontSize(12).fillColor("#9a3412").text(notice, { width: CONTENT_WIDTH }));
  doc.moveDown();
  block("H1", () => doc.font("Helvetica-Bold").fontSize(22).fillColor("#000000").text(title, { width: CONTENT_WIDTH }));
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(11).fillColor("#333333");
  block("P", () => doc.text(byline, { width: CONTENT_WIDTH }));
  doc.moveDown();
  block("P", () => doc.text(description, { width: CONTENT_WIDTH }));
  doc.moveDown();
  block("P", () => doc.text(explanation, { width: CONTENT_WIDTH }));
  return finish();
}

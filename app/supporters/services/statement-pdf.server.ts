import { statementWording as words } from "~/content/statement";
import { formatLongDate } from "~/utils/dates";
import { startTaggedPdf } from "~/infra/tagged-pdf.server";

const poundsAndPence = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
/** The table's amounts always with pence ("£25.00"), so they line up. */
const money = (pence: number) => poundsAndPence.format(pence / 100);

// The yearly giving statement as a PDF (pdfkit): real, selectable text in the standard
// Helvetica fonts (nothing to embed), A4, the charity's name, number, postal address and e-mail,
// the donor's name, the tax year, one row per gift (day, reference, amount, Gift Aid yes/no), the
// total, and how the gifts were paid (the total of each way: Direct Debit, cheque…). Pages break
// between rows, the column headings repeated on each page.
//
// A tagged PDF (app/infra/tagged-pdf.server.ts), so a screen reader can read it: every piece of
// text in a structure element of the one Document element, in reading order (H1 for the charity,
// P, H2 for the title, a Table of TR rows with TH and TD cells). Rules and the headings repeated
// on later pages are artifacts.
// Checked with Debian's pdfinfo ("Tagged: yes") and pdftotext in tests/integration/receipts.test.ts.

export interface StatementGift {
  /** YYYY-MM-DD */
  receivedOn: string;
  reference: string;
  /** Negative for a refund. */
  amountPence: number;
  /** How it was paid, in words (app/giving/utils/payment-method.ts): "Direct Debit", "Cheque"… */
  method: string;
  giftAid: boolean;
}

export interface GivingStatement {
  charityName: string;
  charityNumber: string;
  /** The postal address on one line; empty when none is set in Settings. */
  charityAddress: string;
  charityEmail: string;
  donorName: string;
  taxYearLabel: string;
  /** YYYY-MM-DD, both included. */
  firstDay: string;
  lastDay: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  gifts: StatementGift[];
  totalPence: number;
  /** The total of each way of paying, in the order each first appears. */
  byMethod: { method: string; count: number; totalPence: number }[];
  giftAidPence: number;
  giftAidBasePence: number;
}

const MARGIN = 56;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const COLUMNS = [
  { x: MARGIN, width: 150, align: "left" },
  { x: MARGIN + 150, width: 130, align: "left" },
  { x: MARGIN + 280, width: 110, align: "right" },
  { x: MARGIN + 400, width: CONTENT_WIDTH - 400, align: "right" },
] as const;
const ROW_HEIGHT = 18;

const day = (value: string) => formatLongDate(`${value}T12:00:00Z`);

/** The statement as PDF bytes. `compress: false` leaves the text streams readable (tests). */
export async function renderStatementPdf(
  statement: GivingStatement,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { doc, document, block, finish } = await startTaggedPdf({
    margin: MARGIN,
    compress: options.compress,
    info: {
      Title: `${words.title} ${statement.taxYearLabel}: ${statement.donorName}`,
      Author: statement.charityName,
      Subject: words.taxYear(statement.taxYearLabel, day(statement.firstDay), day(statement.lastDay)),
      CreationDate: new Date(`${statement.issuedOn}T12:00:00Z`),
    },
  });
  /** Drawing that is not content (rules, repeated headings): marked so readers skip it. */
  const artifact = (type: "Layout" | "Pagination", draw: () => void) => {
    doc.markContent("Artifact", { type });
    draw();
    doc.endMarkedContent();
  };

  block("H1", () => doc.font("Helvetica-Bold").fontSize(18).text(statement.charityName, { width: CONTENT_WIDTH }));
  block("P", () =>
    doc.font("Helvetica").fontSize(10).fillColor("#333333").text(words.charityNumber(statement.charityNumber)),
  );
  const contact = words.contact(statement.charityAddress, statement.charityEmail);
  if (contact) block("P", () => doc.text(contact, { width: CONTENT_WIDTH }));
  doc.moveDown(1.5);
  block("H2", () => doc.font("Helvetica-Bold").fontSize(16).fillColor("#000000").text(words.title));
  doc.font("Helvetica").fontSize(11);
  block("P", () => doc.text(words.taxYear(statement.taxYearLabel, day(statement.firstDay), day(statement.lastDay))));
  block("P", () => doc.text(words.donor(statement.donorName)));
  block("P", () => doc.text(words.issued(day(statement.issuedOn))));
  doc.moveDown();
  block("P", () => doc.text(statement.gifts.length ? words.intro : words.none, { width: CONTENT_WIDTH }));
  doc.moveDown();

  const drawRow = (cells: readonly string[], bold: boolean, tag?: (index: number, draw: () => void) => void) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    cells.forEach((cell, index) => {
      const column = COLUMNS[index];
      const draw = () =>
        doc.text(cell, column.x, y, { width: column.width - 8, align: column.align, lineBreak: false });
      if (tag) tag(index, draw);
      else draw();
    });
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
  };
  const rule = () =>
    artifact("Layout", () => {
      doc
        .moveTo(MARGIN, doc.y - 4)
        .lineTo(MARGIN + CONTENT_WIDTH, doc.y - 4)
        .lineWidth(0.5)
        .strokeColor("#888888")
        .stroke();
    });

  if (statement.gifts.length) {
    const table = doc.struct("Table");
    document.add(table);
    /** One row of the table: TH cells for the headings and the total's label, TD for the rest. */
    const row = (cells: readonly string[], kind: "heading" | "gift" | "total") => {
      if (doc.y + ROW_HEIGHT > PAGE_HEIGHT - MARGIN) {
        doc.addPage();
        // The headings again on the new page, for sighted readers only.
        artifact("Pagination", () => drawRow(words.columns, true));
      }
      const tr = doc.struct("TR");
      table.add(tr);
      drawRow(cells, kind !== "gift", (index, draw) => {
        const header = kind === "heading" || (kind === "total" && index === 0);
        tr.add(doc.struct(header ? "TH" : "TD", {}, draw));
      });
      tr.end();
    };
    row(words.columns, "heading");
    rule();
    for (const gift of statement.gifts) {
      row(
        [
          day(gift.receivedOn),
          gift.amountPence < 0 ? `${gift.reference} (${words.refund})` : gift.reference,
          money(gift.amountPence),
          gift.giftAid ? "Yes" : "No",
        ],
        "gift",
      );
    }
    rule();
    row([words.total, "", money(statement.totalPence), ""], "total");
    table.end();
    doc.moveDown();
    // How the gifts were paid: the total of each way, one line each, after the table. (A column
    // or a row per way inside the table made pdftotext read the table a column at a time.)
    doc.font("Helvetica").fontSize(10);
    for (const { method, count, totalPence } of statement.byMethod) {
      block("P", () => doc.text(words.byMethod(method, count, money(totalPence)), { width: CONTENT_WIDTH }));
    }
    doc.moveDown(0.5);
    if (statement.giftAidBasePence > 0) {
      block("P", () =>
        doc
          .font("Helvetica")
          .fontSize(10)
          .text(words.giftAidTotal(money(statement.giftAidBasePence), money(statement.giftAidPence)), {
            width: CONTENT_WIDTH,
          }),
      );
      doc.moveDown(0.5);
    }
  }
  doc.font("Helvetica").fontSize(9).fillColor("#333333");
  for (const note of [...words.notes, words.wrong(statement.charityAddress, statement.charityEmail)]) {
    block("P", () => doc.text(note, MARGIN, doc.y, { width: CONTENT_WIDTH }));
    doc.moveDown(0.5);
  }
  return finish();
}

import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { getDb } from "~/infra/db.server";
import { loader as odsLoader } from "~/routes/admin+/dashboard+/gift-aid.claims.$id.schedule[.]ods";
import { createClaimBatch } from "~/gift-aid/services/gift-aid-claims.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, getRequest, run } from "./admin-support";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";

// HMRC's Gift Aid schedule spreadsheet, read back with a real spreadsheet reader (SheetJS, which
// reads OpenDocument) and compared cell by cell with the template's layout: the sheet's name, Box 1
// (the earliest donation date) at D12/D13, Box 2 (the old Gift Aid adjustment) at D16/D17, the
// donations table's header at B23:K23 and its rows from row 25 (docs/gift-aid.md). The layout is
// written out here by hand, not read from the code, so a change to it fails this test.

const SHEET = "R68GAD_V1_00_0_EN";
const HEADER_B23_K23 = [
  "Item",
  "Title",
  "First name",
  "Last name",
  "House name or number",
  "Postcode",
  "Aggregated donations",
  "Sponsored event",
  "Donation date",
  "Amount",
];
const COLUMNS = ["B", "C", "D", "E", "F", "G", "H", "I", "J", "K"];

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

async function download(id: number, part?: number) {
  const response = await run(odsLoader, getRequest(adminPaths.giftAidScheduleOds(id, part), { cookie }), {
    id: String(id),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes };
}

function read(bytes: Uint8Array): XLSX.WorkBook {
  return XLSX.read(bytes, { type: "array" });
}

/** The cell as a reader shows it: its type, raw value and the text a person sees. */
function cell(sheet: XLSX.WorkSheet, ref: string): { t: string; v: unknown; w: string | undefined } | undefined {
  const c = sheet[ref] as XLSX.CellObject | undefined;
  if (!c || c.t === "z" || c.v === undefined || c.v === "") return undefined;
  return { t: c.t, v: c.v, w: c.w };
}

/** Every non-empty cell of the sheet, as "REF: text". */
function filledCells(sheet: XLSX.WorkSheet): string[] {
  return Object.keys(sheet)
    .filter((key) => !key.startsWith("!"))
    .filter((key) => cell(sheet, key) !== undefined)
    .map((key) => `${key}: ${cell(sheet, key)!.w ?? String(cell(sheet, key)!.v)}`);
}

/** A spreadsheet date serial (days since 30 December 1899) as YYYY-MM-DD. */
function serialDay(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const ms = Date.UTC(1899, 11, 30) + Math.round(Number(value) * 86_400_000);
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first sheet of content.xml as HMRC's reader walks it: rows and cells as elements, 0-based. */
function hmrcReader(xml: string) {
  const table = /<table:table [^>]*table:name="([^"]*)"[^>]*>([\s\S]*?)<\/table:table>/.exec(xml)!;
  const rows = [...table[2].matchAll(/<table:table-row[^>]*?(?:\/>|>([\s\S]*?)<\/table:table-row>)/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].map((c) => ({
      value: /office:value="([^"]*)"/.exec(c[1])?.[1],
      text: (c[2] ?? "").replace(/<[^>]+>/g, "").trim(),
    })),
  );
  return {
    sheetName: table[1],
    text: (row: number, column: number) => rows[row]?.[column]?.text ?? "",
    value: (row: number, column: number) => rows[row]?.[column]?.value,
  };
}

describe("the Gift Aid schedule as HMRC's schedule spreadsheet (.ods)", () => {
  it("lays out every cell where HMRC's template has it, read back by a spreadsheet reader", async () => {
    const { pledge } = await pledgeWithDeclaration({
      declaredAt: "2026-02-10T12:00:00.000Z",
      firstName: "Ann",
      lastName: "Smith-Jones",
      house: "Rose & Crown Cottage",
    });
    await recordPaymentForTest(pledge.id, "2026-03-06", 200000);
    await recordPaymentForTest(pledge.id, "2026-03-05", 1050);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });

    const { response, bytes } = await download(claim.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.oasis.opendocument.spreadsheet");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="gift-aid-claim-${claim.id}.ods"`);
    // An OpenDocument zip: "mimetype" first and stored uncompressed.
    const files = unzipSync(bytes);
    expect(Object.keys(files)[0]).toBe("mimetype");
    expect(bytes[8] | (bytes[9] << 8)).toBe(0);
    expect(strFromU8(files.mimetype)).toBe("application/vnd.oasis.opendocument.spreadsheet");

    const book = read(bytes);
    expect(book.SheetNames).toEqual([SHEET]);
    const sheet = book.Sheets[SHEET];

    // Box 1: the earliest donation date in the period of the claim, a date shown DD/MM/YY.
    expect(cell(sheet, "D12")?.v).toBe("Earliest donation date in the period of claim. (DD/MM/YY)");
    const earliest = cell(sheet, "D13")!;
    expect(earliest.w).toBe("05/03/26");
    expect(serialDay(earliest.v)).toBe("2026-03-05");
    // Box 2: no adjustment, so blank (never 0.00).
    expect(cell(sheet, "D16")?.v).toBe("Old Gift Aid donation adjustment");
    expect(cell(sheet, "D17")).toBeUndefined();

    // The donations table: header at B23:K23, nothing in row 24, rows from 25, the batch's order.
    expect(COLUMNS.map((c) => cell(sheet, `${c}23`)?.v)).toEqual(HEADER_B23_K23);
    expect(COLUMNS.map((c) => cell(sheet, `${c}24`))).toEqual(COLUMNS.map(() => undefined));
    const rowText = (row: number) => COLUMNS.slice(1).map((c) => cell(sheet, `${c}${row}`)?.w ?? "");
    expect([rowText(25), rowText(26)].sort((a, b) => a[7].localeCompare(b[7]))).toEqual([
      ["Ms", "Ann", "Smith Jones", "Rose & Crown Cottage", "LS1 4AP", "", "", "05/03/26", "10.50"],
      ["Ms", "Ann", "Smith Jones", "Rose & Crown Cottage", "LS1 4AP", "", "", "06/03/26", "2000.00"],
    ]);
    expect([cell(sheet, "B25")?.v, cell(sheet, "B26")?.v]).toEqual([1, 2]);
    // Aggregated donations and Sponsored event are blank cells, not "0", "0.00" or "No".
    for (const ref of ["H25", "I25", "H26", "I26"]) expect(cell(sheet, ref)).toBeUndefined();
    // The donation date is a date (shown DD/MM/YY), the amount a number shown with two decimals, no £.
    for (const row of [25, 26]) {
      const date = cell(sheet, `J${row}`)!;
      expect(date.t === "d" || date.t === "n").toBe(true);
      expect(scheduleDateOf(serialDay(date.v))).toBe(date.w);
      const amount = cell(sheet, `K${row}`)!;
      expect(amount.t).toBe("n");
      expect(amount.w).toMatch(/^\d+\.\d{2}$/);
    }
    expect(sortedAmounts(sheet, [25, 26])).toEqual([10.5, 2000]);
    // Nothing else anywhere on the sheet.
    expect(filledCells(sheet).sort()).toEqual(
      [
        "D12: Earliest donation date in the period of claim. (DD/MM/YY)",
        "D13: 05/03/26",
        "D16: Old Gift Aid donation adjustment",
        ...COLUMNS.map((c, i) => `${c}23: ${HEADER_B23_K23[i]}`),
        ...[25, 26].flatMap((row) =>
          COLUMNS.filter((c) => c !== "H" && c !== "I").map((c) => `${c}${row}: ${cell(sheet, `${c}${row}`)!.w}`),
        ),
      ].sort(),
    );
  });

  it("writes the adjustment (Gift Aid over-claimed before) in Box 2 as an amount, where HMRC's reader looks", async () => {
    const { pledge } = await pledgeWithDeclaration({
      declaredAt: "2026-02-10T12:00:00.000Z",
      firstName: "Ann",
      lastName: "Smith",
      house: "1",
    });
    await recordPaymentForTest(pledge.id, "2026-03-05", 4000);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    await getDb().updateTable("gift_aid_claims").set({ adjustment_pence: 125 }).where("id", "=", claim.id).execute();

    const { bytes } = await download(claim.id);
    const sheet = read(bytes).Sheets[SHEET];
    expect(cell(sheet, "D17")).toMatchObject({ t: "n", v: 1.25, w: "1.25" });

    // Read as HMRC's own reader reads it (hmrc/charities-claims-validation, OdsReaderService and
    // GiftAidDonationRow): the first sheet's name starts R68GAD_V1_00_0; the earliest donation date
    // is the text of row 12's cell 3 and the over-claimed amount the value of row 16's cell 3 (0-based,
    // cells counted as elements); donation rows are rows 24 to 1024, cells 1 to 10.
    const hmrc = hmrcReader(strFromU8(unzipSync(bytes)["content.xml"]));
    expect(hmrc.sheetName.startsWith("R68GAD_V1_00_0")).toBe(true);
    expect(hmrc.text(12, 3)).toBe("05/03/26");
    expect(hmrc.value(16, 3)).toBe("1.25");
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((c) => hmrc.text(24, c))).toEqual([
      "1",
      "Ms",
      "Ann",
      "Smith",
      "1",
      "LS1 4AP",
      "",
      "",
      "05/03/26",
      "40.00",
    ]);
    expect(hmrc.text(25, 1)).toBe("");
  });

  it("writes a donor living outside the UK with X as the postcode", async () => {
    const { pledge, declarationId } = await pledgeWithDeclaration({ declaredAt: "2026-02-10T12:00:00.000Z" });
    await getDb()
      .updateTable("gift_aid_declarations")
      .set({ postcode: "X" })
      .where("id", "=", declarationId!)
      .execute();
    await recordPaymentForTest(pledge.id, "2026-03-05", 4000);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    const sheet = read((await download(claim.id)).bytes).Sheets[SHEET];
    expect(cell(sheet, "G25")?.v).toBe("X");
  });

  it("puts at most 1,000 donation rows in one schedule and the rest in the next file", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: "2026-02-10T12:00:00.000Z" });
    await getDb()
      .insertInto("payments")
      .values(
        Array.from({ length: 1001 }, (_, i) => ({
          pledge_id: pledge.id,
          received_on: i === 1000 ? "2026-03-09" : "2026-03-05",
          amount_pence: 100 + i,
          method: "manual" as const,
          bank_line: null,
          note: null,
          recorded_by: "test",
          created_at: "2026-03-05T10:00:00.000Z",
        })),
      )
      .execute();
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });

    const first = await download(claim.id);
    expect(first.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="gift-aid-claim-${claim.id}-part-1-of-2.ods"`,
    );
    const one = read(first.bytes).Sheets[SHEET];
    expect(cell(one, "B1024")?.v).toBe(1000);
    expect(cell(one, "K1024")).toBeDefined();
    expect(cell(one, "B1025")).toBeUndefined();
    expect(cell(one, "K1025")).toBeUndefined();

    const second = await download(claim.id, 2);
    expect(second.response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="gift-aid-claim-${claim.id}-part-2-of-2.ods"`,
    );
    const two = read(second.bytes);
    expect(two.SheetNames).toEqual([SHEET]);
    const sheet = two.Sheets[SHEET];
    expect(COLUMNS.map((c) => cell(sheet, `${c}23`)?.v)).toEqual(HEADER_B23_K23);
    expect(cell(sheet, "B25")?.v).toBe(1);
    expect(cell(sheet, "K25")?.w).toBe("11.00");
    expect(cell(sheet, "B26")).toBeUndefined();
    // Box 1 is the earliest date of this schedule's own rows.
    expect(cell(sheet, "D13")?.w).toBe("09/03/26");

    const missing = await run(odsLoader, getRequest(adminPaths.giftAidScheduleOds(claim.id, 3), { cookie }), {
      id: String(claim.id),
    }).catch((error: unknown) => error as Response);
    expect(missing.status).toBe(404);
  });

  it("answers 404 for a batch that does not exist", async () => {
    const response = await run(odsLoader, getRequest(adminPaths.giftAidScheduleOds(999), { cookie }), { id: "999" });
    expect(response.status).toBe(404);
  });
});

function scheduleDateOf(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y.slice(-2)}`;
}

function sortedAmounts(sheet: XLSX.WorkSheet, rows: number[]): number[] {
  return rows.map((row) => cell(sheet, `K${row}`)!.v as number).sort((a, b) => a - b);
}

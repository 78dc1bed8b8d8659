import { DOMParser, type Element } from "@xmldom/xmldom";
import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { loader as odsLoader } from "~/routes/admin+/dashboard+/gift-aid.claims.$id.schedule[.]ods";
import { createClaimBatch } from "~/services/gift-aid-claims.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, getRequest, run } from "./admin-support";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";

// The OpenDocument schedule, read back as a reader would: unzipped (fflate), content.xml parsed
// (xmldom), every sheet's cells in order.

const TABLE_NS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0";
const OFFICE_NS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

interface Sheet {
  name: string;
  rows: { text: string; type: string | null; value: string | null }[][];
}

async function download(
  id: number,
): Promise<{ response: Response; bytes: Uint8Array; files: Record<string, Uint8Array>; sheets: Sheet[] }> {
  const response = await run(odsLoader, getRequest(adminPaths.giftAidScheduleOds(id), { cookie }), { id: String(id) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files = unzipSync(bytes);
  const doc = new DOMParser().parseFromString(strFromU8(files["content.xml"]), "text/xml");
  const tables = Array.from(doc.getElementsByTagNameNS(TABLE_NS, "table")) as Element[];
  const sheets = tables.map((table) => ({
    name: table.getAttributeNS(TABLE_NS, "name") ?? "",
    rows: (Array.from(table.getElementsByTagNameNS(TABLE_NS, "table-row")) as Element[]).map((row) =>
      (Array.from(row.getElementsByTagNameNS(TABLE_NS, "table-cell")) as Element[]).map((cell) => ({
        text: cell.textContent ?? "",
        type: cell.getAttributeNS(OFFICE_NS, "value-type"),
        value: cell.getAttributeNS(OFFICE_NS, "value"),
      })),
    ),
  }));
  return { response, bytes, files, sheets };
}

const HEADER = [
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

describe("the Gift Aid schedule as OpenDocument (.ods)", () => {
  it("is a valid .ods zip whose sheet holds HMRC's columns in order, cell by cell", async () => {
    const { pledge } = await pledgeWithDeclaration({
      declaredAt: "2026-02-10T12:00:00.000Z",
      firstName: "Ann",
      lastName: "Smith-Jones",
      house: "Rose & Crown Cottage",
    });
    await recordPaymentForTest(pledge.id, "2026-03-05", 1050);
    await recordPaymentForTest(pledge.id, "2026-03-06", 200000);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });

    const { response, bytes, files, sheets } = await download(claim.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.oasis.opendocument.spreadsheet");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="gift-aid-claim-${claim.id}.ods"`);
    // mimetype first and stored uncompressed, as OpenDocument requires.
    expect(Object.keys(files)[0]).toBe("mimetype");
    expect(bytes[8] | (bytes[9] << 8)).toBe(0); // compression method 0: stored
    expect(strFromU8(bytes.slice(30, 38))).toBe("mimetype");
    expect(strFromU8(files.mimetype)).toBe("application/vnd.oasis.opendocument.spreadsheet");
    expect(strFromU8(files["META-INF/manifest.xml"])).toContain('manifest:full-path="content.xml"');

    expect(sheets).toHaveLength(1);
    expect(sheets[0].name).toBe("Schedule 1");
    expect(sheets[0].rows.map((row) => row.map((cell) => cell.text))).toEqual([
      HEADER,
      ["Ms", "Ann", "Smith Jones", "Rose & Crown Cottage", "LS1 4AP", "", "", "05/03/26", "10.50"],
      ["Ms", "Ann", "Smith Jones", "Rose & Crown Cottage", "LS1 4AP", "", "", "06/03/26", "2000.00"],
    ]);
    // The amount is a number (two decimals), the date text as HMRC writes it.
    expect(sheets[0].rows[1][8]).toEqual({ text: "10.50", type: "float", value: "10.50" });
    expect(sheets[0].rows[1][7].type).toBe("string");
  });

  it("puts at most 1,000 donation rows on a sheet and the rest on the next", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: "2026-02-10T12:00:00.000Z" });
    const db = getDb();
    await db
      .insertInto("payments")
      .values(
        Array.from({ length: 1001 }, (_, i) => ({
          pledge_id: pledge.id,
          received_on: "2026-03-05",
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
    const { sheets } = await download(claim.id);
    expect(sheets.map((sheet) => [sheet.name, sheet.rows.length])).toEqual([
      ["Schedule 1", 1001],
      ["Schedule 2", 2],
    ]);
    expect(sheets[1].rows[0].map((cell) => cell.text)).toEqual(HEADER);
    const amounts = sheets.flatMap((sheet) => sheet.rows.slice(1).map((row) => row[8].text));
    expect(amounts).toHaveLength(1001);
    expect(amounts[1000]).toBe("11.00");
  });

  it("answers 404 for a batch that does not exist", async () => {
    const response = await run(odsLoader, getRequest(adminPaths.giftAidScheduleOds(999), { cookie }), { id: "999" });
    expect(response.status).toBe(404);
  });
});

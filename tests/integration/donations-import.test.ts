import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { listAudit } from "~/models/audit.server";
import { getPledge } from "~/models/pledge.server";
import * as importRoute from "~/routes/admin+/dashboard+/donations.import/route";
import { getDb } from "~/infra/db.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, BASE, bodyOf, run } from "./admin-support";
import { makePledge } from "./donations-support";
import { resetDatabase } from "./helpers";

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(new URL(`../fixtures/bank-statements/${name}`, import.meta.url)));

function multipart(
  fields: Record<string, string | string[]>,
  file?: { name: string; bytes: Uint8Array<ArrayBuffer> | string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  if (file) form.append("statement", new File([file.bytes], file.name, { type: "text/csv" }));
  return new Request(new URL(adminPaths.donationsImport, BASE), {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
  });
}

const payments = () => getDb().selectFrom("payments").selectAll().orderBy("id").execute();

async function pledgesForFixtures() {
  return {
    smith: await makePledge({ reference: "CHA-8K2MPQRS", amountPence: 2500 }),
    gala: await makePledge({ reference: "CHA-9ZX4T7RB", amountPence: 125000 }),
    patel: await makePledge({ reference: "CHA-3M7Q1V5D", type: "monthly", amountPence: 1000 }),
    okafor: await makePledge({ reference: "CHA-TW5N0B3H", amountPence: 2000 }),
  };
}

describe("bank statement import", () => {
  it("proposes, then records only the ticked lines, once", async () => {
    const { smith, gala, patel } = await pledgesForFixtures();
    const preview = await run(
      importRoute.action,
      multipart({ intent: "preview" }, { name: "barclays.csv", bytes: fixture("barclays.csv") }),
    );
    expect(preview.status).toBe(200);
    const data = await bodyOf(preview);
    expect(data.stage).toBe("preview");
    expect(data.proposals.map((p: any) => [p.line, p.pledge.reference, p.amountPence, p.state])).toEqual([
      [3, "CHA-8K2MPQRS", 2500, "new"],
      [4, "CHA-9ZX4T7RB", 125000, "new"],
      [5, "CHA-3M7Q1V5D", 1000, "new"],
      [6, "CHA-3M7Q1V5D", 1000, "new"],
    ]);
    expect(data.problems).toEqual([{ line: 8, message: '"31/09/2025" is not a date' }]);
    expect(await payments()).toHaveLength(0);

    // Staff leave the gala line unticked.
    const accepted = data.proposals.filter((p: any) => p.line !== 4).map((p: any) => p.fingerprint);
    const confirm = await run(importRoute.action, multipart({ intent: "confirm", csv: data.csv, accept: accepted }));
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("Location")).toBe(`${adminPaths.donationsImport}?recorded=3&already=0`);
    expect((await payments()).map((p) => [p.pledge_id, p.amount_pence, p.received_on, p.method])).toEqual([
      [smith.id, 2500, "2025-10-05", "bank-import"],
      [patel.id, 1000, "2025-10-06", "bank-import"],
      [patel.id, 1000, "2025-10-06", "bank-import"],
    ]);
    expect(await getPledge(getDb(), smith.id)).toMatchObject({ status: "paid", paidPence: 2500 });
    expect(await getPledge(getDb(), gala.id)).toMatchObject({ status: "pending", paidPence: 0 });
    // The fixture's payments arrived in October 2025: more than 45 days ago, so the standing order has lapsed.
    expect(await getPledge(getDb(), patel.id)).toMatchObject({
      status: "lapsed",
      paidPence: 2000,
      lastPaidOn: "2025-10-06",
    });
    expect((await listAudit(getDb(), "pledge", smith.id)).map((e) => e.action)).toEqual(["payment.recorded"]);

    // The same confirmation again (a second click, a back button) records nothing new.
    const again = await run(importRoute.action, multipart({ intent: "confirm", csv: data.csv, accept: accepted }));
    expect(again.headers.get("Location")).toBe(`${adminPaths.donationsImport}?recorded=0&already=3`);
    expect(await payments()).toHaveLength(3);

    // The statement uploaded again shows those lines as already imported.
    const second = await bodyOf(
      await run(
        importRoute.action,
        multipart({ intent: "preview" }, { name: "b.csv", bytes: fixture("barclays.csv") }),
      ),
    );
    expect(second.proposals.map((p: any) => p.state)).toEqual([
      "already-imported",
      "new",
      "already-imported",
      "already-imported",
    ]);
  });

  it("reads the other banks' exports", async () => {
    await pledgesForFixtures();
    for (const [name, expected] of [
      [
        "hsbc.csv",
        [
          ["CHA-TW5N0B3H", 1],
          ["CHA-TW5N0B3H", 1999],
          ["CHA-3M7Q1V5D", 1000],
        ],
      ],
      [
        "monzo.csv",
        [
          ["CHA-8K2MPQRS", 2500],
          ["CHA-9ZX4T7RB", 5000],
        ],
      ],
      [
        "starling.csv",
        [
          ["CHA-8K2MPQRS", 2500],
          ["CHA-TW5N0B3H", 2000],
        ],
      ],
    ] as const) {
      const data = await bodyOf(
        await run(importRoute.action, multipart({ intent: "preview" }, { name, bytes: fixture(name) })),
      );
      expect(
        data.proposals.map((p: any) => [p.pledge.reference, p.amountPence]),
        name,
      ).toEqual(expected);
    }
  });

  it("lets staff choose the columns of a file without a header", async () => {
    const { smith } = await pledgesForFixtures();
    const first = await run(
      importRoute.action,
      multipart({ intent: "preview" }, { name: "h.csv", bytes: fixture("headerless.csv") }),
    );
    expect(first.status).toBe(422);
    const failed = await bodyOf(first);
    expect(failed.headers).toHaveLength(3);
    const chosen = await bodyOf(
      await run(
        importRoute.action,
        multipart({
          intent: "preview",
          csv: failed.csv,
          "pick-date": "0",
          "pick-description": "1",
          "pick-amount": "2",
        }),
      ),
    );
    expect(chosen.proposals.map((p: any) => p.pledge.id)).toEqual([smith.id]);
    const confirm = await run(
      importRoute.action,
      multipart({
        intent: "confirm",
        csv: chosen.csv,
        dateColumn: "0",
        descriptionColumn: "1",
        amountColumn: "2",
        accept: [chosen.proposals[0].fingerprint],
      }),
    );
    expect(confirm.headers.get("Location")).toContain("recorded=1");
  });

  it("refuses files that are not CSV, too large, or empty, changing nothing", async () => {
    const cases: [Request, number][] = [
      [multipart({ intent: "preview" }, { name: "s.xlsx", bytes: Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0, 1]) }), 415],
      [multipart({ intent: "preview" }, { name: "big.csv", bytes: "a,b\n".repeat(600_000) }), 413],
      [multipart({ intent: "preview" }, { name: "e.csv", bytes: "" }), 400],
      [multipart({ intent: "preview" }), 400],
      [multipart({ intent: "preview" }, { name: "one.csv", bytes: "hello\nworld\n" }), 422],
      [multipart({ intent: "preview", csv: "Date,Description,Amount\n", "pick-date": "x" }), 400],
      [
        new Request(new URL(adminPaths.donationsImport, BASE), {
          method: "POST",
          body: "{}",
          headers: { Cookie: cookie, "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
        }),
        400,
      ],
    ];
    for (const [request, status] of cases) {
      const response = await run(importRoute.action, request);
      expect(response.status).toBe(status);
      expect((await bodyOf(response)).error).toBeTruthy();
    }
    expect(await payments()).toHaveLength(0);
  });

  it("refuses a cross-site upload and asks for a session", async () => {
    const request = multipart({ intent: "preview" }, { name: "b.csv", bytes: fixture("barclays.csv") });
    request.headers.set("Sec-Fetch-Site", "cross-site");
    expect((await run(importRoute.action, request)).status).toBe(403);
    const anonymous = multipart({ intent: "preview" }, { name: "b.csv", bytes: fixture("barclays.csv") });
    anonymous.headers.delete("Cookie");
    expect((await run(importRoute.action, anonymous)).status).toBe(302);
  });
});

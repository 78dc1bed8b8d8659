import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { listAudit } from "~/site/models/audit.server";
import { getPledge } from "~/giving/models/pledge.server";
import * as importRoute from "~/routes/admin+/dashboard+/donations.import/route";
import { getDb } from "~/infra/db.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, BASE, bodyOf, run, savedNoticeOf } from "./admin-support";
import { makePledge } from "./donations-support";
import { recordPaymentForTest } from "./gift-aid-support";
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
    expect(await savedNoticeOf(confirm)).toEqual({
      location: adminPaths.donationsImport,
      notice: "3 payments recorded.",
    });
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
    expect((await savedNoticeOf(again)).notice).toBe(
      "0 payments recorded. 3 already imported before, not recorded again.",
    );
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

  it("warns about, and does not tick, a credit for a paid pledge or one that would take a pledge past its amount", async () => {
    const paid = await makePledge({ reference: "CHA-PA1D0000", amountPence: 2500 });
    await recordPaymentForTest(paid.id, "2025-10-01", 2500);
    const twice = await makePledge({ reference: "CHA-TW1CE000", amountPence: 2500 });
    const over = await makePledge({ reference: "CHA-0VER0000", amountPence: 2500 });
    const monthly = await makePledge({ reference: "CHA-M0NTH000", type: "monthly", amountPence: 1000 });
    const csv = [
      "Date,Description,Amount",
      "05/10/2025,AGAIN CHA-PA1D0000,25.00",
      "05/10/2025,FIRST CHA-TW1CE000,25.00",
      "06/10/2025,SECOND CHA-TW1CE000,25.00",
      "06/10/2025,GENEROUS CHA-0VER0000,30.00",
      "06/10/2025,MONTHLY CHA-M0NTH000,10.00",
      "07/10/2025,MONTHLY CHA-M0NTH000,10.00",
    ].join("\n");
    const data = await bodyOf(
      await run(importRoute.action, multipart({ intent: "preview" }, { name: "s.csv", bytes: csv })),
    );
    expect(data.proposals.map((p: any) => [p.pledge.id, p.warning, p.preselected])).toEqual([
      [paid.id, "already-paid", false],
      [twice.id, null, true],
      [twice.id, "overpays", false],
      [over.id, "overpays", false],
      [monthly.id, null, true],
      [monthly.id, null, true],
    ]);
    expect(data.ticked).toEqual(data.proposals.filter((p: any) => p.preselected).map((p: any) => p.fingerprint));

    // Staff may still tick one on purpose: the donor gave more.
    const generous = data.proposals[3].fingerprint;
    const confirm = await run(importRoute.action, multipart({ intent: "confirm", csv: data.csv, accept: [generous] }));
    expect(confirm.status).toBe(303);
    expect(await getPledge(getDb(), over.id)).toMatchObject({ status: "paid", paidPence: 3000 });
  });

  it("assigns a line that names no pledge to one found by searching from the preview, in the same confirmation", async () => {
    const { smith } = await pledgesForFixtures();
    const cancelled = await makePledge({ firstName: "Nora", lastName: "Reference", amountPence: 500 });
    await getDb()
      .updateTable("pledges")
      .set({ cancelled_at: new Date().toISOString(), status: "cancelled" })
      .where("id", "=", cancelled.id)
      .execute();
    const donor = await makePledge({
      firstName: "Nora",
      lastName: "Given",
      email: "nora@example.org",
      amountPence: 500,
    });
    const data = await bodyOf(
      await run(
        importRoute.action,
        multipart({ intent: "preview" }, { name: "b.csv", bytes: fixture("barclays.csv") }),
      ),
    );
    const line = data.unmatched.find((u: any) => u.description.startsWith("NO REFERENCE GIVEN"));
    expect(line).toMatchObject({ line: 7, amountPence: 500, state: "new" });
    const smithLine = data.proposals.find((p: any) => p.pledge.id === smith.id).fingerprint;

    // "Find" re-renders the preview with the pledges the search found (a cancelled one is left out),
    // keeping what staff ticked.
    const found = await run(
      importRoute.action,
      multipart({ intent: "find", csv: data.csv, accept: [smithLine], [`find:${line.fingerprint}`]: "nora" }),
    );
    expect(found.status).toBe(200);
    const shown = await bodyOf(found);
    expect(shown.stage).toBe("preview");
    expect(shown.ticked).toEqual([smithLine]);
    expect(shown.searches[line.fingerprint].candidates.map((c: any) => [c.id, c.name, c.warning])).toEqual([
      [donor.id, "Nora Given", null],
    ]);
    expect(await payments()).toHaveLength(0);

    // Choosing a cancelled pledge (a forged post) refuses the whole confirmation.
    const refused = await run(
      importRoute.action,
      multipart({
        intent: "confirm",
        csv: data.csv,
        accept: [smithLine],
        [`assign:${line.fingerprint}`]: String(cancelled.id),
      }),
    );
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).error).toMatch(/line 7 is cancelled/);
    expect(await payments()).toHaveLength(0);

    // One confirmation records the ticked line and the assigned one.
    const confirm = await run(
      importRoute.action,
      multipart({
        intent: "confirm",
        csv: data.csv,
        accept: [smithLine],
        [`assign:${line.fingerprint}`]: String(donor.id),
      }),
    );
    expect((await savedNoticeOf(confirm)).notice).toBe("2 payments recorded.");
    expect((await payments()).map((p) => [p.pledge_id, p.amount_pence, p.method])).toEqual([
      [smith.id, 2500, "bank-import"],
      [donor.id, 500, "bank-import"],
    ]);
    expect(await getPledge(getDb(), donor.id)).toMatchObject({ status: "paid" });

    // The statement again: that line is marked as imported, not offered again.
    const again = await bodyOf(
      await run(
        importRoute.action,
        multipart({ intent: "preview" }, { name: "b.csv", bytes: fixture("barclays.csv") }),
      ),
    );
    expect(again.unmatched.find((u: any) => u.line === 7).state).toBe("already-imported");
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
    expect((await savedNoticeOf(confirm)).notice).toBe("1 payment recorded.");
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

// Hostile input to the Donations screens: query strings, ids, form bodies and uploads are
// answered with a page, a redirect or a 4xx, never a 5xx or a thrown error.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "~/routes/admin+/dashboard+/donations._index";
import * as detailRoute from "~/routes/admin+/dashboard+/donations.$id/route";
import * as cancelRoute from "~/routes/admin+/dashboard+/donations.$id_.cancel";
import * as removeRoute from "~/routes/admin+/dashboard+/donations.$id.payments.$paymentId.remove";
import * as paymentsRoute from "~/routes/admin+/dashboard+/donations.payments[.]csv";
import * as exportRoute from "~/routes/admin+/dashboard+/donations.export[.]csv";
import * as importRoute from "~/routes/admin+/dashboard+/donations.import/route";
import { getDb } from "~/infra/db.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, BASE, getRequest, postForm, run } from "./admin-support";
import { makePledge } from "./donations-support";
import { skipDurableWrites } from "./helpers";

let cookie: string;
let pledgeId: number;
let paymentId: number;

beforeAll(async () => {
  await skipDurableWrites();
  ({ cookie } = await adminCookie());
  for (let i = 0; i < 30; i++) pledgeId = (await makePledge({ type: i % 3 ? "one-time" : "monthly" })).id;
  // A payment nothing removes: every fuzzed reason below is a 400 (empty) or names no pledge of it.
  const monthly = await makePledge({ type: "monthly" });
  paymentId = (
    await getDb()
      .insertInto("payments")
      .values({
        pledge_id: monthly.id,
        received_on: "2025-10-05",
        amount_pence: 100,
        method: "manual",
        recorded_by: "fuzz",
        created_at: "2025-10-05T10:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

const odd = fc.constantFrom(
  "",
  " ",
  "0",
  "-1",
  "1e3",
  "1.5",
  "007",
  "99999999999999999999",
  "%",
  "%00",
  "_",
  "'; drop table pledges; --",
  "\u0000",
  "\uffff",
  "CHA-",
  "cha 8k2m",
  "x".repeat(101),
  "__proto__",
  "paid",
  "monthly",
);
const value = fc.oneof(odd, fc.string({ maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }));

const expect4xxOrOk = (status: number) => {
  expect(status === 200 || status === 303 || (status >= 400 && status < 500), String(status)).toBe(true);
};

describe("donations fuzz", () => {
  it("list and export query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom("status", "type", "q", "page", "x"), value), { maxLength: 5 }),
        async (entries) => {
          const query = new URLSearchParams(entries).toString();
          expect4xxOrOk(
            (await run(listRoute.loader, getRequest(`${adminPaths.donations}?${query}`, { cookie }))).status,
          );
          expect4xxOrOk(
            (await run(exportRoute.loader, getRequest(`${adminPaths.donationsExport}?${query}`, { cookie }))).status,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("payments export dates", async () => {
    const day = fc.oneof(
      value,
      fc.constantFrom("2025-10-05", "2025-02-29", "2024-02-29", "0000-00-00", "9999-12-31", "2025-1-5"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom("from", "to", "x"), day), { maxLength: 4 }),
        async (entries) => {
          const query = new URLSearchParams(entries).toString();
          expect4xxOrOk(
            (await run(paymentsRoute.loader, getRequest(`${adminPaths.paymentsExport}?${query}`, { cookie }))).status,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("payment removal ids and bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(odd, fc.constant(String(pledgeId))),
        fc.oneof(odd, fc.constant(String(paymentId))),
        fc.array(fc.tuple(fc.constantFrom("reason", "intent", "y"), value), { maxLength: 4 }),
        async (id, payment, entries) => {
          const params = { id, paymentId: payment };
          expect4xxOrOk((await run(removeRoute.loader, getRequest("/x", { cookie }), params)).status);
          const post = postForm("/x", new URLSearchParams(entries), { cookie });
          expect4xxOrOk((await run(removeRoute.action, post, params)).status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("pledge ids and record-payment bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(odd, fc.constant(String(pledgeId))),
        fc.array(fc.tuple(fc.constantFrom("intent", "receivedOn", "amount", "note", "reason", "y"), value), {
          maxLength: 6,
        }),
        fc.boolean(),
        async (id, entries, withIntent) => {
          const body = new URLSearchParams(entries);
          if (withIntent) body.set("intent", "record-payment");
          expect4xxOrOk((await run(detailRoute.loader, getRequest("/x", { cookie }), { id })).status);
          expect4xxOrOk(
            (await run(detailRoute.action, postForm(adminPaths.donation(1), body, { cookie }), { id })).status,
          );
          expect4xxOrOk((await run(cancelRoute.loader, getRequest("/x", { cookie }), { id })).status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("uploads", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc
            .array(
              fc.array(fc.oneof(value, fc.constantFrom("Date", "Amount", "Description", "05/10/2025", "£5", '"')), {
                maxLength: 6,
              }),
              { maxLength: 8 },
            )
            .map((rows) => rows.map((r) => r.join(",")).join("\n")),
          fc.uint8Array({ maxLength: 300 }).map((bytes) => new TextDecoder("latin1").decode(bytes)),
        ),
        fc.constantFrom("preview", "confirm", ""),
        fc.array(fc.tuple(fc.constantFrom("pick-date", "dateColumn", "amountColumn", "accept", "csv"), value), {
          maxLength: 4,
        }),
        fc.boolean(),
        async (csv, intent, extra, withFile) => {
          const form = new FormData();
          form.set("intent", intent);
          for (const [k, v] of extra) form.append(k, v);
          if (withFile) form.set("statement", new File([csv], "s.csv", { type: "text/csv" }));
          const request = new Request(new URL(adminPaths.donationsImport, BASE), {
            method: "POST",
            body: form,
            headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
          });
          expect4xxOrOk((await run(importRoute.action, request)).status);
        },
      ),
      { numRuns: 150 },
    );
  });
});

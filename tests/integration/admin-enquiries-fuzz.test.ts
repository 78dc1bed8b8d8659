// Property-based fuzzing of the inbox, enquiry and privacy routes: generated queries, ids and
// form bodies are answered with a 2xx/3xx or a 4xx, never a 5xx or a thrown error.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { createEnquiry } from "~/supporters/models/enquiry.server";
import * as detailRoute from "~/routes/admin+/dashboard+/enquiries.$id._index";
import * as deleteRoute from "~/routes/admin+/dashboard+/enquiries.$id.delete";
import * as listRoute from "~/routes/admin+/dashboard+/enquiries._index";
import * as exportRoute from "~/routes/admin+/dashboard+/enquiries.export[.]csv";
import * as eraseRoute from "~/routes/admin+/dashboard+/privacy.erase";
import * as exportJsonRoute from "~/routes/admin+/dashboard+/privacy.export[.]json";
import * as lookupRoute from "~/routes/admin+/dashboard+/privacy._index";
import { adminCookie, getRequest, postForm, run } from "./admin-support";
import { skipDurableWrites } from "./helpers";

const RUNS = 150;
let cookie: string;
let enquiryId: number;

beforeAll(async () => {
  await skipDurableWrites();
  ({ cookie } = await adminCookie());
  for (let i = 0; i < 30; i++) {
    const row = await createEnquiry(getDb(), {
      name: `Fuzz ${i}`,
      email: `fuzz${i}@example.org`,
      subject: "general",
      message: "100% _odd_ \\ text",
      channel: "email",
    });
    enquiryId = row.id;
  }
});

const interesting = fc.constantFrom(
  "",
  " ",
  "new",
  "handled",
  "media",
  "0",
  "1",
  "2",
  "-1",
  "1e3",
  "07",
  "99999999999999999999",
  "%",
  "_",
  "\\",
  "'",
  '"',
  "%00",
  "\u0000",
  "\u200b",
  "<script>",
  "a@b.co",
  "x".repeat(500),
  "__proto__",
);
const value = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), interesting);
const key = fc.oneof(
  fc.constantFrom("status", "subject", "q", "page", "email", "intent", "confirmed", "erased"),
  fc.string({ maxLength: 8 }),
);
const entries = fc.array(fc.tuple(key, value), { maxLength: 6 });

function query(pairs: [string, string][]): string {
  const params = new URLSearchParams();
  for (const [k, v] of pairs) params.append(k, v);
  const text = params.toString();
  return text ? `?${text}` : "";
}

function ok(status: number) {
  expect(status).toBeGreaterThanOrEqual(200);
  expect(status).toBeLessThan(500);
}

describe("fuzzing", () => {
  it("list, CSV export, privacy lookup and export answer any query with a non-5xx", async () => {
    await fc.assert(
      fc.asyncProperty(entries, async (pairs) => {
        const q = query(pairs);
        ok((await run(listRoute.loader, getRequest(`/admin/dashboard/enquiries${q}`, { cookie }))).status);
        ok((await run(exportRoute.loader, getRequest(`/admin/dashboard/enquiries/export.csv${q}`, { cookie }))).status);
        ok((await run(lookupRoute.loader, getRequest(`/admin/dashboard/privacy${q}`, { cookie }))).status);
        ok(
          (await run(exportJsonRoute.loader, getRequest(`/admin/dashboard/privacy/export.json${q}`, { cookie })))
            .status,
        );
        ok((await run(eraseRoute.loader, getRequest(`/admin/dashboard/privacy/erase${q}`, { cookie }))).status);
      }),
      { numRuns: RUNS },
    );
  });

  it("detail and delete pages answer any id with a non-5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(value, fc.nat().map(String)), async (id) => {
        ok((await run(detailRoute.loader, getRequest(`/admin/dashboard/enquiries/x`, { cookie }), { id })).status);
        ok(
          (await run(deleteRoute.loader, getRequest(`/admin/dashboard/enquiries/x/delete`, { cookie }), { id })).status,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("status, delete and erase actions answer any form with a non-5xx", async () => {
    await fc.assert(
      fc.asyncProperty(entries, fc.oneof(value, fc.constant(String(enquiryId))), async (pairs, id) => {
        const body = new URLSearchParams();
        for (const [k, v] of pairs) body.append(k, v);
        ok((await run(detailRoute.action, postForm(`/admin/dashboard/enquiries/x`, body, { cookie }), { id })).status);
        // Unconfirmed deletes only: confirmed ones would empty the inbox under the other properties.
        body.delete("confirmed");
        ok(
          (await run(deleteRoute.action, postForm(`/admin/dashboard/enquiries/x/delete`, body, { cookie }), { id }))
            .status,
        );
        ok((await run(eraseRoute.action, postForm(`/admin/dashboard/privacy/erase`, body, { cookie }))).status);
      }),
      { numRuns: RUNS },
    );
  });
});

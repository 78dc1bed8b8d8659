// The Gift Aid Small Donations Scheme page: recording and deleting small donations (audited),
// the claim for a tax year (the £30 rule, the £8,000 limit, the matching rule against the
// Gift Aid claim batches, 5 and 6 April), its CSV, and bad input (400 with the input kept).
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { listAudit } from "~/site/models/audit.server";
import { action, loader } from "~/routes/admin+/dashboard+/gift-aid.small-donations/route";
import { loader as csvLoader } from "~/routes/admin+/dashboard+/gift-aid.small-donations[.]csv";
import { createClaimBatch } from "~/gift-aid/services/gift-aid-claims.server";
import { adminPaths } from "~/utils/admin-paths";
import { adminCookie, bodyOf, getRequest, postForm, run, savedNoticeOf } from "./admin-support";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { resetDatabase } from "./helpers";
import { staffCookie, staffMember } from "./team-support";

let cookie: string;
beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const PAGE = adminPaths.smallDonations();
const rows = () => getDb().selectFrom("small_donations").selectAll().orderBy("id").execute();

function record(fields: Partial<Record<string, string>>, headers: Record<string, string> = {}) {
  const body = {
    intent: "record",
    collectedOn: "2025-09-13",
    amount: "20",
    method: "cash",
    kind: "gift",
    place: "Charity gala",
    ...fields,
  };
  return run(action, postForm(PAGE, body as Record<string, string>, { cookie, headers }));
}

async function claimFor(year: number) {
  const response = await run(loader, getRequest(adminPaths.smallDonations(year), { cookie }));
  expect(response.status).toBe(200);
  return bodyOf(response);
}

/** Gift Aid donations of `pence` received on `day`, put in a claim batch. */
async function giftAidClaimed(day: string, pence: number) {
  const { pledge } = await pledgeWithDeclaration({ declaredAt: "2024-01-10T12:00:00.000Z" });
  await recordPaymentForTest(pledge.id, day, pence);
  await createClaimBatch({ paymentIds: "all", actor: "admin" });
}

describe("small donations: recording", () => {
  it("records one, audited, and shows it under the tax year it was collected in", async () => {
    const response = await record({ amount: "£12.50", place: "  Charity gala  ", method: "contactless" });
    expect(response.status).toBe(303);
    expect(await savedNoticeOf(response)).toEqual({
      location: adminPaths.smallDonations(2025),
      notice: "Small donation recorded.",
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      collected_on: "2025-09-13",
      amount_pence: 1250,
      method: "contactless",
      kind: "gift",
      place: "Charity gala",
      recorded_by: "admin",
    });
    const trail = await listAudit(getDb(), "small-donation", row.id);
    expect(trail.map((event) => event.action)).toEqual(["small_donation.recorded"]);

    const page = await claimFor(2025);
    expect(page.donations).toHaveLength(1);
    expect(page.donations[0]).toMatchObject({ amountPence: 1250, place: "Charity gala", eligible: true });
    expect(page.claim.eligiblePence).toBe(1250);
    expect(page.years).toContain(2025);
    expect((await claimFor(2024)).donations).toHaveLength(0);
  });

  it("answers bad input with 400, the field errors and the input kept; nothing is recorded", async () => {
    const response = await record({ amount: "lots", place: "", collectedOn: "31/02/2025", method: "cheque" });
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(Object.keys(body.result.error).sort()).toEqual(["amount", "collectedOn", "method", "place"]);
    expect(body.result.initialValue).toMatchObject({ amount: "lots", collectedOn: "31/02/2025", kind: "gift" });
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a day in the future, an amount of nothing and a place too long", async () => {
    for (const fields of [{ collectedOn: "2999-01-01" }, { amount: "0" }, { place: "x".repeat(101) }]) {
      const response = await record(fields);
      expect(response.status).toBe(400);
    }
    expect(await rows()).toHaveLength(0);
  });

  it("refuses a cross-site post, a visitor and an editor", async () => {
    expect((await record({}, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    const visitor = await run(action, postForm(PAGE, { intent: "record" }));
    expect(visitor.status).toBe(302);
    const editor = await staffCookie(await staffMember("editor"));
    expect((await run(loader, getRequest(PAGE, { cookie: editor }))).status).toBe(403);
    expect((await run(csvLoader, getRequest(adminPaths.smallDonationsCsv(2025), { cookie: editor }))).status).toBe(403);
    expect(await rows()).toHaveLength(0);
  });
});

describe("small donations: deleting a mistaken one", () => {
  it("asks first without JavaScript, then deletes it, audited", async () => {
    await record({});
    const [row] = await rows();
    const ask = await run(action, postForm(PAGE, { intent: "delete", id: String(row.id) }, { cookie }));
    expect(ask.status).toBe(200);
    expect((await bodyOf(ask)).confirmDelete).toMatchObject({ id: row.id, amountPence: 2000 });
    expect(await rows()).toHaveLength(1);

    const done = await run(
      action,
      postForm(PAGE, { intent: "delete", id: String(row.id), confirmed: "yes" }, { cookie }),
    );
    expect(done.status).toBe(303);
    expect(await savedNoticeOf(done)).toEqual({
      location: adminPaths.smallDonations(2025),
      notice: "Small donation deleted.",
    });
    expect(await rows()).toHaveLength(0);
    const trail = await listAudit(getDb(), "small-donation", row.id);
    expect(trail.map((event) => event.action).sort()).toEqual(["small_donation.deleted", "small_donation.recorded"]);
  });

  it("answers 404 for one already gone or not a record", async () => {
    for (const id of ["999", "abc", ""]) {
      const response = await run(action, postForm(PAGE, { intent: "delete", id, confirmed: "yes" }, { cookie }));
      expect(response.status).toBe(404);
    }
  });
});

describe("small donations: the claim for a tax year", () => {
  it("lists a single gift over £30 as not eligible, and a collection of small gifts as eligible", async () => {
    await giftAidClaimed("2025-05-01", 1_000_000);
    await record({ amount: "30" });
    await record({ amount: "30.01" });
    await record({ amount: "250", kind: "collection" });
    const { claim, donations } = await claimFor(2025);
    expect(claim).toMatchObject({
      eligiblePence: 28_000,
      eligibleCount: 2,
      notEligiblePence: 3001,
      notEligibleCount: 1,
      claimablePence: 28_000,
      topUpPence: 7_000,
      limitedBy: "none",
    });
    expect(
      donations.filter((d: { eligible: boolean }) => !d.eligible).map((d: { amountPence: number }) => d.amountPence),
    ).toEqual([3001]);
  });

  it("applies the matching rule to the Gift Aid donations in claim batches of the same tax year", async () => {
    await giftAidClaimed("2025-04-06", 10_000); // £100 in 2025 to 2026: small donations at most £1,000
    await giftAidClaimed("2025-04-05", 500_000); // the tax year before: does not count
    await record({ amount: "1500", kind: "collection" });
    const { claim } = await claimFor(2025);
    expect(claim).toMatchObject({
      giftAidDonationsPence: 10_000,
      matchingLimitPence: 100_000,
      eligiblePence: 150_000,
      claimablePence: 100_000,
      topUpPence: 25_000,
      limitedBy: "matching-rule",
    });
  });

  it("stops at £8,000 of small donations (£2,000 top-up) in a year", async () => {
    await giftAidClaimed("2025-06-01", 5_000_000);
    await record({ amount: "8000", kind: "collection" });
    expect((await claimFor(2025)).claim).toMatchObject({
      claimablePence: 800_000,
      topUpPence: 200_000,
      limitedBy: "none",
    });
    await record({ amount: "0.01", kind: "collection" });
    expect((await claimFor(2025)).claim).toMatchObject({
      eligiblePence: 800_001,
      claimablePence: 800_000,
      topUpPence: 200_000,
      limitedBy: "yearly-limit",
    });
  });

  it("puts 5 April in the tax year before and 6 April in the new one", async () => {
    await record({ collectedOn: "05/04/2025", amount: "5" });
    const sixth = await record({ collectedOn: "2025-04-06", amount: "6" });
    expect(sixth.headers.get("Location")).toContain("year=2025");
    expect((await claimFor(2024)).claim.eligiblePence).toBe(500);
    expect((await claimFor(2025)).claim.eligiblePence).toBe(600);
  });

  it("downloads the year's small donations and the claim's figures as CSV", async () => {
    await giftAidClaimed("2025-06-01", 10_000);
    await record({ amount: "20", place: '=HYPERLINK("x")' });
    await record({ amount: "40" });
    await record({ collectedOn: "2024-06-01", amount: "7" }); // another tax year
    const response = await run(csvLoader, getRequest(adminPaths.smallDonationsCsv(2025), { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toContain('filename="gasds-2025-2026.csv"');
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Date collected,Amount,Method,Kind,Where,Eligible for GASDS,Recorded by");
    expect(lines).toContain(`2025-09-13,20.00,cash,gift,"'=HYPERLINK(""x"")",yes,admin`);
    expect(lines).toContain("2025-09-13,40.00,cash,gift,Charity gala,no (a single gift over £30),admin");
    expect(text).not.toContain("7.00,");
    expect(lines).toContain("Small donations to claim on,20.00");
    expect(lines).toContain("Top-up (25%),5.00");
  });

  it("shows the current tax year for a missing or odd ?year", async () => {
    const response = await run(loader, getRequest(`${PAGE}?year=nonsense`, { cookie }));
    expect(response.status).toBe(200);
    const { year, years } = await bodyOf(response);
    expect(years[0]).toBe(year);
  });
});

describe("small donations: any input", () => {
  it("answers odd posts with a redirect, a question, a 400 or a 404, never a server error", async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        "",
        " ",
        "0",
        "-5",
        "30",
        "30.001",
        "£1,000,000.00",
        "99999999",
        "2025-02-29",
        "31/12/2025",
        "record",
        "delete",
        "collection",
        "cash",
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            intent: text,
            collectedOn: text,
            amount: text,
            method: text,
            kind: text,
            place: text,
            id: text,
            confirmed: text,
          },
          { requiredKeys: [] },
        ),
        async (fields) => {
          const response = await run(action, postForm(PAGE, fields as Record<string, string>, { cookie }));
          expect([200, 303, 400, 404]).toContain(response.status); // 200: "delete this one?"
        },
      ),
      { numRuns: 60 },
    );
  });
});

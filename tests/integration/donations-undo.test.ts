// Undoing a payment recorded by mistake, the payments export's date range, and the one
// lower(email) index on pledges left after 0010.
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseEngine, getDb } from "~/infra/db.server";
import { listAudit } from "~/site/models/audit.server";
import { getPledge } from "~/giving/models/pledge.server";
import * as detailRoute from "~/routes/admin+/dashboard+/donations.$id/route";
import * as removeRoute from "~/routes/admin+/dashboard+/donations.$id.payments.$paymentId.remove";
import * as paymentsRoute from "~/routes/admin+/dashboard+/donations.payments[.]csv";
import { confirmImport, previewImport } from "~/giving/services/bank-import.server";
import { createClaimBatch, markClaimSubmitted } from "~/gift-aid/services/gift-aid-claims.server";
import { adminPaths } from "~/utils/admin-paths";
import { toLondonDay } from "~/utils/dates";
import { adminCookie, bodyOf, getRequest, postForm, run, savedNoticeOf } from "./admin-support";
import { makePledge } from "./donations-support";
import { pledgeWithDeclaration } from "./gift-aid-support";
import { resetDatabase } from "./helpers";

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const paymentsOf = (pledgeId: number) =>
  getDb().selectFrom("payments").selectAll().where("pledge_id", "=", pledgeId).orderBy("id").execute();

async function recordByHand(pledgeId: number, receivedOn: string, amount: string) {
  const response = await run(
    detailRoute.action,
    postForm(adminPaths.donation(pledgeId), { intent: "record-payment", receivedOn, amount }, { cookie }),
    { id: String(pledgeId) },
  );
  expect(response.status).toBe(303);
  return (await paymentsOf(pledgeId)).at(-1)!;
}

function removeRequest(pledgeId: number, paymentId: number, fields: Record<string, string>, headers = {}) {
  return run(removeRoute.action, postForm(adminPaths.removePayment(pledgeId, paymentId), fields, { cookie, headers }), {
    id: String(pledgeId),
    paymentId: String(paymentId),
  });
}

/** The pledge's page data, as the detail route's loader gives it to the signed-in staff member. */
async function pledgePage(pledgeId: number) {
  return bodyOf(
    await run(detailRoute.loader, getRequest(adminPaths.donation(pledgeId), { cookie }), { id: String(pledgeId) }),
  );
}

function removePage(pledgeId: number | string, paymentId: number | string) {
  return run(
    removeRoute.loader,
    getRequest(`/admin/dashboard/donations/${pledgeId}/payments/${paymentId}/remove`, { cookie }),
    {
      id: String(pledgeId),
      paymentId: String(paymentId),
    },
  );
}

describe("removing a payment recorded by mistake", () => {
  it("needs a reason, then returns the pledge to pending and records who, what and why", async () => {
    const pledge = await makePledge({ amountPence: 2500 });
    const first = await recordByHand(pledge.id, "2025-10-01", "10");
    const mistake = await recordByHand(pledge.id, "2025-10-05", "15");
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ paidPence: 2500, status: "paid" });

    const page = await bodyOf(await removePage(pledge.id, mistake.id));
    expect(page.payment).toMatchObject({ id: mistake.id, amountPence: 1500, receivedOn: "2025-10-05" });
    expect(page.claim).toBeNull();

    expect((await removeRequest(pledge.id, mistake.id, { reason: "   " })).status).toBe(400);
    expect((await removeRequest(pledge.id, mistake.id, { reason: "x".repeat(301) })).status).toBe(400);
    expect(await paymentsOf(pledge.id)).toHaveLength(2);

    const response = await removeRequest(pledge.id, mistake.id, { reason: "Typed twice" });
    expect(response.status).toBe(303);
    expect(await savedNoticeOf(response)).toEqual({
      location: adminPaths.donation(pledge.id),
      notice: "Payment removed.",
    });
    expect((await paymentsOf(pledge.id)).map((p) => p.id)).toEqual([first.id]);
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ paidPence: 1000, status: "pending" });

    const history = await listAudit(getDb(), "pledge", pledge.id);
    const removed = history.at(-1)!;
    expect(removed).toMatchObject({ action: "payment.removed", actor: "admin" });
    expect(removed.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(removed.detail).toContain("£15 received 2025-10-05");
    expect(removed.detail).toContain("status paid → pending");
    expect(removed.detail).toContain("Reason: Typed twice");

    // The detail page shows it; removing it again is a 404, not a 500.
    const detail = await pledgePage(pledge.id);
    expect(detail.pledge.paidPence).toBe(1000);
    expect(detail.history.at(-1).action).toBe("payment.removed");
    expect((await removeRequest(pledge.id, mistake.id, { reason: "again" })).status).toBe(404);
  });

  it("makes an imported statement line importable again", async () => {
    const wrong = await makePledge({ reference: "CHA-8K2MPQRS", amountPence: 2500 });
    const csv = "Date,Description,Amount\n05/10/2025,J SMITH CHA-8K2MPQRS,25.00\n";
    const first = await previewImport(csv);
    const fingerprint = first.proposals[0].fingerprint;
    expect((await confirmImport(csv, {}, [fingerprint], "admin")).recorded).toBe(1);
    const [imported] = await paymentsOf(wrong.id);
    expect(imported).toMatchObject({ method: "bank-import", bank_line: fingerprint });

    const again = await previewImport(csv);
    expect(again.proposals[0].state).toBe("already-imported");

    expect((await removeRequest(wrong.id, imported.id, { reason: "Matched in error" })).status).toBe(303);
    expect(await getPledge(getDb(), wrong.id)).toMatchObject({ paidPence: 0, status: "pending" });
    expect((await listAudit(getDb(), "pledge", wrong.id)).at(-1)!.detail).toContain("can be imported again");

    const after = await previewImport(csv);
    expect(after.proposals[0].state).toBe("new");
    expect((await confirmImport(csv, {}, [fingerprint], "admin")).recorded).toBe(1);
    expect(await paymentsOf(wrong.id)).toHaveLength(1);
  });

  it("refuses a payment in a Gift Aid claim batch, draft or submitted, with a clear message", async () => {
    const { pledge } = await pledgeWithDeclaration({ declaredAt: "2025-01-01T10:00:00.000Z" });
    const payment = await recordByHand(pledge.id, "2025-10-05", "50");
    const unclaimed = await recordByHand(pledge.id, "2025-11-05", "50");
    const claim = await createClaimBatch({ paymentIds: [payment.id], actor: "admin" });
    // The pledge page says which payment is in which batch, so staff need not try to remove it.
    expect((await pledgePage(pledge.id)).payments.map((p: { id: number; claim: unknown }) => [p.id, p.claim])).toEqual([
      [payment.id, { claimId: claim.id, submitted: false, claimedPence: 5000 }],
      [unclaimed.id, null],
    ]);

    let response = await removeRequest(pledge.id, payment.id, { reason: "Mistake" });
    expect(response.status).toBe(409);
    expect(JSON.stringify(await bodyOf(response))).toContain(`claim batch ${claim.id}, not yet submitted`);
    expect((await bodyOf(await removePage(pledge.id, payment.id))).claim.message).toContain("Delete that batch first");

    await markClaimSubmitted(claim.id, toLondonDay(new Date()), "admin");
    response = await removeRequest(pledge.id, payment.id, { reason: "Mistake" });
    expect(response.status).toBe(409);
    expect(JSON.stringify(await bodyOf(response))).toContain("submitted to HMRC: it cannot be removed");
    expect((await pledgePage(pledge.id)).payments[0].claim).toEqual({
      claimId: claim.id,
      submitted: true,
      claimedPence: 5000,
    });

    expect(await paymentsOf(pledge.id)).toHaveLength(2);
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ paidPence: 10000 });
    expect((await listAudit(getDb(), "pledge", pledge.id)).map((e) => e.action)).not.toContain("payment.removed");
  });

  it("answers 404 for bad or mismatched ids, 403 cross-site, and asks staff to sign in", async () => {
    const pledge = await makePledge();
    const other = await makePledge();
    const payment = await recordByHand(pledge.id, "2025-10-05", "5");

    for (const [pledgeId, paymentId] of [
      ["abc", String(payment.id)],
      [String(pledge.id), "0"],
      [String(pledge.id), "1e3"],
      [String(pledge.id), "99999999"],
      ["99999999", String(payment.id)],
      [String(other.id), String(payment.id)],
    ]) {
      expect((await removePage(pledgeId, paymentId)).status).toBe(404);
      const post = await run(
        removeRoute.action,
        postForm(`/admin/dashboard/donations/${pledgeId}/payments/${paymentId}/remove`, { reason: "x" }, { cookie }),
        { id: pledgeId, paymentId },
      );
      expect(post.status).toBe(404);
    }

    expect(
      (await removeRequest(pledge.id, payment.id, { reason: "x" }, { "Sec-Fetch-Site": "cross-site" })).status,
    ).toBe(403);
    const anonymous = await run(
      removeRoute.action,
      new Request(`http://localhost${adminPaths.removePayment(pledge.id, payment.id)}`, {
        method: "POST",
        body: new URLSearchParams({ reason: "x" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      }),
      { id: String(pledge.id), paymentId: String(payment.id) },
    );
    expect(anonymous.status).toBe(302);
    expect(await paymentsOf(pledge.id)).toHaveLength(1);
  });
});

describe("the payments export's date range", () => {
  async function exported(query: string) {
    const response = await run(paymentsRoute.loader, getRequest(`${adminPaths.paymentsExport}${query}`, { cookie }));
    return response;
  }
  async function days(query: string) {
    const { parse } = await import("csv-parse/sync");
    const response = await exported(query);
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { bom: true }) as string[][];
    return rows.slice(1).map((row) => row[1]);
  }

  it("keeps the UK days received, both ends inclusive, across the clocks going forward", async () => {
    // 30 March 2025: the clocks went forward at 01:00 UTC. Days received are calendar days,
    // so the range compares days, never instants.
    const pledge = await makePledge({ type: "monthly" });
    for (const day of ["2025-03-29", "2025-03-30", "2025-03-31", "2025-04-01"]) {
      await recordByHand(pledge.id, day, "1");
    }
    expect(await days("")).toEqual(["2025-03-29", "2025-03-30", "2025-03-31", "2025-04-01"]);
    expect(await days("?from=2025-03-30&to=2025-03-31")).toEqual(["2025-03-30", "2025-03-31"]);
    expect(await days("?from=2025-03-30&to=2025-03-30")).toEqual(["2025-03-30"]);
    expect(await days("?from=2025-03-31")).toEqual(["2025-03-31", "2025-04-01"]);
    expect(await days("?to=2025-03-29")).toEqual(["2025-03-29"]);
    expect(await days("?from=&to=")).toHaveLength(4);
    expect(await days("?from=2025-05-01")).toEqual([]);

    const response = await exported("?from=2025-03-30&to=2025-03-31");
    expect(response.headers.get("Content-Disposition")).toContain("payments-2025-03-30-to-2025-03-31.csv");
    // Typed as people in the UK write dates (a browser without a date picker), the same range.
    const typed = await exported("?from=30/03/2025&to=31/3/2025");
    expect(typed.headers.get("Content-Disposition")).toContain("payments-2025-03-30-to-2025-03-31.csv");
  });

  it("refuses malformed or reversed dates with a 400 that says why", async () => {
    for (const [query, message] of [
      ["?from=2025-02-30", "Enter the first day like 05/10/2025"],
      ["?from=30/02/2025", "Enter the first day like 05/10/2025"],
      ["?to=yesterday", "Enter the last day like 31/10/2025"],
      ["?from=2025-04-01&to=2025-03-01", "The last day must be on or after the first day"],
    ]) {
      const response = await exported(query);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await run(paymentsRoute.loader, getRequest(`${adminPaths.paymentsExport}?from=2025-01-01`))).status).toBe(
      302,
    );
  });
});

describe("pledges' lower(email) index", () => {
  it("is one index, used by the privacy lookup and the search's prefix range", async () => {
    if (databaseEngine(getDb()) === "postgres") {
      // PostgreSQL plans a table this small with a sequential scan, so only the index is checked.
      const indexes = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'pledges' and indexdef like '%lower(email)%'`.execute(
        getDb(),
      );
      expect(indexes.rows.map((row) => row.indexname)).toEqual(["pledges_lower_email_privacy"]);
      return;
    }
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'pledges' and sql like '%lower(email)%'`.execute(
      getDb(),
    );
    expect(indexes.rows.map((row) => row.name)).toEqual(["pledges_lower_email_privacy"]);
    for (const query of [
      sql`explain query plan select * from pledges where lower(email) = ${"a@example.org"}`,
      sql`explain query plan select id from pledges where lower(email) >= ${"a"} and lower(email) < ${"b"}`,
    ]) {
      const plan = await query.execute(getDb());
      expect(JSON.stringify(plan.rows)).toContain("pledges_lower_email_privacy");
    }
  });
});

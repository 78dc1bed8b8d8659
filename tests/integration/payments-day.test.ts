// A finance officer's day on a screen (issue 51 item 4): the Payments list by UK day and method
// with totals that match the bank (net of refunds), a gift recorded for an existing or a new
// supporter (from a bank line that names no pledge, in one step), a refund of a hand or bank
// payment through the ledger, and the pledge page's Gift Aid state. Runs on both engines
// (TEST_DATABASE=postgres): the day totals are SQL sums.
import { getZodConstraint } from "@conform-to/zod/v4";
import { beforeEach, describe, expect, it } from "vitest";
import { recordGiftSchema, refundPaymentSchema } from "~/giving/schemas/record-gift";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { londonToday } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { listAudit } from "~/site/models/audit.server";
import { getPledge } from "~/giving/models/pledge.server";
import * as detailRoute from "~/routes/admin+/dashboard+/donations.$id/route";
import * as refundRoute from "~/routes/admin+/dashboard+/donations.$id.payments.$paymentId.refund";
import * as removeRoute from "~/routes/admin+/dashboard+/donations.$id.payments.$paymentId.remove";
import * as paymentsCsv from "~/routes/admin+/dashboard+/donations.payments[.]csv";
import * as listRoute from "~/routes/admin+/dashboard+/payments._index";
import * as giftRoute from "~/routes/admin+/dashboard+/payments.new";
import { previewImport } from "~/giving/services/bank-import.server";
import { createClaimBatch, listClaimCandidates, markClaimSubmitted } from "~/gift-aid/services/gift-aid-claims.server";
import { buildStatement } from "~/supporters/services/giving-statements.server";
import { recordPayment } from "~/giving/services/ledger.server";
import { immediateTransaction } from "~/infra/db.server";
import { adminPaths } from "~/utils/admin-paths";
import { taxYearOf } from "~/utils/tax-year";
import { adminCookie, bodyOf, getRequest, postForm, run, savedNoticeOf } from "./admin-support";
import { makePledge } from "./donations-support";
import { pledgeWithDeclaration } from "./gift-aid-support";
import { resetDatabase } from "./helpers";

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

async function record(pledgeId: number, receivedOn: string, amountPence: number, method: "manual" | "bank-import") {
  const result = await immediateTransaction(getDb(), (trx) =>
    recordPayment(
      trx,
      {
        pledgeId,
        receivedOn,
        amountPence,
        method,
        bankLine: method === "bank-import" ? `line-${pledgeId}-${receivedOn}-${amountPence}` : null,
      },
      "admin",
    ),
  );
  return result!.payment;
}

async function list(query = "") {
  const response = await run(listRoute.loader, getRequest(`${adminPaths.payments}${query}`, { cookie }));
  return { status: response.status, body: await bodyOf(response) };
}

function refund(pledgeId: number, paymentId: number, fields: Record<string, string>) {
  return run(refundRoute.action, postForm(adminPaths.refundPayment(pledgeId, paymentId), fields, { cookie }), {
    id: String(pledgeId),
    paymentId: String(paymentId),
  });
}

async function pledgePage(pledgeId: number) {
  return bodyOf(
    await run(detailRoute.loader, getRequest(adminPaths.donation(pledgeId), { cookie }), { id: String(pledgeId) }),
  );
}

const STATEMENT = "Date,Description,Amount\n05/10/2025,J SMITH DONATION,30.00\n05/10/2025,RENT,-500.00\n";

/** The first unmatched line of the statement, as the import page shows it, and its "Record as a new gift" address. */
async function unmatchedLine(csv = STATEMENT) {
  const preview = await previewImport(csv);
  const line = preview.unmatched[0];
  return { line, href: adminPaths.recordGiftFromLine(line) };
}

/** The form's hidden fields for that line, as the page renders them. */
function lineFields(line: { fingerprint: string; description: string; occurrence: number; date: string }) {
  return {
    bankLine: line.fingerprint,
    bankText: line.description,
    bankOccurrence: String(line.occurrence),
    receivedOn: line.date,
    amount: "30.00",
  };
}

const postGift = (fields: Record<string, string>) =>
  run(giftRoute.action, postForm(adminPaths.recordGift, fields, { cookie }));

describe("the Payments list", () => {
  it("totals each UK day by method, net of the refunds given back that day, across pages", async () => {
    const a = await makePledge({ amountPence: 10_000 });
    const b = await makePledge({ amountPence: 10_000 });
    const bank = await record(a.id, "2025-10-05", 3000, "bank-import");
    await record(b.id, "2025-10-05", 2000, "bank-import");
    await record(b.id, "2025-10-05", 1500, "manual");
    await record(a.id, "2025-10-06", 700, "manual");
    // £5 of the £30 bank payment given back on the 6th: it counts on the 6th, as the bank shows it.
    expect((await refund(a.id, bank.id, { amount: "5", refundedOn: "2025-10-06", reason: "Gave twice" })).status).toBe(
      303,
    );

    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.result.days.map((d: { day: string }) => d.day)).toEqual(["2025-10-06", "2025-10-05"]);
    const [sixth, fifth] = body.result.days;
    expect(fifth.netPence).toBe(6500);
    expect(fifth.methods).toEqual([
      { method: "manual", netPence: 1500, inPence: 1500, refundedPence: 0, payments: 1, refunds: 0 },
      { method: "bank-import", netPence: 5000, inPence: 5000, refundedPence: 0, payments: 2, refunds: 0 },
    ]);
    expect(sixth.netPence).toBe(200);
    expect(sixth.methods).toEqual([
      { method: "manual", netPence: 700, inPence: 700, refundedPence: 0, payments: 1, refunds: 0 },
      { method: "bank-import", netPence: -500, inPence: 0, refundedPence: 500, payments: 0, refunds: 1 },
    ]);
    expect(body.result.totals.netPence).toBe(6700);
    expect(body.result.total).toBe(5);

    // Filtered by method and days: the totals follow, and the CSV carries the same filters.
    const bankOnly = await list("?method=bank-import&from=2025-10-05&to=2025-10-05");
    expect(bankOnly.body.result.days).toHaveLength(1);
    expect(bankOnly.body.result.days[0]).toMatchObject({ day: "2025-10-05", netPence: 5000 });
    expect(bankOnly.body.result.days[0].payments).toHaveLength(2);
    const csv = await run(
      paymentsCsv.loader,
      getRequest(`${adminPaths.paymentsExport}?method=bank-import&from=2025-10-05&to=2025-10-05`, { cookie }),
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split("\n");
    expect(lines).toHaveLength(3);

    // A bad filter is a 400 with the reason and what was typed, never a 500.
    const bad = await list("?from=2025-02-30&method=cheque");
    expect(bad.status).toBe(400);
    expect(bad.body.problem).toBeTruthy();
    expect(bad.body.filters).toMatchObject({ from: "2025-02-30", method: "cheque" });
    expect((await run(listRoute.loader, getRequest(`${adminPaths.payments}?page=9`, { cookie }))).status).toBe(404);
  });

  it("pages the payments and keeps each day's total whole", async () => {
    const pledge = await makePledge({ type: "monthly", amountPence: 100 });
    for (let i = 0; i < 55; i++) await record(pledge.id, i < 30 ? "2025-10-02" : "2025-10-01", 100, "manual");
    const first = await list();
    expect(first.body.result.pageCount).toBe(2);
    expect(first.body.result.days.map((d: { day: string; netPence: number }) => [d.day, d.netPence])).toEqual([
      ["2025-10-02", 3000],
      ["2025-10-01", 2500],
    ]);
    const second = await list("?page=2");
    expect(second.body.result.days).toHaveLength(1);
    expect(second.body.result.days[0]).toMatchObject({ day: "2025-10-01", netPence: 2500 });
    expect(second.body.result.days[0].payments).toHaveLength(5);
  });
});

describe("recording a gift", () => {
  it("has forms whose constraints Conform can read (the pages render them on the server)", () => {
    expect(getZodConstraint(recordGiftSchema("2026-01-01")).email).toBeDefined();
    expect(getZodConstraint(refundPaymentSchema("2026-01-01")).reason).toMatchObject({ required: true });
  });

  it("records an unmatched bank line as a new supporter's gift in one step, with Gift Aid, and never offers the line again", async () => {
    const { line, href } = await unmatchedLine();
    expect(line).toMatchObject({ date: "2025-10-05", amountPence: 3000, description: "J SMITH DONATION" });
    const page = await bodyOf(await run(giftRoute.loader, getRequest(href, { cookie })));
    expect(page.line).toMatchObject({ date: "2025-10-05", amountPence: 3000, text: "J SMITH DONATION" });
    expect(page.imported).toBe(false);

    // The donate form's Gift Aid rules: a postcode that is not a UK one is refused with the input kept.
    const details = { who: "new", firstName: "Jane", lastName: "Smith", email: "jane.smith@example.org" };
    const giftAid = {
      giftAid: "on",
      giftAidVersion: CURRENT_DECLARATION_VERSION,
      house: "12",
      street: "High Street",
      town: "Leeds",
    };
    const refused = await postGift({
      ...lineFields(line),
      ...details,
      ...giftAid,
      postcode: "12345",
      sendThanks: "on",
    });
    expect(refused.status).toBe(400);
    const reply = (await bodyOf(refused)).result;
    expect(reply.error.postcode[0]).toContain("UK postcode");
    expect(reply.initialValue.email).toBe("jane.smith@example.org");
    expect(await getDb().selectFrom("pledges").selectAll().execute()).toHaveLength(0);

    const response = await postGift({
      ...lineFields(line),
      ...details,
      ...giftAid,
      postcode: "ls1 4ap",
      sendThanks: "on",
    });
    expect(response.status).toBe(303);
    const { location, notice } = await savedNoticeOf(response);
    expect(notice).toBe("Gift recorded. The donor's thank-you e-mail is on its way.");
    const pledgeId = Number(location!.split("/").at(-1));
    expect(await getPledge(getDb(), pledgeId)).toMatchObject({
      type: "one-time",
      amountPence: 3000,
      paidPence: 3000,
      status: "paid",
      email: "jane.smith@example.org",
    });
    const payment = await getDb()
      .selectFrom("payments")
      .selectAll()
      .where("pledge_id", "=", pledgeId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      method: "bank-import",
      received_on: "2025-10-05",
      amount_pence: 3000,
      bank_line: line.fingerprint,
      note: "Bank statement line: J SMITH DONATION",
    });
    const declaration = await getDb().selectFrom("gift_aid_declarations").selectAll().executeTakeFirstOrThrow();
    expect(declaration).toMatchObject({ pledge_id: pledgeId, postcode: "LS1 4AP", first_name: "Jane" });
    const history = await listAudit(getDb(), "pledge", pledgeId);
    expect(history.map((e) => e.action)).toEqual(["pledge.recorded", "payment.recorded"]);
    expect(history[0].detail).toContain("from a bank statement line");
    const mail = await getDb().selectFrom("outbox").selectAll().where("pledge_id", "=", pledgeId).execute();
    expect(mail.map((m) => m.to_address)).toEqual(["jane.smith@example.org"]);
    expect(mail[0].text_body).toContain("Gift Aid");

    // The line is imported: the statement shows it so, and the form will not record it twice.
    expect((await previewImport(STATEMENT)).unmatched[0].state).toBe("already-imported");
    expect((await bodyOf(await run(giftRoute.loader, getRequest(href, { cookie })))).imported).toBe(true);
    expect((await postGift({ ...lineFields(line), ...details })).status).toBe(409);

    // Claimable like any gift, and on the donor's statement with Gift Aid.
    const { claimable } = await listClaimCandidates();
    expect(claimable.map((c) => [c.paymentId, c.amountPence])).toEqual([[payment.id, 3000]]);
    const built = await buildStatement(pledgeId, taxYearOf("2025-10-05"));
    expect(built!.statement.gifts.map((g) => [g.amountPence, g.giftAid])).toEqual([[3000, true]]);
  });

  it("refuses a bank line whose date or amount was changed", async () => {
    const { line } = await unmatchedLine();
    const details = { who: "new", firstName: "Jane", lastName: "Smith", email: "jane@example.org" };
    const changed = await postGift({ ...lineFields(line), amount: "300.00", ...details });
    expect(changed.status).toBe(400);
    expect(await getDb().selectFrom("payments").selectAll().execute()).toHaveLength(0);
    const href = adminPaths.recordGiftFromLine({ ...line, amountPence: 30_000 });
    expect((await run(giftRoute.loader, getRequest(href, { cookie }))).status).toBe(400);
  });

  it("records a gift by hand for an existing supporter, found by number or address, covered by their declaration", async () => {
    const { pledge: first } = await pledgeWithDeclaration({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
    });
    const supporter = await getDb().selectFrom("supporters").select("id").executeTakeFirstOrThrow();

    expect((await postGift({ who: "existing", amount: "20", receivedOn: "2025-10-05" })).status).toBe(400);
    const unknown = await postGift({
      who: "existing",
      supporter: "nobody@example.org",
      amount: "20",
      receivedOn: "2025-10-05",
    });
    expect(unknown.status).toBe(400);
    expect((await bodyOf(unknown)).result.error.supporter[0]).toContain("No supporter");

    for (const named of [String(supporter.id), "ANN@example.org "]) {
      const response = await postGift({ who: "existing", supporter: named, amount: "20", receivedOn: "2025-10-05" });
      expect(response.status).toBe(303);
      expect((await savedNoticeOf(response)).notice).toBe("Gift recorded.");
    }
    const pledges = await getDb().selectFrom("pledges").selectAll().where("id", "<>", first.id).execute();
    expect(pledges.map((p) => [p.supporter_id, p.first_name, p.last_name, p.email, p.paid_pence])).toEqual([
      [supporter.id, "Ann", "Lee", "ann@example.org", 2000],
      [supporter.id, "Ann", "Lee", "ann@example.org", 2000],
    ]);
    const payments = await getDb().selectFrom("payments").selectAll().execute();
    expect(payments.map((p) => [p.method, p.bank_line])).toEqual([
      ["manual", null],
      ["manual", null],
    ]);
    // Their declaration covers the new gifts: on the pledge page, and in the claim candidates.
    const page = await pledgePage(pledges[0].id);
    expect(page.giftAid.gifts).toEqual([
      expect.objectContaining({ state: "claimable", keptPence: 2000, giftAidPence: 500 }),
    ]);
    expect(page.giftAid.declarations[0]).toMatchObject({ onThisPledge: false });
  });
});

describe("how a gift was paid, in statements and exports", () => {
  it("names cheque, cash, bank transfer and standing order from one place, per payment and in totals", async () => {
    const { pledge: first } = await pledgeWithDeclaration({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
    });
    const supporter = await getDb().selectFrom("supporters").select("id").executeTakeFirstOrThrow();
    const byHand = { who: "existing", supporter: String(supporter.id), receivedOn: "2025-10-05" };
    // A choice that is not one of the form's is refused with the form shown again, never stored.
    const refused = await postGift({ ...byHand, amount: "5", paidWith: "bitcoin" });
    expect(refused.status).toBe(400);
    expect((await bodyOf(refused)).result.error.paidWith[0]).toBe("Choose how the money was paid");
    expect((await postGift({ ...byHand, amount: "20", paidWith: "cheque" })).status).toBe(303);
    expect((await postGift({ ...byHand, amount: "7.50", paidWith: "cash" })).status).toBe(303);
    // On a monthly bank gift's page, a payment by hand said to be a bank transfer is its standing order.
    const monthly = await makePledge({ type: "monthly", email: "ann@example.org", firstName: "Ann", lastName: "Lee" });
    const recorded = await run(
      detailRoute.action,
      postForm(
        adminPaths.donation(monthly.id),
        { intent: "record-payment", receivedOn: "2025-10-06", amount: "15", paidWith: "bank-transfer" },
        { cookie },
      ),
      { id: String(monthly.id) },
    );
    expect(recorded.status).toBe(303);
    const payments = await getDb().selectFrom("payments").select(["method", "paid_with"]).orderBy("id").execute();
    expect(payments).toEqual([
      { method: "manual", paid_with: "cheque" },
      { method: "manual", paid_with: "cash" },
      { method: "manual", paid_with: "bank-transfer" },
    ]);

    // The statement: each gift with how it was paid, and the total of each way.
    const built = (await buildStatement(first.id, taxYearOf("2025-10-05")))!;
    expect(built.statement.gifts.map((gift) => [gift.method, gift.amountPence])).toEqual([
      ["Cheque", 2000],
      ["Cash", 750],
      ["Standing order", 1500],
    ]);
    expect(built.statement.byMethod).toEqual([
      { method: "Cheque", count: 1, totalPence: 2000 },
      { method: "Cash", count: 1, totalPence: 750 },
      { method: "Standing order", count: 1, totalPence: 1500 },
    ]);
    // The pledge page names the payment by hand with what staff said.
    const page = await pledgePage(monthly.id);
    expect(page.payments.map((p: { paidWith: string }) => p.paidWith)).toEqual(["bank-transfer"]);

    // The payments CSV: a Method column, the same words.
    const { parse } = await import("csv-parse/sync");
    const csv = parse(await (await run(paymentsCsv.loader, getRequest(adminPaths.paymentsExport, { cookie }))).text(), {
      bom: true,
    }) as string[][];
    const method = csv[0].indexOf("Method");
    expect(method).toBeGreaterThan(0);
    expect(csv.slice(1).map((row) => row[method])).toEqual(["Cheque", "Cash", "Standing order"]);
  });
});

describe("refunding a payment by hand or by bank", () => {
  it("goes through the ledger, at most what is left, netted in Gift Aid, statements and the pledge page", async () => {
    const { pledge } = await pledgeWithDeclaration({ firstName: "Bo", lastName: "Chan" });
    const payment = await record(pledge.id, "2025-10-05", 5000, "manual");

    const form = await bodyOf(
      await run(refundRoute.loader, getRequest(adminPaths.refundPayment(pledge.id, payment.id), { cookie }), {
        id: String(pledge.id),
        paymentId: String(payment.id),
      }),
    );
    expect(form.refundablePence).toBe(5000);

    expect((await refund(pledge.id, payment.id, { amount: "20", refundedOn: "2025-10-07", reason: " " })).status).toBe(
      400,
    );
    const early = await refund(pledge.id, payment.id, { amount: "20", refundedOn: "2025-10-01", reason: "Asked" });
    expect(early.status).toBe(409);
    const ok = await refund(pledge.id, payment.id, { amount: "20", refundedOn: "2025-10-07", reason: "Donor asked" });
    expect(ok.status).toBe(303);
    expect((await savedNoticeOf(ok)).notice).toBe("Refund recorded.");
    const tooMuch = await refund(pledge.id, payment.id, { amount: "30.01", refundedOn: "2025-10-07", reason: "Again" });
    expect(tooMuch.status).toBe(409);
    expect((await bodyOf(tooMuch)).result.error.amount[0]).toContain("at most £30");

    const rows = await getDb().selectFrom("payments").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.amount_pence, r.method, r.refund_of, r.received_on])).toEqual([
      [5000, "manual", null, "2025-10-05"],
      [-2000, "manual", payment.id, "2025-10-07"],
    ]);
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ paidPence: 3000, refundedPence: 2000, status: "paid" });
    const refunded = (await listAudit(getDb(), "pledge", pledge.id)).at(-1)!;
    expect(refunded).toMatchObject({ action: "payment.refunded", actor: "admin" });
    expect(refunded.detail).toContain("£20 refunded on 2025-10-07");
    expect(refunded.detail).toContain("Reason: Donor asked");

    // Net everywhere: Gift Aid on £30, the statement's £30, the pledge page.
    const { claimable } = await listClaimCandidates();
    expect(claimable.map((c) => c.amountPence)).toEqual([3000]);
    const built = await buildStatement(pledge.id, taxYearOf("2025-10-05"));
    expect(built!.statement).toMatchObject({ totalPence: 3000, giftAidPence: 750 });
    const page = await pledgePage(pledge.id);
    expect(page.giftAid.gifts).toEqual([
      expect.objectContaining({ state: "claimable", keptPence: 3000, refundedPence: 2000, giftAidPence: 750 }),
    ]);

    // The payment stays while a refund points at it.
    const remove = await run(
      removeRoute.action,
      postForm(adminPaths.removePayment(pledge.id, payment.id), { reason: "Mistake" }, { cookie }),
      { id: String(pledge.id), paymentId: String(payment.id) },
    );
    expect(remove.status).toBe(409);
    expect(JSON.stringify(await bodyOf(remove))).toContain("remove its refunds first");

    // A card payment is refunded in Stripe: no such form here.
    const card = await immediateTransaction(getDb(), (trx) =>
      recordPayment(
        trx,
        { pledgeId: pledge.id, receivedOn: "2025-10-08", amountPence: 100, method: "card", stripeId: "pi_x" },
        "stripe",
      ),
    );
    expect(
      (await refund(pledge.id, card!.payment.id, { amount: "1", refundedOn: "2025-10-08", reason: "x" })).status,
    ).toBe(404);
  });

  it("shows on the pledge page which claim a gift is in and what it claimed, and flags the batch when refunded after", async () => {
    const { pledge } = await pledgeWithDeclaration();
    const payment = await record(pledge.id, "2025-10-05", 5000, "bank-import");
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    await markClaimSubmitted(claim.id, londonToday(), "admin");

    let page = await pledgePage(pledge.id);
    expect(page.giftAid).toMatchObject({ claimedPence: 1250, claimablePence: 0 });
    expect(page.giftAid.gifts[0]).toMatchObject({
      state: "claimed",
      claim: { claimId: claim.id, submitted: true, claimedPence: 5000, giftAidPence: 1250 },
    });

    expect(
      (await refund(pledge.id, payment.id, { amount: "50", refundedOn: londonToday(), reason: "Error" })).status,
    ).toBe(303);
    const flagged = await getDb()
      .selectFrom("gift_aid_claims")
      .selectAll()
      .where("id", "=", claim.id)
      .executeTakeFirstOrThrow();
    expect(flagged.refund_note).toContain("HMRC must be told");
    page = await pledgePage(pledge.id);
    expect(page.giftAid.gifts[0]).toMatchObject({ state: "claimed", keptPence: 0, refundedPence: 5000 });
    // A payment with refunds is not removed from under them.
    expect(page.payments).toHaveLength(2);
  });
});

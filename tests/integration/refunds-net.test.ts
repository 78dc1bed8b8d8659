import { beforeEach, describe, expect, it } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { resetDatabase } from "./helpers";
import { cardGiftsOn, checkoutSession, postCardPledge, webhookRequest } from "./stripe-support";

// A refund is money given back: a negative payment linked to the payment it refunds, and every
// figure reads the net. The walkthrough: £50 by card with Gift Aid, £20 refunded, stays
// claimable on £30 (£7.50 Gift Aid) and is not "awaiting payment" again.
const WEBHOOK_SECRET = "whsec_test_secret_for_refunds";
await cardGiftsOn(WEBHOOK_SECRET);

const { getDb } = await import("~/infra/db.server");
const { action: webhookAction } = await import("~/routes/webhooks+/stripe");
const { staffOverview } = await import("~/staff/services/overview.server");
const { createClaimBatch, listClaimCandidates, markClaimSubmitted, pendingClaimAdjustment } =
  await import("~/gift-aid/services/gift-aid-claims.server");
const { getSupporterPage, supporterIdOfPledge } = await import("~/supporters/services/supporters.server");
const { buildStatement, sendStatement } = await import("~/supporters/services/giving-statements.server");
const { recordPayment, recordRefund } = await import("~/giving/services/ledger.server");
const { cardReturnStatus } = await import("~/giving/services/card-return.server");
const { immediateTransaction } = await import("~/infra/db.server");
const { getPledge } = await import("~/giving/models/pledge.server");
const { taxYearOf } = await import("~/utils/tax-year");
const { adminCookie, bodyOf, getRequest, postForm, run } = await import("./admin-support");
const cancelPage = await import("~/routes/admin+/dashboard+/donations.$id_.cancel");
const { loader: giftAidLoader } = await import("~/routes/admin+/dashboard+/gift-aid._index/route");
const { PAYMENT_EXPORT_HEADER, PLEDGE_EXPORT_HEADER, paymentExportRows, pledgeExportRows } =
  await import("~/giving/services/donation-exports.server");
const { toLondonDay } = await import("~/utils/dates");

beforeEach(resetDatabase);

const deliver = async (type: string, object: Record<string, unknown>) => {
  const request = webhookRequest(type, object, { secret: WEBHOOK_SECRET });
  const response = (await webhookAction({ request, params: {}, context: {} } as any)) as Response;
  expect(response.status).toBe(200);
  return response.json();
};

const cardGiftWithGiftAid = () =>
  postCardPledge({
    amount: "50",
    giftAid: "on",
    giftAidVersion: CURRENT_DECLARATION_VERSION,
    house: "12",
    street: "High Street",
    town: "Leeds",
    postcode: "LS1 4AP",
  });

const refundEvent = (reference: string, refundedTotal: number) => ({
  id: `ch_${reference}`,
  object: "charge",
  amount: 5000,
  amount_refunded: refundedTotal,
  currency: "gbp",
  refunded: refundedTotal === 5000,
  payment_intent: `pi_test_${reference}`,
  metadata: { reference },
});

describe("a £50 card gift with Gift Aid, £20 refunded", () => {
  it("stays paid, and every figure reads the £30 the donor kept", async () => {
    const pledge = await cardGiftWithGiftAid();
    await deliver("checkout.session.completed", checkoutSession(pledge.reference, 5000));
    expect((await deliver("charge.refunded", refundEvent(pledge.reference, 2000))).handled).toBe("recorded");

    const payments = await getDb().selectFrom("payments").selectAll().orderBy("id").execute();
    expect(payments.map((p) => [p.amount_pence, p.refund_of])).toEqual([
      [5000, null],
      [-2000, payments[0].id],
    ]);
    // Not "awaiting payment" again, nothing outstanding, £30 net after £20 refunded.
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ status: "paid", paidPence: 3000, refundedPence: 2000 });
    const overview = await staffOverview();
    expect(overview.pendingPledges).toBe(0);
    // Gift Aid: claimable on £30, £7.50.
    const { claimable } = await listClaimCandidates();
    expect(claimable.map((c) => [c.paymentId, c.amountPence])).toEqual([[payments[0].id, 3000]]);
    expect(overview.claimablePayments).toBe(1);
    expect(overview.claimableGiftAidPence).toBe(750);
    const claim = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    expect(claim).toMatchObject({ totalPence: 3000, giftAidPence: 750, itemCount: 1, adjustmentPence: 0 });

    // The supporter page: the gift covered by the declaration, for £30.
    const supporterId = (await supporterIdOfPledge(pledge.id))!;
    const page = (await getSupporterPage(supporterId))!;
    expect(page.declarations[0].covers.map((g) => g.amountPence)).toEqual([3000]);
    expect(page.uncovered).toEqual([]);
    expect(page.lifetimePence).toBe(3000);

    // The statement: one gift of £30 with Gift Aid, in PDF and e-mail.
    const year = taxYearOf(payments[0].received_on);
    const { statement } = (await buildStatement(pledge.id, year))!;
    expect(statement.gifts.map((g) => [g.amountPence, g.giftAid])).toEqual([[3000, true]]);
    expect(statement).toMatchObject({ totalPence: 3000, giftAidBasePence: 3000, giftAidPence: 750 });
    expect(await sendStatement(pledge.id, year, "admin")).toMatchObject({ giftCount: 1, totalPence: 3000 });
    const mail = await getDb()
      .selectFrom("outbox")
      .select("text_body")
      .where("kind", "like", "%statement%")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("£30");
    expect(mail.text_body).not.toContain("£50");

    // The exports: the pledge received £30 net, £20 refunded; the refund row names its payment.
    const [pledgeRow] = await pledgeExportRows({});
    expect(pledgeRow[PLEDGE_EXPORT_HEADER.indexOf("Received, net of refunds (GBP)")]).toBe("30.00");
    expect(pledgeRow[PLEDGE_EXPORT_HEADER.indexOf("Refunded (GBP)")]).toBe("20.00");
    expect(pledgeRow[PLEDGE_EXPORT_HEADER.indexOf("Status")]).toBe("Paid");
    const paymentRows = await paymentExportRows();
    const refundOf = PAYMENT_EXPORT_HEADER.indexOf("Refund of payment id");
    expect(paymentRows.map((row) => [row[2], row[refundOf]])).toEqual([
      ["50.00", ""],
      ["-20.00", payments[0].id],
    ]);
  });

  it("refunded in two parts and then whole: no longer a gift, still not awaiting payment", async () => {
    const pledge = await cardGiftWithGiftAid();
    await deliver("checkout.session.completed", checkoutSession(pledge.reference, 5000));
    await deliver("charge.refunded", refundEvent(pledge.reference, 2000));
    await deliver("charge.refunded", refundEvent(pledge.reference, 5000));
    expect(await getPledge(getDb(), pledge.id)).toMatchObject({ status: "paid", paidPence: 0, refundedPence: 5000 });
    // Paid in full: the cancel page says there is nothing to cancel, and a post changes nothing.
    const { cookie } = await adminCookie();
    const params = { id: String(pledge.id) };
    const cancelUrl = `/admin/dashboard/donations/${pledge.id}/cancel`;
    const cancel = await bodyOf(await run(cancelPage.loader, getRequest(cancelUrl, { cookie }), params));
    expect(cancel.pledge.paidInFull).toBe(true);
    const refused = await run(cancelPage.action, postForm(cancelUrl, { reason: "Refunded" }, { cookie }), params);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await bodyOf(refused))).toContain("paid in full: there is nothing to cancel");
    expect((await getPledge(getDb(), pledge.id))!.cancelledAt).toBeNull();
    // The donor's return page still says the money arrived, and offers no new card payment.
    expect(await cardReturnStatus(pledge.reference)).toMatchObject({ received: true, canRetry: false });
    expect((await listClaimCandidates()).claimable).toEqual([]);
    const page = (await getSupporterPage((await supporterIdOfPledge(pledge.id))!))!;
    expect(page.uncovered.map((g) => g.reason)).toEqual(["Refunded in full: no longer a gift"]);
    const day = toLondonDay(new Date());
    const { statement } = (await buildStatement(pledge.id, taxYearOf(day)))!;
    expect(statement.gifts).toEqual([]);
    expect(statement.totalPence).toBe(0);
  });
});

describe("a refund of a payment already claimed", () => {
  it("flags the batch and is deducted from the next claim as its adjustment, once", async () => {
    const pledge = await cardGiftWithGiftAid();
    await deliver("checkout.session.completed", checkoutSession(pledge.reference, 5000));
    const first = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    expect(first).toMatchObject({ totalPence: 5000, giftAidPence: 1250 });
    await markClaimSubmitted(first.id, toLondonDay(new Date()), "admin");

    await deliver("charge.refunded", refundEvent(pledge.reference, 2000));
    const flagged = await getDb().selectFrom("gift_aid_claims").select("refund_note").executeTakeFirstOrThrow();
    expect(flagged.refund_note).toContain("HMRC must be told");
    // Claimed on £50, the donor kept £30: £12.50 − £7.50 = £5.00 over-claimed.
    expect(await pendingClaimAdjustment()).toMatchObject({ refundedPence: 2000, giftAidPence: 500 });
    const { cookie } = await adminCookie();
    const giftAidPage = await (await run(giftAidLoader, getRequest("/admin/dashboard/gift-aid", { cookie }))).json();
    expect(giftAidPage.adjustment).toEqual({ refundedPence: 2000, giftAidPence: 500 });
    // Nothing is claimable twice: the claimed payment stays out of the list.
    expect((await listClaimCandidates()).claimable).toEqual([]);

    // The next batch (another gift) carries the adjustment; the one after does not again.
    const other = await cardGiftWithGiftAid();
    await deliver("checkout.session.completed", checkoutSession(other.reference, 5000));
    const second = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    expect(second).toMatchObject({ totalPence: 5000, giftAidPence: 1250, adjustmentPence: 500 });
    expect(await pendingClaimAdjustment()).toMatchObject({ refundedPence: 0, giftAidPence: 0 });
    await markClaimSubmitted(second.id, toLondonDay(new Date()), "admin");

    // A further refund of the first payment: only what it adds.
    await deliver("charge.refunded", refundEvent(pledge.reference, 5000));
    expect(await pendingClaimAdjustment()).toMatchObject({ refundedPence: 3000, giftAidPence: 750 });
  });

  it("a refund made while the batch is a draft waits for the batch to be submitted", async () => {
    const pledge = await cardGiftWithGiftAid();
    await deliver("checkout.session.completed", checkoutSession(pledge.reference, 5000));
    const draft = await createClaimBatch({ paymentIds: "all", actor: "admin" });
    await deliver("charge.refunded", refundEvent(pledge.reference, 2000));
    expect((await pendingClaimAdjustment()).giftAidPence).toBe(0);
    await markClaimSubmitted(draft.id, toLondonDay(new Date()), "admin");
    expect((await pendingClaimAdjustment()).giftAidPence).toBe(500);
  });
});

describe("the ledger's refunds", () => {
  it("give back at most what is left of a payment, in as many parts as needed", async () => {
    const pledge = await cardGiftWithGiftAid();
    const recorded = await immediateTransaction(getDb(), (trx) =>
      recordPayment(
        trx,
        { pledgeId: pledge.id, receivedOn: "2026-10-01", amountPence: 5000, method: "manual" },
        "admin",
      ),
    );
    const paymentId = recorded!.payment.id;
    const refund = (amountPence: number) =>
      immediateTransaction(getDb(), (trx) =>
        recordRefund(trx, { paymentId, amountPence, receivedOn: "2026-10-02", note: "Returned" }, "admin"),
      );
    expect(await refund(1000)).toMatchObject({ ok: true });
    expect(await refund(1500)).toMatchObject({ ok: true });
    expect(await refund(2501)).toEqual({ ok: false, reason: "too-large", refundablePence: 2500 });
    expect(await refund(2500)).toMatchObject({
      ok: true,
      pledge: { paidPence: 0, refundedPence: 5000, status: "paid" },
    });
    expect(await refund(1)).toEqual({ ok: false, reason: "too-large", refundablePence: 0 });
    const history = await getDb()
      .selectFrom("audit_events")
      .select("action")
      .where("entity", "=", "pledge")
      .where("entity_id", "=", pledge.id)
      .execute();
    expect(history.map((h) => h.action).filter((a) => a === "payment.refunded")).toHaveLength(3);
  });
});

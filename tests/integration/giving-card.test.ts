// Your giving and a monthly card gift: the donor stops it, Stripe (the stand-in) is asked to
// cancel the subscription, the pledge is cancelled and the supporter's record says the donor did it;
// each change is confirmed by e-mail (a refused one is not).
import { beforeEach, describe, expect, it } from "vitest";
import { cardGiftsOn, webhookRequest } from "./stripe-support";

const WEBHOOK_SECRET = "whsec_test_giving_card";
const standIn = await cardGiftsOn(WEBHOOK_SECRET);

const { getDb } = await import("~/infra/db.server");
const { submitPledge } = await import("~/giving/services/pledges.server");
const stopRoute = await import("~/routes/_public+/giving.pledges.$reference.stop");
const amountRoute = await import("~/routes/_public+/giving.pledges.$reference.amount");
const { action: webhookAction } = await import("~/routes/webhooks+/stripe");
const { getRequest, postForm, run, bodyOf } = await import("./admin-support");
const { resetDatabase } = await import("./helpers");
const { givingNoticeOf, signInDonor } = await import("./giving-support");

beforeEach(async () => {
  await resetDatabase();
  standIn.requests.length = 0;
  standIn.failWith = null;
});

async function monthlyCardGift() {
  const pledge = await submitPledge({
    type: "monthly",
    amountPence: 2000,
    firstName: "Kim",
    lastName: "Lee",
    email: "kim@example.com",
    inHonour: false,
    giftAidDeclaration: null,
  });
  await getDb()
    .updateTable("pledges")
    .set({ pay_by: "card", stripe_subscription: "sub_giving_1", stripe_customer: "cus_giving_1" })
    .where("id", "=", pledge.id)
    .execute();
  return pledge;
}

const signIn = () => signInDonor("kim@example.com");

/** The subjects and texts of the e-mails confirming a change at Your giving. */
const confirmations = () =>
  getDb()
    .selectFrom("outbox")
    .select(["subject", "text_body", "to_address"])
    .where("kind", "=", "donor-giving-change")
    .orderBy("id")
    .execute();

describe("a monthly card gift at Your giving", () => {
  it("is stopped through Stripe after a confirmation, and staff see the donor did it", async () => {
    const pledge = await monthlyCardGift();
    const cookie = await signIn();
    const path = `/giving/pledges/${pledge.reference}/stop`;
    const confirm = await run(stopRoute.loader, getRequest(path, { cookie }), { reference: pledge.reference });
    expect((await bodyOf(confirm)).gift).toMatchObject({ payBy: "card", amountPence: 2000 });

    const done = await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: pledge.reference });
    expect(done.status).toBe(303);
    // A card gift's notice: nothing about a standing order.
    expect((await givingNoticeOf(done)).notice).toBe(
      "Your monthly card gift is stopped: your card will not be charged again. We have e-mailed you to confirm.",
    );
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /v1/subscriptions/sub_giving_1"]);
    const row = await getDb().selectFrom("pledges").selectAll().where("id", "=", pledge.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
    expect(row.cancel_reason).toMatch(/by the donor/);
    const audit = await getDb().selectFrom("audit_events").select(["action", "actor"]).orderBy("id").execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "subscription.cancelled", actor: "the donor (Your giving)" },
        { action: "donor.monthly-stopped", actor: "the donor (Your giving)" },
      ]),
    );
    const [mail] = await confirmations();
    expect(mail).toMatchObject({
      to_address: "kim@example.com",
      subject: `Your monthly gift is stopped (${pledge.reference})`,
    });
    expect(mail.text_body).toContain("your card will not be charged again");
  });

  it("says so when Stripe cannot be reached, and stops nothing", async () => {
    const pledge = await monthlyCardGift();
    const cookie = await signIn();
    standIn.failWith = 500;
    const path = `/giving/pledges/${pledge.reference}/stop`;
    const refused = await run(stopRoute.action, postForm(path, {}, { cookie }), { reference: pledge.reference });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/could not reach our card payment service/);
    const row = await getDb().selectFrom("pledges").selectAll().where("id", "=", pledge.id).executeTakeFirstOrThrow();
    expect(row.cancelled_at).toBeNull();
    expect(await confirmations()).toEqual([]);
  });
});

describe("changing a monthly card gift's amount", () => {
  it("updates the Stripe subscription from the next payment; the pledge follows Stripe's webhook", async () => {
    const pledge = await monthlyCardGift();
    const cookie = await signIn();
    const path = `/giving/pledges/${pledge.reference}/amount`;
    expect((await run(amountRoute.loader, getRequest(path, { cookie }), { reference: pledge.reference })).status).toBe(
      200,
    );

    const bad = await run(amountRoute.action, postForm(path, { amount: "0.50" }, { cookie }), {
      reference: pledge.reference,
    });
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).result.error[""]).toEqual([expect.stringMatching(/smallest gift/)]);
    expect(standIn.requests).toEqual([]);
    expect(await confirmations()).toEqual([]);

    const done = await run(amountRoute.action, postForm(path, { amount: "35" }, { cookie }), {
      reference: pledge.reference,
    });
    expect(done.status).toBe(303);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /v1/subscriptions/sub_giving_1",
      "POST /v1/subscriptions/sub_giving_1",
    ]);
    expect(standIn.requests[1].params).toMatchObject({
      "items[0][id]": "si_sub_giving_1",
      "items[0][price_data][unit_amount]": "3500",
      "items[0][price_data][currency]": "gbp",
      proration_behavior: "none",
    });
    const amountOf = async () =>
      (await getDb().selectFrom("pledges").select("amount_pence").where("id", "=", pledge.id).executeTakeFirstOrThrow())
        .amount_pence;
    // Not until Stripe says so; the donor is told at once.
    expect(await amountOf()).toBe(2000);
    const [mail] = await confirmations();
    expect(mail.subject).toBe(`Your monthly gift is changed (${pledge.reference})`);
    expect(mail.text_body).toContain("is now £35 a month, from your next payment");

    const subscription = {
      id: "sub_giving_1",
      object: "subscription",
      items: { data: [{ id: "si_sub_giving_1", quantity: 1, price: { currency: "gbp", unit_amount: 3500 } }] },
      metadata: { reference: pledge.reference },
    };
    const response = (await webhookAction({
      request: webhookRequest("customer.subscription.updated", subscription, { secret: WEBHOOK_SECRET }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(await response.json()).toEqual({ received: true, handled: "recorded" });
    expect(await amountOf()).toBe(3500);
    const audit = await getDb().selectFrom("audit_events").select(["action", "actor"]).execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "donor.monthly-amount-changed", actor: "the donor (Your giving)" },
        { action: "pledge.amount-changed", actor: expect.any(String) },
      ]),
    );
  });
});

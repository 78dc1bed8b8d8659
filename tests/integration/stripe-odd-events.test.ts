import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "./helpers";
import { cardGiftsOn, checkoutSession, postCardPledge, signedRawRequest, webhookRequest } from "./stripe-support";

// Signed Stripe events whose contents are not what we can take as money: the amount is checked
// against the pledge (whole pence, GBP), odd contents never answer 500 (Stripe would retry for
// days) but 200 with the event kept for staff as "needs attention", and a body that is not an
// event is 400. The environment is set before anything reads it, as in stripe.test.ts.
const WEBHOOK_SECRET = "whsec_test_secret_for_odd_events";
await cardGiftsOn(WEBHOOK_SECRET, { staffEmail: "staff@example.org" });

const { getDb } = await import("~/infra/db.server");
const { action: webhookAction } = await import("~/routes/webhooks+/stripe");
const { loader: overviewLoader } = await import("~/routes/admin+/dashboard+/_index");
const { adminCookie, getRequest, run } = await import("./admin-support");

beforeEach(resetDatabase);

async function post(request: Request): Promise<{ status: number; body: any }> {
  const response = (await webhookAction({ request, params: {}, context: {} } as any)) as Response;
  return { status: response.status, body: await response.json() };
}

const deliver = (type: string, object: Record<string, unknown>, options: { timestamp?: number } = {}) =>
  post(webhookRequest(type, object, { secret: WEBHOOK_SECRET, ...options }));

const cardPledge = (type: "one-time" | "monthly" = "one-time") =>
  postCardPledge({ type, amount: "", customAmount: "20" });

const payments = () => getDb().selectFrom("payments").selectAll().orderBy("id").execute();
const attention = () =>
  getDb()
    .selectFrom("stripe_events")
    .select(["id", "attention", "pledge_id"])
    .where("attention", "is not", null)
    .execute();
const pledgeRow = (id: number) =>
  getDb().selectFrom("pledges").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("Stripe amounts are checked against the pledge", () => {
  const odd: [string, Record<string, unknown>][] = [
    ["1p for a £20 pledge", { amount_total: 1 }],
    ["99,999,999,999p", { amount_total: 99_999_999_999 }],
    ["JPY 2000 as £20.00", { amount_total: 2000, currency: "jpy" }],
    ["no currency", { amount_total: 2000, currency: undefined }],
    ["20.5p", { amount_total: 20.5 }],
    ["1e300", { amount_total: 1e300 }],
    ["true", { amount_total: true }],
    ["[1]", { amount_total: [1] }],
    ["{}", { amount_total: {} }],
  ];
  for (const [what, change] of odd) {
    it(`a paid session of ${what} is not money: 200, kept for staff as needing attention`, async () => {
      const pledge = await cardPledge();
      const { status, body } = await deliver("checkout.session.completed", {
        ...checkoutSession(pledge.reference, 2000),
        ...change,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ received: true, handled: "needs-attention" });
      expect(await payments()).toEqual([]);
      expect(await pledgeRow(pledge.id)).toMatchObject({ status: "pending", paid_pence: 0 });
      const [event] = await attention();
      expect(event.pledge_id).toBe(pledge.id);
      expect(event.attention).toContain("needs attention");
      const history = await getDb()
        .selectFrom("audit_events")
        .select(["action", "detail"])
        .where("entity", "=", "pledge")
        .where("entity_id", "=", pledge.id)
        .execute();
      expect(history.map((h) => h.action)).toContain("card.attention");
      const alerts = await getDb()
        .selectFrom("outbox")
        .select("subject")
        .where("kind", "=", "card.attention.staff")
        .execute();
      expect(alerts).toHaveLength(1);
      expect(alerts[0].subject).toContain(pledge.reference);
    });
  }

  it("exactly the pledge's amount in GBP is money", async () => {
    const pledge = await cardPledge();
    const { body } = await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000));
    expect(body.handled).toBe("recorded");
    expect((await payments()).map((p) => p.amount_pence)).toEqual([2000]);
    expect(await attention()).toEqual([]);
  });

  it("a subscription invoice must be the monthly amount", async () => {
    const pledge = await cardPledge("monthly");
    const invoice = (id: string, amount: unknown) => ({
      id,
      object: "invoice",
      amount_paid: amount,
      currency: "gbp",
      customer: "cus_m",
      subscription: "sub_m",
      metadata: { reference: pledge.reference },
    });
    expect((await deliver("invoice.paid", invoice("in_1", 2000))).body.handled).toBe("recorded");
    expect((await deliver("invoice.paid", invoice("in_2", 4000))).body.handled).toBe("needs-attention");
    expect((await deliver("invoice.paid", invoice("in_3", "2000"))).body.handled).toBe("needs-attention");
    expect((await payments()).map((p) => [p.stripe_id, p.amount_pence])).toEqual([["in_1", 2000]]);
  });
});

describe("signatures", () => {
  it("one dated more than 5 minutes ahead is refused like an old one; a little ahead is fine", async () => {
    const pledge = await cardPledge();
    const now = Math.floor(Date.now() / 1000);
    const ahead = await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000), {
      timestamp: now + 365 * 24 * 3600,
    });
    expect(ahead.status).toBe(400);
    const justAhead = await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000), {
      timestamp: now + 301,
    });
    expect(justAhead.status).toBe(400);
    expect(await payments()).toEqual([]);
    const skewed = await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000), {
      timestamp: now + 60,
    });
    expect(skewed.status).toBe(200);
    expect(await payments()).toHaveLength(1);
  });
});

describe("signed events with odd contents never answer 500", () => {
  const charge = (reference: string, extra: Record<string, unknown>) => ({
    id: `ch_${reference}`,
    object: "charge",
    amount: 2000,
    currency: "gbp",
    payment_intent: `pi_test_${reference}`,
    metadata: { reference },
    ...extra,
  });

  it("a refund for a pledge that was never paid: 200, needs attention, nothing recorded", async () => {
    const pledge = await cardPledge();
    const { status, body } = await deliver("charge.refunded", charge(pledge.reference, { amount_refunded: 2000 }));
    expect(status).toBe(200);
    expect(body.handled).toBe("needs-attention");
    expect(await payments()).toEqual([]);
    expect((await attention())[0].attention).toContain("no card payment");
  });

  it("a refund larger than the payment: 200, needs attention, the payment stands", async () => {
    const pledge = await cardPledge();
    await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000));
    const { status, body } = await deliver("charge.refunded", charge(pledge.reference, { amount_refunded: 5000 }));
    expect(status).toBe(200);
    expect(body.handled).toBe("needs-attention");
    expect((await payments()).map((p) => p.amount_pence)).toEqual([2000]);
    expect(await pledgeRow(pledge.id)).toMatchObject({ status: "paid", paid_pence: 2000 });
    expect((await attention())[0].attention).toContain("more than is left of the payment");
    // Staff see it on the overview, with a link to the pledge.
    const { cookie } = await adminCookie();
    const page = await (await run(overviewLoader, getRequest("/admin/dashboard", { cookie }))).json();
    expect(page.stripeAttention).toMatchObject([{ pledgeId: pledge.id }]);
    expect(page.stripeAttention[0].attention).toContain("charge.refunded");
  });

  for (const amount of [true, [1], {}, "5", 1.5]) {
    it(`a refund whose amount is ${JSON.stringify(amount)}: 200, needs attention`, async () => {
      const pledge = await cardPledge();
      await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000));
      const { status, body } = await deliver("charge.refunded", charge(pledge.reference, { amount_refunded: amount }));
      expect(status).toBe(200);
      expect(body.handled).toBe("needs-attention");
      expect((await payments()).map((p) => p.amount_pence)).toEqual([2000]);
    });
  }

  it("a dispute without a reason or a readable amount is recorded, saying so", async () => {
    const pledge = await cardPledge();
    await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000));
    const { status } = await deliver("charge.dispute.created", {
      id: "dp_1",
      object: "dispute",
      amount: [1],
      payment_intent: `pi_test_${pledge.reference}`,
    });
    expect(status).toBe(200);
    expect((await pledgeRow(pledge.id)).dispute_note).toContain("no reason given");
  });

  it("a body that is null, an array, a number or an object without an id is 400: not an event", async () => {
    for (const payload of ["null", "[]", '[{"id":"evt_1"}]', "42", '"text"', '{"type":"charge.refunded"}']) {
      const { status, body } = await post(signedRawRequest(payload, { secret: WEBHOOK_SECRET }));
      expect(status, payload).toBe(400);
      expect(body.error).toBe("The body is not a Stripe event.");
    }
    expect(await getDb().selectFrom("stripe_events").selectAll().execute()).toEqual([]);
  });

  it("an event without a type or without data: 200, kept for staff", async () => {
    for (const payload of [
      '{"id":"evt_no_type","data":{"object":{}}}',
      '{"id":"evt_no_data","type":"charge.refunded"}',
      '{"id":"evt_bad_data","type":"invoice.paid","data":[1]}',
    ]) {
      const { status, body } = await post(signedRawRequest(payload, { secret: WEBHOOK_SECRET }));
      expect(status, payload).toBe(200);
      expect(body.handled).toBe("needs-attention");
    }
    expect((await attention()).map((e) => e.id).sort()).toEqual(["evt_bad_data", "evt_no_data", "evt_no_type"]);
    // Housekeeping forgets handled event ids after a week, but keeps those staff must look at.
    const pledge = await cardPledge();
    await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000));
    const { deleteOldStripeEvents } = await import("~/giving/models/stripe-event.server");
    expect(await deleteOldStripeEvents(getDb(), new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect((await getDb().selectFrom("stripe_events").select("id").execute()).length).toBe(3);
  });

  it("fields of the wrong type anywhere in a known event answer 200", async () => {
    const pledge = await cardPledge();
    const odd: [string, Record<string, unknown>][] = [
      ["checkout.session.completed", { id: 5, client_reference_id: [pledge.reference], metadata: "x" }],
      [
        "checkout.session.completed",
        { id: "cs_1", client_reference_id: pledge.reference, payment_status: "paid", customer: { id: 7 } },
      ],
      [
        "invoice.paid",
        {
          id: "in_x",
          parent: [],
          subscription: { id: null },
          metadata: { reference: pledge.reference },
          amount_paid: null,
        },
      ],
      [
        "customer.subscription.deleted",
        { id: {}, metadata: { reference: pledge.reference }, cancellation_details: "x" },
      ],
      [
        "charge.refunded",
        { id: "ch_x", payment_intent: 12, customer: [], metadata: { reference: pledge.reference }, refunded: "yes" },
      ],
      ["charge.dispute.created", { metadata: { reference: pledge.reference }, reason: 3 }],
      ["checkout.session.async_payment_failed", { metadata: null }],
    ];
    for (const [type, object] of odd) {
      const { status } = await deliver(type, object);
      expect(status, `${type} ${JSON.stringify(object)}`).toBe(200);
    }
    expect(await payments()).toEqual([]);
  });
});

describe("a one-time card gift paid twice", () => {
  it("records £20 once: a second completion with another payment intent needs attention", async () => {
    const pledge = await cardPledge();
    const first = await deliver("checkout.session.completed", checkoutSession(pledge.reference, 2000));
    expect(first.body.handled).toBe("recorded");
    const second = await deliver(
      "checkout.session.completed",
      checkoutSession(pledge.reference, 2000, { id: "cs_test_other", payment_intent: "pi_test_other" }),
    );
    expect(second).toEqual({ status: 200, body: { received: true, handled: "needs-attention" } });
    expect((await payments()).map((p) => p.amount_pence)).toEqual([2000]);
    expect(await pledgeRow(pledge.id)).toMatchObject({ status: "paid", paid_pence: 2000 });
    const [event] = await attention();
    expect(event.pledge_id).toBe(pledge.id);
    expect(event.attention).toContain("already paid");
  });
});

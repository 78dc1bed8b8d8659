import { beforeEach, describe, expect, it } from "vitest";
import { formRequest, resetDatabase } from "./helpers";
import { cardGiftsOn, checkoutSession, webhookRequest } from "./stripe-support";
import { nowIsoString } from "~/infra/clock.server";

// Card gifts end to end inside the process: the real `stripe` client talks to a stand-in
// server started here, and webhook payloads are signed with the library's own test helper.
// The environment is set before anything reads it (getEnv is parsed once per test file).
const WEBHOOK_SECRET = "whsec_test_secret_for_vitest";
const standIn = await cardGiftsOn(WEBHOOK_SECRET, { staffEmail: "staff@example.org" });

const { getDb } = await import("~/infra/db.server");
const { action: donateAction, loader: donateLoader } = await import("~/routes/_public+/donate/route");
const { action: webhookAction } = await import("~/routes/webhooks+/stripe");
const { loader: cardLoader } = await import("~/routes/_public+/donate_.card.$reference");
const { cancelCardSubscription } = await import("~/giving/services/card-subscriptions.server");
const { BAD_SIGNATURES_PER_HOUR } = await import("~/site/services/stripe-webhooks.server");
const { contentSecurityPolicy } = await import("~/infra/security-headers.server");
const cancelPage = await import("~/routes/admin+/dashboard+/donations.$id_.cancel");
const pledgePage = await import("~/routes/admin+/dashboard+/donations.$id/route");
const { adminCookie, postForm, getRequest, run, bodyOf, savedNoticeOf } = await import("./admin-support");

const donor = { firstName: "Jo", lastName: "Bloggs", email: "jo@example.com" };

beforeEach(async () => {
  await resetDatabase();
  standIn.requests.length = 0;
  standIn.failWith = null;
});

const donate = async (fields: Record<string, string>) =>
  (await donateAction({ request: formRequest("/donate", fields), params: {}, context: {} } as any)) as Response;

const pledges = () => getDb().selectFrom("pledges").selectAll().orderBy("id").execute();
const payments = () => getDb().selectFrom("payments").selectAll().orderBy("id").execute();
const pledgeRow = async (reference: string) =>
  getDb().selectFrom("pledges").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();

/** A webhook delivery as Stripe makes it: the event JSON, signed (now, or at `timestamp`). */
async function deliver(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; timestamp?: number; secret?: string; signature?: string | null } = {},
): Promise<Response> {
  const request = webhookRequest(type, object, { ...options, secret: options.secret ?? WEBHOOK_SECRET });
  return (await webhookAction({ request, params: {}, context: {} } as any)) as Response;
}

async function cardPledge(fields: Record<string, string> = {}): Promise<{ reference: string; location: string }> {
  const response = await donate({ type: "one-time", amount: "25", ...donor, ...fields });
  expect(response.status).toBe(303);
  const location = response.headers.get("Location")!;
  const rows = await pledges();
  return { reference: rows[rows.length - 1].reference, location };
}

describe("the donate form with Stripe configured", () => {
  it("offers the card choice", async () => {
    const data = await (await donateLoader()).json();
    expect(data).toMatchObject({ cardPayments: true, cause: null });
  });

  it("creates the pledge and a Checkout Session for the exact amount, and redirects (303) to it", async () => {
    const { reference, location } = await cardPledge({ customAmount: "12.34", amount: "" });
    expect(location).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_\\d+$`));
    const [row] = await pledges();
    expect(row).toMatchObject({ reference, pay_by: "card", amount_pence: 1234, status: "pending", paid_pence: 0 });

    const calls = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.method).toBe("POST");
    expect(call.headers.authorization).toBe("Bearer sk_test_vitest");
    expect(call.headers["idempotency-key"]).toBe(`checkout-${reference}`);
    expect(call.params).toMatchObject({
      mode: "payment",
      client_reference_id: reference,
      customer_email: "jo@example.com",
      "metadata[reference]": reference,
      "payment_intent_data[metadata][reference]": reference,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "1234",
      success_url: `http://localhost:3000/donate/card/${reference}`,
      cancel_url: `http://localhost:3000/donate/card/${reference}?cancelled=1`,
    });
    expect(call.params["line_items[0][price_data][recurring][interval]"]).toBeUndefined();
    // No bank-transfer e-mail for a card gift that has not been paid.
    expect(await getDb().selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("a monthly gift is a subscription with a monthly price made on the fly", async () => {
    const { reference } = await cardPledge({ type: "monthly", amount: "50" });
    const [call] = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(call.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][reference]": reference,
      "metadata[reference]": reference,
    });
    expect(call.headers["idempotency-key"]).toBe(`checkout-${reference}`);
  });

  it("'Pledge and pay by bank transfer' is today's pledge, with no call to Stripe", async () => {
    const response = await donate({ type: "one-time", amount: "25", ...donor, payBy: "bank" });
    expect(response.headers.get("Location")).toMatch(/^\/donate\/thank-you\/CHA-/);
    expect(standIn.requests).toEqual([]);
    expect((await pledges())[0].pay_by).toBe("bank");
  });

  it("invalid input is refused as today, and no session is made", async () => {
    const response = await donate({ type: "one-time", amount: "25", firstName: "", lastName: "B", email: "x" });
    expect(response.status).toBe(400);
    expect(standIn.requests).toEqual([]);
    expect(await pledges()).toEqual([]);
  });

  it("when Stripe fails, the donor lands on the return page that says nothing was taken", async () => {
    standIn.failWith = 400;
    const { reference, location } = await cardPledge();
    expect(location).toBe(`/donate/card/${reference}?cancelled=1`);
  });

  it("the return page never marks anything paid", async () => {
    const { reference } = await cardPledge();
    const page = await (
      await cardLoader({
        request: new Request(`http://localhost/donate/card/${reference}`),
        params: { reference },
        context: {},
      } as any)
    ).json();
    expect(page).toMatchObject({ reference, amount: "£25", received: false, cancelled: false });
    expect((await pledgeRow(reference)).status).toBe("pending");
    expect(await payments()).toEqual([]);
  });

  it("allows Checkout's origins (Stripe's and the stand-in's) in form-action, and nothing else new", () => {
    expect(contentSecurityPolicy({ nonce: "n" })).toContain(
      `form-action 'self' ${standIn.origin} https://checkout.stripe.com mailto:`,
    );
  });
});

describe("POST /webhooks/stripe", () => {
  it("checkout.session.completed (paid) records a card payment from the event's amount, thanks the donor and alerts staff", async () => {
    const { reference } = await cardPledge();
    const response = await deliver("checkout.session.completed", checkoutSession(reference, 2500));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, handled: "recorded" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    expect(await pledgeRow(reference)).toMatchObject({
      status: "paid",
      paid_pence: 2500,
      stripe_customer: "cus_test_1",
    });
    const [payment] = await payments();
    expect(payment).toMatchObject({
      amount_pence: 2500,
      method: "card",
      stripe_id: `pi_test_${reference}`,
      recorded_by: "stripe",
    });
    const mail = await getDb().selectFrom("outbox").select(["kind", "to_address", "text_body"]).orderBy("id").execute();
    expect(mail.map((m) => [m.kind, m.to_address])).toEqual([
      ["payment.donor", "jo@example.com"],
      ["card.payment.staff", "staff@example.org"],
    ]);
    expect(mail[0].text_body).toContain("Amount: £25\n");
    const history = await getDb().selectFrom("audit_events").selectAll().execute();
    expect(history[0]).toMatchObject({ action: "payment.recorded", actor: "stripe" });
  });

  it("the first card payment's thank-you quotes the Gift Aid declaration made with the gift", async () => {
    const { reference } = await cardPledge({
      giftAid: "on",
      house: "12",
      street: "High Street",
      town: "Leeds",
      postcode: "ls1 1aa",
    });
    await deliver("checkout.session.completed", checkoutSession(reference, 2500));
    const [thanks] = await getDb().selectFrom("outbox").selectAll().where("kind", "=", "payment.donor").execute();
    expect(thanks.text_body).toContain("YOUR GIFT AID DECLARATION");
    expect(thanks.text_body).toContain("I want to Gift Aid this donation");
  });

  it("a minimal paid session (no mode, no payment intent) is recorded by its session id; its refund by reference", async () => {
    const { reference } = await cardPledge();
    await deliver("checkout.session.completed", {
      id: "cs_minimal",
      object: "checkout.session",
      client_reference_id: reference,
      payment_status: "paid",
      amount_total: 2500,
      currency: "gbp",
    });
    expect(await payments()).toMatchObject([{ stripe_id: "cs_minimal", amount_pence: 2500 }]);
    await deliver("charge.refunded", {
      id: "ch_min",
      object: "charge",
      amount: 2500,
      refunded: true,
      metadata: { reference },
    });
    expect(await pledgeRow(reference)).toMatchObject({ status: "paid", paid_pence: 0, refunded_pence: 2500 });
  });

  it("the same event twice adds nothing", async () => {
    const { reference } = await cardPledge();
    const first = await deliver("checkout.session.completed", checkoutSession(reference, 2500), { id: "evt_same" });
    const again = await deliver("checkout.session.completed", checkoutSession(reference, 2500), { id: "evt_same" });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, handled: "duplicate" });
    expect(await payments()).toHaveLength(1);
    // A different event about the same payment intent adds nothing either.
    await deliver("checkout.session.async_payment_succeeded", checkoutSession(reference, 2500));
    expect(await payments()).toHaveLength(1);
    expect((await pledgeRow(reference)).paid_pence).toBe(2500);
  });

  it("a session that is not paid yet records nothing; async_payment_succeeded does", async () => {
    const { reference } = await cardPledge();
    await deliver("checkout.session.completed", checkoutSession(reference, 2500, { payment_status: "unpaid" }));
    expect(await payments()).toEqual([]);
    await deliver(
      "checkout.session.async_payment_failed",
      checkoutSession(reference, 2500, { payment_status: "unpaid" }),
    );
    expect(await payments()).toEqual([]);
    await deliver("checkout.session.async_payment_succeeded", checkoutSession(reference, 2500));
    expect((await pledgeRow(reference)).status).toBe("paid");
  });

  it("a wrong or missing signature is 400 and records nothing", async () => {
    const { reference } = await cardPledge();
    const wrong = await deliver("checkout.session.completed", checkoutSession(reference, 2500), {
      secret: "whsec_someone_else",
    });
    expect(wrong.status).toBe(400);
    const missing = await deliver("checkout.session.completed", checkoutSession(reference, 2500), { signature: null });
    expect(missing.status).toBe(400);
    const garbage = await deliver("checkout.session.completed", checkoutSession(reference, 2500), {
      signature: "t=1,v1=abc",
    });
    expect(garbage.status).toBe(400);
    expect(await payments()).toEqual([]);
    expect(await getDb().selectFrom("stripe_events").selectAll().execute()).toEqual([]);
    expect((await pledgeRow(reference)).status).toBe("pending");
  });

  it("an event signed more than 5 minutes ago is refused", async () => {
    const { reference } = await cardPledge();
    const stale = await deliver("checkout.session.completed", checkoutSession(reference, 2500), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale.status).toBe(400);
    expect(await payments()).toEqual([]);
    const recent = await deliver("checkout.session.completed", checkoutSession(reference, 2500), {
      timestamp: Math.floor(Date.now() / 1000) - 240,
    });
    expect(recent.status).toBe(200);
    expect(await payments()).toHaveLength(1);
  });

  it("answers 429 to a source that keeps sending bad signatures, and still handles good ones", async () => {
    const { getDb: db } = await import("~/infra/db.server");
    const { recordFormPost } = await import("~/site/models/form-post.server");
    const { clientKey } = await import("~/infra/request-scope.server");
    const key = `stripe-webhook:${clientKey(new Request("http://localhost/"))}`;
    for (let i = 0; i < BAD_SIGNATURES_PER_HOUR; i++) await recordFormPost(db(), key);
    const { reference } = await cardPledge();
    const refused = await deliver("checkout.session.completed", checkoutSession(reference, 2500), {
      secret: "whsec_forger",
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect(await payments()).toEqual([]);
    // Stripe's own signature still gets through from the same address.
    const genuine = await deliver("checkout.session.completed", checkoutSession(reference, 2500));
    expect(genuine.status).toBe(200);
    expect(await payments()).toHaveLength(1);
  });

  it("unknown events are answered 200 and ignored", async () => {
    const response = await deliver("customer.created", { id: "cus_1", object: "customer" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, handled: "ignored" });
  });

  it("charge.refunded records a negative payment linked to the payment; the pledge stays paid, net of the refund", async () => {
    const { reference } = await cardPledge();
    await deliver("checkout.session.completed", checkoutSession(reference, 2500));
    const charge = {
      id: "ch_test_1",
      object: "charge",
      amount: 2500,
      amount_refunded: 1000,
      currency: "gbp",
      customer: "cus_test_1",
      payment_intent: `pi_test_${reference}`,
      refunded: false,
      metadata: { reference },
    };
    expect((await deliver("charge.refunded", charge)).status).toBe(200);
    expect(await pledgeRow(reference)).toMatchObject({ status: "paid", paid_pence: 1500, refunded_pence: 1000 });
    // A second partial refund: the event carries the charge's total refunded.
    await deliver("charge.refunded", { ...charge, amount_refunded: 2500, refunded: true });
    const rows = await payments();
    expect(rows.map((p) => p.amount_pence)).toEqual([2500, -1000, -1500]);
    expect(rows[1]).toMatchObject({ method: "card", refund_of: rows[0].id });
    expect(await pledgeRow(reference)).toMatchObject({ status: "paid", paid_pence: 0, refunded_pence: 2500 });
    const kinds = (await getDb().selectFrom("outbox").select("kind").execute()).map((m) => m.kind);
    expect(kinds.filter((k) => k === "card.refund.staff")).toHaveLength(2);
  });

  it("a refund of a payment in a Gift Aid claim flags the claim for staff", async () => {
    const { reference } = await cardPledge();
    await deliver("checkout.session.completed", checkoutSession(reference, 2500));
    const [payment] = await payments();
    const pledge = await pledgeRow(reference);
    const now = nowIsoString();
    const declaration = await getDb()
      .insertInto("gift_aid_declarations")
      .values({
        pledge_id: pledge.id,
        first_name: "Jo",
        last_name: "Bloggs",
        house_name_or_number: "1",
        address_line: "High Street",
        town: "Leeds",
        postcode: "LS1 1AA",
        email: "jo@example.com",
        declaration_version: "v1",
        declaration_text: "x",
        declared_at: now,
      } as any)
      .returning("id")
      .executeTakeFirstOrThrow();
    const claim = await getDb()
      .insertInto("gift_aid_claims")
      .values({ created_at: now, created_by: "admin", total_pence: 2500, gift_aid_pence: 625, item_count: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await getDb()
      .insertInto("gift_aid_claim_items")
      .values({
        claim_id: claim.id,
        payment_id: payment.id,
        declaration_id: declaration.id,
        title: "",
        first_name: "Jo",
        last_name: "Bloggs",
        house_name_or_number: "1",
        postcode: "LS1 1AA",
        donation_date: payment.received_on,
        amount_pence: 2500,
      } as any)
      .execute();
    await deliver("charge.refunded", {
      id: "ch_test_2",
      object: "charge",
      amount: 2500,
      amount_refunded: 2500,
      customer: "cus_test_1",
      payment_intent: `pi_test_${reference}`,
      metadata: {},
    });
    const flagged = await getDb().selectFrom("gift_aid_claims").select("refund_note").executeTakeFirstOrThrow();
    expect(flagged.refund_note).toContain("HMRC must be told");
    expect(flagged.refund_note).toContain(reference);
  });

  it("invoice.paid records each monthly payment; customer.subscription.deleted cancels the pledge with the reason", async () => {
    const { reference } = await cardPledge({ type: "monthly", amount: "25" });
    await deliver("checkout.session.completed", {
      ...checkoutSession(reference, 2500),
      mode: "subscription",
      payment_intent: null,
      subscription: "sub_test_1",
      customer: "cus_test_m",
    });
    expect(await payments()).toEqual([]);
    expect(await pledgeRow(reference)).toMatchObject({ stripe_subscription: "sub_test_1", status: "active" });
    const invoice = (id: string, amount: number) => ({
      id,
      object: "invoice",
      amount_paid: amount,
      currency: "gbp",
      customer: "cus_test_m",
      status: "paid",
      metadata: {},
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: "sub_test_1", metadata: { reference } },
      },
    });
    await deliver("invoice.paid", invoice("in_test_1", 2500));
    await deliver("invoice.paid", invoice("in_test_2", 2500));
    await deliver("invoice.paid", invoice("in_test_2", 2500));
    expect((await payments()).map((p) => [p.stripe_id, p.amount_pence, p.method])).toEqual([
      ["in_test_1", 2500, "card"],
      ["in_test_2", 2500, "card"],
    ]);
    expect(await pledgeRow(reference)).toMatchObject({ status: "active", paid_pence: 5000 });

    await deliver("customer.subscription.deleted", {
      id: "sub_test_1",
      object: "subscription",
      status: "canceled",
      metadata: { reference },
      cancellation_details: { reason: "payment_failed", comment: null, feedback: null },
    });
    const row = await pledgeRow(reference);
    expect(row.status).toBe("cancelled");
    expect(row.cancel_reason).toBe("Monthly card gift ended in Stripe (payment failed)");
  });

  it("charge.dispute.created marks the pledge and alerts staff", async () => {
    const { reference } = await cardPledge();
    await deliver("checkout.session.completed", checkoutSession(reference, 2500));
    await deliver("charge.dispute.created", {
      id: "dp_test_1",
      object: "dispute",
      amount: 2500,
      charge: "ch_test_9",
      payment_intent: `pi_test_${reference}`,
      reason: "fraudulent",
      status: "needs_response",
      metadata: {},
    });
    const row = await pledgeRow(reference);
    expect(row.disputed_at).not.toBeNull();
    expect(row.dispute_note).toContain("fraudulent");
    const kinds = (await getDb().selectFrom("outbox").select("kind").execute()).map((m) => m.kind);
    expect(kinds).toContain("card.dispute.staff");
  });

  it("staff cancel a monthly gift: Stripe is asked, the pledge is cancelled and audited", async () => {
    const { reference } = await cardPledge({ type: "monthly", amount: "25" });
    await deliver("checkout.session.completed", {
      ...checkoutSession(reference, 2500),
      mode: "subscription",
      subscription: "sub_test_9",
      customer: "cus_test_9",
    });
    const pledge = await pledgeRow(reference);
    standIn.requests.length = 0;
    const result = await cancelCardSubscription(pledge.id, "Donor asked by phone", "admin");
    expect(result.cancelledAt).not.toBeNull();
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /v1/subscriptions/sub_test_9"]);
    expect(await pledgeRow(reference)).toMatchObject({ status: "cancelled", cancel_reason: "Donor asked by phone" });
    const audit = await getDb()
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "subscription.cancelled")
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe("admin");
    // Stripe's own event that follows adds nothing.
    const response = await deliver("customer.subscription.deleted", {
      id: "sub_test_9",
      object: "subscription",
      metadata: { reference },
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect(await response.json()).toEqual({ received: true, handled: "ignored" });
  });

  it("the cancel page of a monthly card gift cancels in Stripe; when Stripe refuses, nothing changes", async () => {
    const { reference } = await cardPledge({ type: "monthly", amount: "25" });
    await deliver("checkout.session.completed", {
      ...checkoutSession(reference, 2500),
      mode: "subscription",
      subscription: "sub_test_page",
      customer: "cus_test_page",
    });
    const pledge = await pledgeRow(reference);
    const { cookie } = await adminCookie();
    const params = { id: String(pledge.id) };
    const page = await bodyOf(
      await run(cancelPage.loader, getRequest(`/admin/dashboard/donations/${pledge.id}/cancel`, { cookie }), params),
    );
    expect(page.pledge.cardSubscription).toBe(true);

    standIn.failWith = 400;
    const refused = await run(
      cancelPage.action,
      postForm(`/admin/dashboard/donations/${pledge.id}/cancel`, { reason: "Donor asked" }, { cookie }),
      params,
    );
    expect(refused.status).toBe(502);
    expect(JSON.stringify(await refused.json())).toContain("Stripe did not cancel the subscription");
    expect((await pledgeRow(reference)).status).toBe("active");

    standIn.failWith = null;
    const done = await run(
      cancelPage.action,
      postForm(`/admin/dashboard/donations/${pledge.id}/cancel`, { reason: "Donor asked" }, { cookie }),
      params,
    );
    expect(done.status).toBe(303);
    expect((await savedNoticeOf(done)).notice).toBe("Monthly card gift cancelled in Stripe, and the pledge with it.");
    expect(await pledgeRow(reference)).toMatchObject({ status: "cancelled", cancel_reason: "Donor asked" });
    const detail = await bodyOf(
      await run(pledgePage.loader, getRequest(`/admin/dashboard/donations/${pledge.id}`, { cookie }), params),
    );
    expect(detail.history.map((h: { action: string; actor: string }) => [h.action, h.actor])).toContainEqual([
      "subscription.cancelled",
      "admin",
    ]);
  });
});

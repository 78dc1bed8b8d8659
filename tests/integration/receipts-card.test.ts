import { beforeEach, describe, expect, it } from "vitest";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { formRequest, resetDatabase } from "./helpers";
import { cardGiftsOn, checkoutSession, webhookRequest } from "./stripe-support";

// The thank-you of a gift paid online (Stripe's webhook records it): the same e-mail as for a
// payment recorded by staff, with the Gift Aid line when the donor's declaration covers it; a
// refund sends none. The environment is set before anything reads it, as in stripe.test.ts.
const WEBHOOK_SECRET = "whsec_test_secret_for_receipts";
await cardGiftsOn(WEBHOOK_SECRET);

const { getDb } = await import("~/infra/db.server");
const { action: donateAction } = await import("~/routes/_public+/donate/route");
const { action: webhookAction } = await import("~/routes/webhooks+/stripe");

beforeEach(resetDatabase);

async function deliver(type: string, object: Record<string, unknown>): Promise<Response> {
  const created = Math.floor(Date.parse("2026-03-10T12:00:00Z") / 1000);
  const request = webhookRequest(type, object, { secret: WEBHOOK_SECRET, created });
  return (await webhookAction({ request, params: {}, context: {} } as any)) as Response;
}

async function cardPledge(fields: Record<string, string>): Promise<string> {
  const request = formRequest("/donate", {
    type: "one-time",
    amount: "50",
    firstName: "Jo",
    lastName: "Bloggs",
    email: "jo@example.com",
    ...fields,
  });
  const response = (await donateAction({ request, params: {}, context: {} } as any)) as Response;
  expect(response.status).toBe(303);
  const row = await getDb().selectFrom("pledges").select("reference").orderBy("id", "desc").executeTakeFirstOrThrow();
  return row.reference;
}

const thanks = () =>
  getDb().selectFrom("outbox").select(["text_body"]).where("kind", "=", "payment.donor").orderBy("id").execute();

describe("the thank-you of a card gift", () => {
  it("says what Gift Aid adds when the donor declared, and a refund sends none", async () => {
    const reference = await cardPledge({
      giftAid: "on",
      giftAidVersion: CURRENT_DECLARATION_VERSION,
      house: "12",
      street: "High Street",
      town: "Leeds",
      postcode: "LS1 4AP",
    });
    expect((await deliver("checkout.session.completed", checkoutSession(reference, 5000))).status).toBe(200);
    const [mail] = await thanks();
    expect(mail.text_body).toContain("Amount: £50");
    expect(mail.text_body).toContain("Received: 10 March 2026");
    expect(mail.text_body).toContain("we can claim £12.50 more from HMRC on this gift");

    const refund = {
      id: `ch_test_${reference}`,
      object: "charge",
      amount: 5000,
      amount_refunded: 5000,
      refunded: true,
      payment_intent: `pi_test_${reference}`,
      metadata: { reference },
    };
    expect((await deliver("charge.refunded", refund)).status).toBe(200);
    const payments = await getDb().selectFrom("payments").select("amount_pence").orderBy("id").execute();
    expect(payments.map((p) => p.amount_pence)).toEqual([5000, -5000]);
    expect(await thanks()).toHaveLength(1);
  });

  it("has no Gift Aid line without a declaration", async () => {
    const reference = await cardPledge({});
    await deliver("checkout.session.completed", checkoutSession(reference, 5000));
    const [mail] = await thanks();
    expect(mail.text_body).toContain("Amount: £50");
    expect(mail.text_body).not.toContain("Gift Aid");
  });
});

import Stripe from "stripe";
import { afterAll, expect } from "vitest";
import { startStripeStandIn } from "../../scripts/lib/stripe-stand-in";
import { formRequest } from "./helpers";

// What Stripe sends, for the tests of the webhook (stripe.test.ts, receipts-card.test.ts): signed
// event deliveries and the Checkout Session of a paid one-time gift.

const signer = new Stripe("sk_test_signer");
let eventSequence = 0;

/**
 * A webhook delivery as Stripe makes it: the event JSON (made `created`, default now), signed
 * with `secret` by the library's own helper (at `timestamp`), or carrying `signature` as given
 * (null: no Stripe-Signature header at all).
 */
export function webhookRequest(
  type: string,
  object: Record<string, unknown>,
  options: { secret: string; id?: string; created?: number; timestamp?: number; signature?: string | null },
): Request {
  eventSequence += 1;
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${eventSequence}_${Date.now()}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature =
    options.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret, timestamp: options.timestamp })
      : options.signature;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return new Request("http://localhost/webhooks/stripe", { method: "POST", body: payload, headers });
}

/** The Checkout Session of a paid one-time gift under `reference`, `amount` in pence. */
export function checkoutSession(reference: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    id: `cs_test_${reference}`,
    object: "checkout.session",
    mode: "payment",
    amount_total: amount,
    currency: "gbp",
    client_reference_id: reference,
    metadata: { reference },
    customer: "cus_test_1",
    payment_intent: `pi_test_${reference}`,
    payment_status: "paid",
    status: "complete",
    subscription: null,
    ...extra,
  };
}

/** A delivery of exactly these bytes, signed with `secret` (at `timestamp`): for bodies Stripe would never send. */
export function signedRawRequest(payload: string, options: { secret: string; timestamp?: number }): Request {
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret,
    timestamp: options.timestamp,
  });
  return new Request("http://localhost/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
}

/**
 * Card gifts on, against a Stripe stand-in started for this test file (closed after it): the
 * environment is set before anything reads it (getEnv is parsed once per test file), so call it
 * before importing the app's modules. `staffEmail` also turns staff alerts on.
 */
export async function cardGiftsOn(
  webhookSecret: string,
  options: { staffEmail?: string; rateLimitPerSecond?: number } = {},
) {
  const standIn = await startStripeStandIn({ rateLimitPerSecond: options.rateLimitPerSecond });
  process.env.STRIPE_SECRET_KEY = "sk_test_vitest";
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  process.env.STRIPE_API_URL = standIn.url;
  if (options.staffEmail) process.env.STAFF_EMAIL = options.staffEmail;
  afterAll(() => standIn.close());
  return standIn;
}

/**
 * A one-time card gift of £25 from Jo Bloggs posted to /donate (`fields` change or add to it),
 * as stored: its id and reference. Call it after cardGiftsOn (it imports the app then).
 */
export async function postCardPledge(fields: Record<string, string> = {}): Promise<{ id: number; reference: string }> {
  const { action } = await import("~/routes/_public+/donate/route");
  const { getDb } = await import("~/infra/db.server");
  const request = formRequest("/donate", {
    type: "one-time",
    amount: "25",
    firstName: "Jo",
    lastName: "Bloggs",
    email: "jo@example.com",
    ...fields,
  });
  const response = (await action({ request, params: {}, context: {} } as any)) as Response;
  expect(response.status).toBe(303);
  return getDb().selectFrom("pledges").select(["id", "reference"]).orderBy("id", "desc").executeTakeFirstOrThrow();
}

// Sending a donor to Stripe Checkout for a card or Direct Debit gift (one Checkout Session per
// pledge, made through checkout-sessions.server.ts), and the address Checkout sends them back
// to. docs/payments.md, "What happens".
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import type { Stripe } from "~/infra/stripe.server";
import { getCharitySettings } from "~/site/index.server";
import type { Pledge } from "~/giving/models/pledge.server";
import { createCheckoutSession } from "./checkout-sessions.server";

/** Where Checkout sends the donor back: the confirmation page, or the same page told they cancelled. */
export function cardReturnPath(reference: string, cancelled = false): string {
  return `/donate/card/${reference}${cancelled ? "?cancelled=1" : ""}`;
}

/**
 * A Checkout Session for a pledge paid by card: `payment` mode for the exact amount (one-time),
 * or `subscription` mode with a monthly price made on the fly. The pledge reference is the
 * `client_reference_id` and in the metadata (of the subscription too, so every invoice carries
 * it); the idempotency key is derived from the pledge, so a retried request makes no second
 * session. Returns the URL to send the donor to.
 */
export async function startCardCheckout(pledge: Pledge, options: { maxNetworkRetries?: number } = {}): Promise<string> {
  const metadata = { reference: pledge.reference, pledge_id: String(pledge.id) };
  const { name, directDebitReferencePrefix } = await getCharitySettings();
  const monthly = pledge.type === "monthly";
  // A monthly gift by Direct Debit: Bacs only (no card), the mandate's reference prefix from
  // Settings when there is one (docs/payments.md, "Direct Debit").
  const directDebit = monthly && pledge.directDebit;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: monthly ? "subscription" : "payment",
    client_reference_id: pledge.reference,
    customer_email: pledge.email,
    metadata,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "gbp",
          unit_amount: pledge.amountPence,
          product_data: {
            name: directDebit
              ? `Monthly Direct Debit gift to ${name}`
              : monthly
                ? `Monthly gift to ${name}`
                : `Gift to ${name}`,
          },
          ...(monthly ? { recurring: { interval: "month" as const } } : {}),
        },
      },
    ],
    ...(directDebit
      ? {
          payment_method_types: ["bacs_debit" as const],
          ...(directDebitReferencePrefix
            ? {
                payment_method_options: {
                  bacs_debit: { mandate_options: { reference_prefix: directDebitReferencePrefix } },
                },
              }
            : {}),
        }
      : {}),
    success_url: absoluteUrl(cardReturnPath(pledge.reference)),
    cancel_url: absoluteUrl(cardReturnPath(pledge.reference, true)),
    ...(monthly
      ? { subscription_data: { metadata, description: `Monthly gift ${pledge.reference}` } }
      : { payment_intent_data: { metadata, description: `Gift ${pledge.reference}` }, submit_type: "donate" as const }),
  };
  // The caller holds its place under the pace (the donor's try, or the queue's claim).
  const session = await createCheckoutSession(params, {
    idempotencyKey: `checkout-${pledge.reference}`,
    pace: "taken",
    ...options,
  });
  logger.info({ event: "checkout.created", pledge_id: pledge.id, session: session.id }, "Checkout Session created");
  return session.url;
}

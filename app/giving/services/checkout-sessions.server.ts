import { closeInlineCheckout, waitForInlineCheckoutSlot } from "~/infra/checkout-pace.server";
import { now as clockNow } from "~/infra/clock.server";
import { logger } from "~/infra/logger.server";
import { getStripe, type Stripe } from "~/infra/stripe.server";

// The one module that makes (and expires) Stripe Checkout Sessions: card gifts, Direct Debit
// gifts and event tickets all come here, so every session is paced the same way
// (STRIPE_CHECKOUT_PER_SECOND, app/infra/checkout-pace.server.ts) and Stripe's 429 closes the
// gate for everyone for its Retry-After. Gifts take their place before they call (the donor's own
// try, or the queue's claim counted in the database: checkout-queue.server.ts); tickets have no
// queue, so they wait here for a place, a few seconds at most. docs/payments.md.

/** How long a ticket buyer's session waits for a place under the pace before trying anyway. */
const WAIT_FOR_PLACE_MS = 5_000;

export interface CheckoutOptions {
  /** Stripe's idempotency key: the same key returns the same session (a retry makes no second one). */
  idempotencyKey: string;
  /**
   * "taken": the caller already holds a place under the pace (a gift's try); "wait": wait for
   * one here first (a ticket order).
   */
  pace: "taken" | "wait";
  /** The Stripe client's own retries (0 while a donor waits: the queue retries with Retry-After). */
  maxNetworkRetries?: number;
}

/** Stripe's Retry-After of a 429, in ms, or null. */
function retryAfterMs(error: unknown): number | null {
  const { statusCode, headers } = (error ?? {}) as { statusCode?: unknown; headers?: Record<string, unknown> };
  if (statusCode !== 429) return null;
  const seconds = Number(headers?.["retry-after"]);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : 1000;
}

/** Makes a Checkout Session (the only call to `checkout.sessions.create`); throws Stripe's error. */
export async function createCheckoutSession(
  params: Stripe.Checkout.SessionCreateParams,
  options: CheckoutOptions,
): Promise<Stripe.Checkout.Session & { url: string }> {
  const client = getStripe();
  if (!client) throw new Error("Stripe is not configured");
  if (options.pace === "wait") await waitForInlineCheckoutSlot(WAIT_FOR_PLACE_MS);
  let session: Stripe.Checkout.Session;
  try {
    session = await client.stripe.checkout.sessions.create(params, {
      idempotencyKey: options.idempotencyKey,
      ...(options.maxNetworkRetries === undefined ? {} : { maxNetworkRetries: options.maxNetworkRetries }),
    });
  } catch (error) {
    const wait = retryAfterMs(error);
    if (wait !== null) closeInlineCheckout(clockNow() + wait);
    throw error;
  }
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return session as Stripe.Checkout.Session & { url: string };
}

/**
 * Expires an open Checkout Session (a ticket hold that lapsed before Stripe's own shortest
 * expiry): true when Stripe expired it or it was already over; false when Stripe could not be
 * reached (its own expiry follows).
 */
export async function expireCheckoutSession(sessionId: string): Promise<boolean> {
  const client = getStripe();
  if (!client) return false;
  try {
    await client.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
    return true;
  } catch (error) {
    const { statusCode } = (error ?? {}) as { statusCode?: unknown };
    // 400: the session is complete or already expired; nothing to do.
    if (statusCode === 400) return true;
    logger.warn(
      {
        event: "checkout.expire_failed",
        session: sessionId,
        err: error instanceof Error ? error.message : String(error),
      },
      "Could not expire a Checkout Session",
    );
    return false;
  }
}

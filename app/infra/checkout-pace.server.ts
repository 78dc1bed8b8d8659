import { now } from "./clock.server";
import { getEnv } from "./env.server";

// This process's gate for making a Checkout Session while the donor waits (appeal
// night). Stripe allows about 25 session creations a second; above it, it answers 429. The
// background queue (app/giving/services/checkout-queue.server.ts) paces itself across every instance
// through the database; this gate only decides, without a query, whether the donor's own
// request may try at once: a token bucket of STRIPE_CHECKOUT_PER_SECOND, closed while Stripe's
// last Retry-After runs and while the queue has gifts waiting (first come, first served).

let tokens = -1;
let filledAt = 0;
let closedUntil = 0;

function perSecond(): number {
  return getEnv().STRIPE_CHECKOUT_PER_SECOND;
}

/** Elapsed real time for the bucket (Stripe's limit is per real second, whatever the clock module says). */
const elapsedMs = () => performance.now();

/** Takes one place for a session made at once; false: the gift goes to the queue. */
export function takeInlineCheckoutSlot(): boolean {
  if (now() < closedUntil) return false;
  const at = elapsedMs();
  const rate = perSecond();
  if (tokens < 0) {
    tokens = rate;
    filledAt = at;
  }
  tokens = Math.min(rate, tokens + ((at - filledAt) / 1000) * rate);
  filledAt = at;
  if (tokens < 1) return false;
  tokens -= 1;
  return true;
}

/** Stripe said 429 (or the queue has gifts waiting): no try at once until `untilMs`. */
export function closeInlineCheckout(untilMs: number): void {
  closedUntil = Math.max(closedUntil, untilMs);
}

/**
 * Waits (at most `maxWaitMs`) for a place under the same pace, for a session made while its
 * buyer waits that has no queue of its own (event tickets). True when it got one; false when the
 * wait ran out (the caller tries anyway: Stripe's 429 is then handled as any failure).
 */
export async function waitForInlineCheckoutSlot(maxWaitMs: number): Promise<boolean> {
  const until = elapsedMs() + maxWaitMs;
  for (;;) {
    if (takeInlineCheckoutSlot()) return true;
    const left = until - elapsedMs();
    if (left <= 0) return false;
    const refill = Math.ceil(1000 / Math.max(1, perSecond()));
    const wait = Math.max(10, Math.min(left, Math.max(closedUntil - now(), refill)));
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** For tests: the gate as a fresh process has it. */
export function resetCheckoutPace(): void {
  tokens = -1;
  filledAt = 0;
  closedUntil = 0;
}

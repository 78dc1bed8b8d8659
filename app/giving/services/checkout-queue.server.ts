// Long because it is the whole of a card gift's way to Stripe Checkout under a wave of donors:
// the donor's own try, the queue that makes the sessions Stripe's rate limit held back (shared
// pace across instances, leases, Retry-After), and what the wait page reads. docs/payments.md.
import { backgroundWorker } from "~/infra/background-worker.server";
import { now as clockNow } from "~/infra/clock.server";
import { closeInlineCheckout, takeInlineCheckoutSlot } from "~/infra/checkout-pace.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { isDraining } from "~/infra/shutdown.server";
import { getStripe } from "~/infra/stripe.server";
import {
  claimDueCheckouts,
  countCheckoutTriesSince,
  getCheckoutRequest,
  markCheckoutMade,
  recordCheckoutFailure,
  requeueCheckout,
} from "~/giving/models/checkout-request.server";
import { getPledge, getPledgeByReference, type Pledge } from "~/giving/models/pledge.server";
import { cardReturnPath, startCardCheckout } from "./card-checkout.server";
import { everReceived } from "./card-return.server";
import { submitPledge } from "./pledges.server";

// Appeal night. Stripe makes about 25 Checkout Sessions a second and answers 429
// above that. A card gift is a pledge first (kept whatever Stripe says); its session is made at
// once when this instance's share of STRIPE_CHECKOUT_PER_SECOND has room, otherwise by this
// queue, which every instance runs and which paces itself through the database: the tries of
// the last second, by any instance (the donor's own tries included), are counted in the same
// immediate transaction as the claim. Meanwhile the donor sees a wait page that refreshes itself
// (no JavaScript needed) and goes to Checkout as soon as the session is there, or pays by bank
// transfer instead. A request is held by one instance at a time (a lease); Stripe's idempotency
// key (checkout-<reference>) makes a retry after a crash return the same session.

/** How long a try may hold a request: longer than the Stripe client's timeout. */
const LEASE_MS = 30_000;
/** Stripe refused it this many times (429s, 5xx, no answer): the wait page offers the bank transfer only. */
export const MAX_CHECKOUT_TRIES = 20;
/** How often a running server looks for waiting requests (another instance's, retries). */
const POLL_MS = 2_000;
const SECOND_MS = 1_000;

/** Where the donor waits for their Checkout page. */
export function cardWaitPath(reference: string): string {
  return `/donate/card/${reference}/wait`;
}

/** Where the donor goes after posting a card gift; `document`: a full page load (the wait page refreshes itself). */
export type CardGiftNext = { location: string; document: boolean };

interface StripeFailure {
  /** Worth trying again (429, 409, 5xx, no answer); otherwise Stripe refused the request itself. */
  transient: boolean;
  /** Stripe's Retry-After, when it gave one. */
  retryAfterMs: number | null;
  message: string;
}

/** What a failed call to Stripe means for the queue. */
export function stripeFailure(error: unknown): StripeFailure {
  const { statusCode, headers, message } = (error ?? {}) as {
    statusCode?: unknown;
    headers?: Record<string, unknown>;
    message?: unknown;
  };
  const status = typeof statusCode === "number" ? statusCode : null;
  const retryAfter = Number(headers?.["retry-after"]);
  return {
    transient: status === null || status === 429 || status === 409 || status >= 500,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(retryAfter, 60) * SECOND_MS : null,
    message: (typeof message === "string" ? message : String(error)).slice(0, 300),
  };
}

/** Wait before the next try after `tries` failed ones: 1, 2, 4 … seconds, at most a minute. */
function backOffMs(tries: number): number {
  return Math.min(SECOND_MS * 2 ** Math.max(0, tries - 1), 60_000);
}

/** Records a failed try: again after Retry-After (or a back-off), or given up. */
async function tryFailed(db: DB, pledge: Pledge, tries: number, error: unknown): Promise<"waiting" | "failed"> {
  const failure = stripeFailure(error);
  const at = clockNow();
  const giveUp = !failure.transient || tries >= MAX_CHECKOUT_TRIES;
  const waitMs = failure.retryAfterMs ?? backOffMs(tries);
  if (failure.transient) closeInlineCheckout(at + waitMs);
  await recordCheckoutFailure(db, pledge.id, failure.message, giveUp ? null : new Date(at + waitMs), new Date(at));
  logger.warn(
    { event: giveUp ? "checkout.failed" : "checkout.deferred", pledge_id: pledge.id, tries, err: failure.message },
    giveUp ? "Could not create a Checkout Session" : "Checkout Session deferred to the queue",
  );
  return giveUp ? "failed" : "waiting";
}

/**
 * A card gift posted on /donate: the pledge (with its request for a session) is committed
 * first; then its Checkout Session is made at once when there is room, and the donor goes
 * there; otherwise (no room, Stripe's 429, Stripe unreachable) the donor goes to the wait page
 * and the queue makes it. A request Stripe refuses for good (4xx) lands on the return page that
 * says nothing was taken, with the bank transfer. Never throws for Stripe's sake.
 */
export async function submitCardGift(input: Parameters<typeof submitPledge>[0]): Promise<CardGiftNext> {
  const tryNow = takeInlineCheckoutSlot();
  const pledge = await submitPledge(input, { checkoutClaimMs: tryNow ? LEASE_MS : null });
  return tryNow ? checkoutNow(pledge, 1) : queued(pledge);
}

function queued(pledge: Pledge): CardGiftNext {
  void kickCheckoutQueue();
  return { location: cardWaitPath(pledge.reference), document: true };
}

async function checkoutNow(pledge: Pledge, tries: number): Promise<CardGiftNext> {
  const db = getDb();
  try {
    // No retries here: the donor is waiting, and the queue retries with Stripe's Retry-After.
    const url = await startCardCheckout(pledge, { maxNetworkRetries: 0 });
    await markCheckoutMade(db, pledge.id, url);
    return { location: url, document: false };
  } catch (error) {
    const outcome = await tryFailed(db, pledge, tries, error);
    if (outcome === "failed") return { location: cardReturnPath(pledge.reference, true), document: false };
    return queued(pledge);
  }
}

/**
 * "Try the card payment again" from the return page: the same session while it is open (made
 * again through the queue when there is no room). Undefined when the pledge is not a card
 * pledge that can still be paid.
 */
export async function retryCardGift(reference: string): Promise<CardGiftNext | undefined> {
  const db = getDb();
  const pledge = await getPledgeByReference(db, reference);
  if (!pledge || pledge.payBy !== "card" || everReceived(pledge) || pledge.cancelledAt || !getStripe()) {
    return undefined;
  }
  const request = await getCheckoutRequest(db, pledge.id);
  if (request?.checkoutUrl) return { location: request.checkoutUrl, document: false };
  await requeueCheckout(db, pledge.id, new Date(clockNow()));
  return queued(pledge);
}

export type CardWait =
  | { state: "checkout"; url: string }
  | { state: "done"; location: string }
  | { state: "waiting"; reference: string; amountPence: number; type: Pledge["type"]; waitedSeconds: number }
  | { state: "failed"; reference: string; amountPence: number; type: Pledge["type"] };

/** What the wait page shows for a card pledge, or undefined when there is no such pledge. */
export async function cardWaitStatus(reference: string): Promise<CardWait | undefined> {
  const db = getDb();
  const pledge = await getPledgeByReference(db, reference);
  if (!pledge) return undefined;
  // Paid, cancelled, switched to the bank transfer: nothing to wait for.
  if (pledge.payBy !== "card") return { state: "done", location: `/donate/thank-you/${reference}` };
  if (everReceived(pledge) || pledge.cancelledAt) return { state: "done", location: cardReturnPath(reference) };
  const request = await getCheckoutRequest(db, pledge.id);
  if (request?.checkoutUrl) return { state: "checkout", url: request.checkoutUrl };
  const gift = { reference, amountPence: pledge.amountPence, type: pledge.type };
  if (!request || request.failedAt) return { state: "failed", ...gift };
  // The instance serving the page runs its queue too (another instance may have taken the post).
  void kickCheckoutQueue();
  const waitedSeconds = Math.max(0, Math.round((clockNow() - Date.parse(request.requestedAt)) / SECOND_MS));
  return { state: "waiting", ...gift, waitedSeconds };
}

// ---------------------------------------------------------------------------------------------
// The queue

export interface CheckoutRunReport {
  made: number;
  waiting: number;
  failed: number;
  /** Set when the pace stopped the run: when a try may be made again (ms since the epoch). */
  waitUntil?: number;
}

/** Claims what the shared pace leaves room for in this second (tries by any instance counted). */
async function claimWithinPace(db: DB, at: number, perSecond: number): Promise<{ ids: number[]; waitUntil?: number }> {
  return immediateTransaction(db, async (trx) => {
    const { count, oldest } = await countCheckoutTriesSince(trx, new Date(at - SECOND_MS + 1));
    const room = perSecond - count;
    if (room <= 0) return { ids: [], waitUntil: (oldest ? Date.parse(oldest) : at) + SECOND_MS };
    return { ids: await claimDueCheckouts(trx, new Date(at), LEASE_MS, room) };
  });
}

/** Makes one claimed request's session (or gives it up when the pledge no longer wants one). */
async function makeSession(db: DB, pledgeId: number, report: CheckoutRunReport): Promise<void> {
  const pledge = await getPledge(db, pledgeId);
  const request = await getCheckoutRequest(db, pledgeId);
  if (!pledge || !request) return;
  if (pledge.payBy !== "card" || everReceived(pledge) || pledge.cancelledAt) {
    await recordCheckoutFailure(db, pledgeId, "No longer paid by card", null, new Date(clockNow()));
    return;
  }
  try {
    const url = await startCardCheckout(pledge, { maxNetworkRetries: 0 });
    await markCheckoutMade(db, pledgeId, url);
    report.made++;
  } catch (error) {
    if ((await tryFailed(db, pledge, request.tries, error)) === "failed") report.failed++;
    else report.waiting++;
  }
}

/**
 * Makes the sessions of waiting requests, at most STRIPE_CHECKOUT_PER_SECOND tries a second
 * across every instance; each claimed batch goes to Stripe at once (in parallel, since one call
 * takes a few hundred milliseconds). Stops when nothing is due, or when the pace is full (then
 * `waitUntil` says when to run again).
 */
export async function runCheckoutQueue(options: { db?: DB; perSecond?: number } = {}): Promise<CheckoutRunReport> {
  const report: CheckoutRunReport = { made: 0, waiting: 0, failed: 0 };
  if (!getStripe()) return report;
  const db = options.db ?? getDb();
  const perSecond = options.perSecond ?? getEnv().STRIPE_CHECKOUT_PER_SECOND;
  for (let batch = 0; batch < 50 && !isDraining(); batch++) {
    const { ids, waitUntil } = await claimWithinPace(db, clockNow(), perSecond);
    if (waitUntil !== undefined) {
      report.waitUntil = waitUntil;
      // Gifts are waiting: new ones queue behind them rather than take the room at once.
      closeInlineCheckout(waitUntil);
      break;
    }
    if (ids.length === 0) break;
    closeInlineCheckout(clockNow() + SECOND_MS);
    await Promise.all(ids.map((id) => makeSession(db, id, report)));
  }
  return report;
}

/**
 * The queue in the background (app/infra/background-worker.server.ts): a run when a gift is
 * queued, when the pace has room again, and every POLL_MS (requests queued by another instance).
 */
const queue = backgroundWorker({
  failedEvent: "checkout.queue_failed",
  failedMessage: "The Checkout queue failed",
  run: () => runCheckoutQueue(),
  pollMs: POLL_MS,
  maxWaitMs: 60_000,
  slackMs: 20,
});

/** Runs the queue in the background now; the promise (for tests and scripts) settles when it is over. */
export const kickCheckoutQueue = queue.kick;

/** Started once when the server build loads (app/entry.server.tsx), with card gifts on. */
export function startCheckoutQueue(): void {
  if (getStripe()) queue.start();
}

import { nowDate } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { getStripe, verifyStripeEvent } from "~/infra/stripe.server";
import { child, isFields, text, type Fields } from "~/infra/stripe-fields.server";
import { recordAudit } from "~/site/models/audit.server";
import { countRecentFormPosts, recordFormPost } from "~/site/models/form-post.server";
import { claimStripeEvent, noteStripeEventAttention } from "~/giving/index.server";
import { handleCardGiftEvent, staffAlert, STRIPE_ACTOR, type Attention, type EventMail } from "~/giving/index.server";
import { getCharitySettings } from "./charity-settings.server";
import { handleDirectDebitEvent, lookupMandateCustomer, lookupSubscriptionPeriodEnd } from "~/giving/index.server";
import { handleTicketEvent } from "~/events/index.server";

// The one Stripe webhook router: above giving and events, it checks each delivery's signature
// (throttling bad ones per source), records the event id once, in the same transaction as its
// effect, and hands the event to the domain it is about: event tickets (their Checkout Sessions
// say so in their metadata), else giving (card and Direct Debit gifts). A domain's handler answers
// null when the event is not its own. docs/payments.md, docs/events.md.

/** Bad signatures one source may send per hour before it is refused outright. */
export const BAD_SIGNATURES_PER_HOUR = 20;
const HOUR_MS = 3_600_000;
/** A signature may be this old, or this far ahead of our clock, and no more. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type WebhookOutcome =
  | { status: 200; handled: "recorded" | "duplicate" | "ignored" | "needs-attention" }
  | { status: 400; reason: string }
  | { status: 429; retryAfterSeconds: number }
  | { status: 404 };

/** The `t=` of a Stripe-Signature header (seconds), when it has one. */
function signedAt(signature: string): number | null {
  const part = signature.split(",").find((item) => item.trim().startsWith("t="));
  const seconds = part ? Number(part.trim().slice(2)) : NaN;
  return Number.isFinite(seconds) ? seconds : null;
}

/**
 * Verifies and handles one webhook delivery. `client` is the sender's keyed address: bad
 * signatures are counted per source, and past BAD_SIGNATURES_PER_HOUR further bad ones get
 * 429 (nothing written, nothing logged); a good signature is always handled. A signed event
 * whose contents are odd (an amount that is not the pledge's in whole pence GBP, a refund of
 * nothing, no type) is answered 200 and kept for staff as "needs attention", never as money;
 * a signed body that is not an event at all is 400.
 */
export async function receiveStripeWebhook(
  payload: string,
  signature: string | null,
  client: string,
  now: Date = nowDate(),
): Promise<WebhookOutcome> {
  const stripe = getStripe();
  if (!stripe) return { status: 404 };
  const db = getDb();
  let parsed: unknown;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    // Stripe's library refuses old signatures only; one dated ahead of us is refused the same way.
    const at = signedAt(signature);
    if (at !== null && at > now.getTime() / 1000 + SIGNATURE_TOLERANCE_SECONDS) {
      throw new Error("signature timestamp in the future");
    }
    parsed = verifyStripeEvent(stripe.stripe, stripe.config, payload, signature, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    // Checking a signature costs a hash; what is throttled is the bad ones, per source. A
    // good signature is always handled, so a flood of forgeries from a shared address (a
    // proxy) cannot hold up Stripe's own deliveries.
    const throttleKey = `stripe-webhook:${client}`;
    if ((await countRecentFormPosts(db, throttleKey, HOUR_MS, now)) >= BAD_SIGNATURES_PER_HOUR) {
      return { status: 429, retryAfterSeconds: 3600 };
    }
    await recordFormPost(db, throttleKey, now);
    const reason = error instanceof Error ? error.message : "unreadable";
    logger.warn({ event: "stripe.webhook_refused", reason }, "Stripe webhook refused: bad signature");
    return { status: 400, reason: "The signature is missing, wrong or too old." };
  }
  if (!isFields(parsed) || !text(parsed, "id")) return { status: 400, reason: "The body is not a Stripe event." };
  const event = parsed;
  const id = text(event, "id")!;
  const type = text(event, "type") ?? "(no type)";
  // Read before the transaction: the charity's details, and what an event needs from Stripe's
  // API (an inactive mandate's customer; a paid invoice's billing period when it does not say),
  // so no call to Stripe holds the write lock.
  const object = child(child(event, "data"), "object");
  const mail: RouteContext = {
    charity: await getCharitySettings(db),
    mandateCustomer: await lookupMandateCustomer(type, object),
    periodEndOn: await lookupSubscriptionPeriodEnd(type, object),
  };
  let handled: "recorded" | "duplicate" | "ignored" | "needs-attention";
  try {
    handled = await immediateTransaction(db, async (trx) => {
      if (!(await claimStripeEvent(trx, id, type))) return "duplicate" as const;
      const outcome = await routeEvent(trx, event, mail);
      if (typeof outcome === "string") return outcome;
      await noteAttention(trx, id, type, outcome, mail);
      return "needs-attention" as const;
    });
  } catch (error) {
    // Whatever an event's contents did to its handling (nothing of it was kept), Stripe would
    // retry a 500 for days: the event is kept for staff instead, and answered.
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ event: "stripe.webhook_failed", type, id, err: message }, "Stripe webhook could not be handled");
    handled = await immediateTransaction(db, async (trx) => {
      if (!(await claimStripeEvent(trx, id, type))) return "duplicate" as const;
      await noteAttention(trx, id, type, { attention: `Could not be handled: ${message}` }, mail);
      return "needs-attention" as const;
    });
  }
  logger.info({ event: "stripe.webhook", type, id, handled }, "Stripe webhook");
  return { status: 200, handled };
}

/** Keeps a signed event for staff: on the event's row, in the pledge's history when it named one, and in the staff alert. */
async function noteAttention(trx: DB, id: string, type: string, outcome: Attention, mail: EventMail): Promise<void> {
  const detail = `Stripe event ${id} (${type}) needs attention: ${outcome.attention}. Nothing was recorded as money; check it in Stripe.`;
  await noteStripeEventAttention(trx, id, detail, outcome.pledge?.id ?? null);
  if (outcome.pledge) {
    await recordAudit(trx, {
      entity: "pledge",
      entityId: outcome.pledge.id,
      action: "card.attention",
      detail,
      actor: STRIPE_ACTOR,
    });
  }
  logger.warn(
    { event: "stripe.webhook_attention", type, id, pledge_id: outcome.pledge?.id },
    "Stripe event needs attention",
  );
  if (outcome.pledge) await staffAlert(trx, "attention", outcome.pledge, 0, [detail], mail);
}

/** What a domain's handler made of an event; null: not about this domain. */
type DomainOutcome = "recorded" | "ignored" | Attention | null;

/** The domains, in the order they are asked. */
const domains: ((
  trx: DB,
  type: string,
  event: Fields,
  object: Fields,
  mail: RouteContext,
) => Promise<DomainOutcome>)[] = [
  // Event tickets (their sessions say so in their metadata), then giving: Direct Debit's own
  // events and states first (null when the pledge is not a Direct Debit), then card gifts.
  (trx, type, _event, object, mail) => handleTicketEvent(trx, type, object, mail.charity),
  (trx, type, event, object, mail) => handleDirectDebitEvent(trx, type, event, object, mail),
  (trx, type, event, object, mail) => handleCardGiftEvent(trx, type, event, object, mail),
];

/** What the handlers get besides the event: read before the transaction. */
type RouteContext = EventMail & { mandateCustomer: string | null; periodEndOn: string | null };

/** Hands one verified event to its domain, inside its transaction. */
async function routeEvent(trx: DB, event: Fields, mail: RouteContext): Promise<"recorded" | "ignored" | Attention> {
  const type = text(event, "type");
  const object = child(child(event, "data"), "object");
  if (!type || !object) return { attention: "the event has no type or no data" };
  for (const handle of domains) {
    const outcome = await handle(trx, type, event, object, mail);
    if (outcome) return outcome;
  }
  return "ignored";
}

// A monthly card (or Direct Debit) gift's subscription changed from here, through Stripe's API:
// its amount (the donor at Your giving) and its end (staff, or the donor). The pledge follows
// Stripe's own events (card-gift-events.server.ts, direct-debit.server.ts).
import { getDb, immediateTransaction } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { getStripe } from "~/infra/stripe.server";
import { recordAudit } from "~/site/index.server";
import { getPledge, markPledgeCancelled, type Pledge } from "~/giving/models/pledge.server";
import { Refusal } from "~/utils/refusal";
import { cardGiftRefusals } from "~/content/admin";

/** A monthly card gift that cannot be changed: not set up here, no subscription, or Stripe said no (502). */
export class CardGiftError extends Refusal {}

/**
 * Changes a monthly card gift's amount in Stripe, from the next payment (no proration). The
 * pledge follows when Stripe's customer.subscription.updated arrives (subscriptionUpdated).
 */
export async function changeCardSubscriptionAmount(pledge: Pledge, amountPence: number): Promise<void> {
  const client = getStripe();
  if (!client) throw new CardGiftError(cardGiftRefusals.notConfigured);
  if (!pledge.stripeSubscription || pledge.cancelledAt) throw new CardGiftError(cardGiftRefusals.noSubscription);
  try {
    const subscription = await client.stripe.subscriptions.retrieve(pledge.stripeSubscription);
    const item = subscription.items.data[0];
    if (!item) throw new CardGiftError(cardGiftRefusals.noSubscription);
    const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
    await client.stripe.subscriptions.update(pledge.stripeSubscription, {
      items: [
        {
          id: item.id,
          price_data: { currency: "gbp", unit_amount: amountPence, product, recurring: { interval: "month" } },
        },
      ],
      proration_behavior: "none",
    });
  } catch (error) {
    if (error instanceof CardGiftError) throw error;
    logger.warn(
      { event: "stripe.update_failed", pledge_id: pledge.id, error: String(error) },
      "Stripe refused a change",
    );
    throw new CardGiftError(cardGiftRefusals.changeFailed, 502);
  }
  logger.info({ event: "subscription.amount_requested", pledge_id: pledge.id }, "Monthly card gift amount change sent");
}

/**
 * Staff end a donor's monthly card gift: Stripe cancels the subscription at once, then the
 * pledge is cancelled with the staff's reason and the trail says who did it. Stripe's own
 * customer.subscription.deleted that follows finds the pledge already cancelled and adds nothing.
 */
export async function cancelCardSubscription(pledgeId: number, reason: string, actor: string): Promise<Pledge> {
  const client = getStripe();
  if (!client) throw new CardGiftError(cardGiftRefusals.notConfigured);
  const pledge = await getPledge(getDb(), pledgeId);
  if (!pledge) throw new CardGiftError(cardGiftRefusals.pledgeNotFound, 404);
  if (!pledge.stripeSubscription || pledge.cancelledAt) throw new CardGiftError(cardGiftRefusals.noSubscription);
  try {
    await client.stripe.subscriptions.cancel(
      pledge.stripeSubscription,
      { cancellation_details: { comment: `Cancelled by staff (${actor})` } },
      { idempotencyKey: `cancel-${pledge.stripeSubscription}` },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ event: "stripe.cancel_failed", pledge_id: pledgeId }, "Stripe refused to cancel a subscription");
    throw new CardGiftError(cardGiftRefusals.cancelFailed(message), 502);
  }
  const result = await immediateTransaction(getDb(), async (trx) => {
    const before = (await getPledge(trx, pledgeId))!;
    const cancelled = await markPledgeCancelled(trx, pledgeId, reason);
    await recordAudit(trx, {
      entity: "pledge",
      entityId: pledgeId,
      action: "subscription.cancelled",
      detail: `Monthly card gift cancelled in Stripe (${pledge.stripeSubscription}); status ${before.status} → cancelled`,
      actor,
    });
    return cancelled ?? (await getPledge(trx, pledgeId))!;
  });
  logger.info({ event: "subscription.cancelled", pledge_id: pledgeId }, "Monthly card gift cancelled");
  return result;
}

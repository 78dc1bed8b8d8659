// What a donor changes at Your giving (/giving): cancel a Gift Aid declaration, stop a monthly
// gift (standing order or card), change a card gift's amount, turn the newsletter on or off.
// Every change is audited on their supporter record with the actor "donor", and confirmed by
// e-mail to their address through the outbox (a Direct Debit's own e-mail confirms its changes)
// (docs/decisions/0028-your-giving.md).
import { BY_THE_DONOR, DONOR_ACTOR, givingWords } from "~/content/giving";
import { nowDate } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { setDeclarationCancelled } from "~/gift-aid/index.server";
import {
  cancelCardSubscription,
  CardGiftError,
  changeCardSubscriptionAmount,
  getPledgeByReference,
  mailDirectDebitChangeByDonor,
  markPledgeCancelled,
} from "~/giving/index.server";
import { parseAmountToPence } from "~/giving/schemas/donation-rules";
import { setNewsletterFromGiving } from "~/publishing/index.server";
import { donorGivingChangeMail, enqueueMail, type GivingChange } from "~/mail/index.server";
import { getCharitySettings, recordAudit } from "~/site/index.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { findSupporterIdOfPledge, getSupporter, listSupporterEmails } from "~/supporters/models/supporter.server";
import { formatPence } from "~/utils/money";
import { theirDeclaration } from "./donor-portal.server";
import { DonorPortalError } from "./donor-refusals.server";

/**
 * Queues the e-mail confirming a change the donor made, to their primary address, in `db` (the
 * change's own transaction where it has one). The charity's details are read before it.
 */
async function mailChange(
  db: DB,
  supporterId: number,
  change: GivingChange,
  charity: CharitySettings,
  pledgeId?: number,
): Promise<void> {
  const [primary] = await listSupporterEmails(db, supporterId);
  if (!primary) return;
  const supporter = await getSupporter(db, supporterId);
  const mail = donorGivingChangeMail(
    change,
    { name: supporter?.firstName ?? supporter?.displayName ?? null },
    nowDate().toISOString(),
    charity,
  );
  await enqueueMail(db, { kind: "donor-giving-change", to: primary.address, pledgeId, ...mail });
}

/**
 * The donor cancels one of their own Gift Aid declarations. Gifts already in a claim batch stay
 * claimed; gifts received after today are no longer covered (the cover rule reads the day it
 * was cancelled). Audited on the declaration and on the supporter's record as the donor's own.
 */
export async function cancelDeclarationByDonor(supporterId: number, declarationId: number): Promise<void> {
  const charity = await getCharitySettings(getDb());
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const declaration = await theirDeclaration(trx, supporterId, declarationId);
      const reason = `Cancelled ${BY_THE_DONOR} at Your giving`;
      if (!(await setDeclarationCancelled(trx, declarationId, { at: nowDate().toISOString(), reason, by: "donor" }))) {
        throw new DonorPortalError(givingWords.alreadyCancelled);
      }
      await recordAudit(trx, {
        entity: "declaration",
        entityId: declarationId,
        action: "declaration.cancelled",
        detail: reason,
        actor: DONOR_ACTOR,
        actorId: null,
      });
      await recordAudit(trx, {
        entity: "supporter",
        entityId: supporterId,
        action: "donor.declaration-cancelled",
        detail: `Gift Aid declaration ${declarationId} cancelled ${BY_THE_DONOR}`,
        actor: DONOR_ACTOR,
        actorId: null,
      });
      await mailChange(
        trx,
        supporterId,
        { kind: "declaration-cancelled", declaredOn: declaration.declaredAt },
        charity,
      );
    });
  logger.info(
    { event: "giving.declaration_cancelled", declaration_id: declarationId },
    "Declaration cancelled by donor",
  );
}

/** One of the donor's own monthly gifts that can be stopped (by standing order, or by card through Stripe), for the confirmation page. */
export async function getStoppableMonthlyGift(
  supporterId: number,
  reference: string,
): Promise<{ id: number; reference: string; amountPence: number; createdAt: string; payBy: "bank" | "card" }> {
  const pledge = await getPledgeByReference(getDb(), reference);
  if (!pledge || (await findSupporterIdOfPledge(getDb(), pledge.id)) !== supporterId) {
    throw new DonorPortalError(givingWords.noSuchPledge, 404);
  }
  if (pledge.type !== "monthly" || (pledge.payBy === "card" && !pledge.stripeSubscription)) {
    throw new DonorPortalError(givingWords.notABankMonthly);
  }
  if (pledge.cancelledAt) throw new DonorPortalError(givingWords.alreadyStopped);
  return {
    id: pledge.id,
    reference: pledge.reference,
    amountPence: pledge.amountPence,
    createdAt: pledge.createdAt,
    payBy: pledge.payBy,
  };
}

/**
 * The donor stops a monthly gift by standing order: the pledge is cancelled (staff see it
 * cancelled, the reason saying the donor did it) and audited on the pledge and the supporter.
 * The money is the bank's to stop: the page tells the donor to cancel the standing order there.
 * A card gift is stopped through Stripe (stopMonthlyCardGift). How it was paid.
 */
export async function stopMonthlyGiftByDonor(supporterId: number, reference: string): Promise<"bank" | "card"> {
  const gift = await getStoppableMonthlyGift(supporterId, reference);
  if (gift.payBy === "card") {
    await stopMonthlyCardGift(supporterId, gift);
    return "card";
  }
  const charity = await getCharitySettings(getDb());
  await immediateTransaction(getDb(), async (trx) => {
    const pledge = await getPledgeByReference(trx, reference);
    if (!pledge) throw new DonorPortalError(givingWords.noSuchPledge, 404);
    const reason = `Stopped ${BY_THE_DONOR} at Your giving (told to cancel the standing order with their bank)`;
    if (!(await markPledgeCancelled(trx, pledge.id, reason))) throw new DonorPortalError(givingWords.alreadyStopped);
    await recordAudit(trx, {
      entity: "pledge",
      entityId: pledge.id,
      action: "pledge.cancelled",
      detail: `status ${pledge.status} → cancelled ${BY_THE_DONOR}`,
      actor: DONOR_ACTOR,
      actorId: null,
    });
    await recordAudit(trx, {
      entity: "supporter",
      entityId: supporterId,
      action: "donor.monthly-stopped",
      detail: `Monthly gift ${pledge.reference} stopped ${BY_THE_DONOR}`,
      actor: DONOR_ACTOR,
      actorId: null,
    });
    const change = { kind: "monthly-stopped", reference: pledge.reference, payBy: "bank" } as const;
    await mailChange(trx, supporterId, change, charity, pledge.id);
  });
  return "bank";
}

/** The donor turns the newsletter on or off for their address (consent recorded with the words shown), audited as theirs. */
export async function setDonorNewsletter(supporterId: number, on: boolean): Promise<void> {
  const [primary] = await listSupporterEmails(getDb(), supporterId);
  if (!primary) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  if (!(await setNewsletterFromGiving(primary.address, on))) return;
  await recordAudit(getDb(), {
    entity: "supporter",
    entityId: supporterId,
    action: on ? "donor.newsletter-on" : "donor.newsletter-off",
    detail: `Newsletter turned ${on ? "on" : "off"} ${BY_THE_DONOR}`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
  await mailChange(getDb(), supporterId, { kind: "newsletter", on }, await getCharitySettings(getDb()));
}

/**
 * A monthly card gift: Stripe cancels the subscription at once (the staff service's own call,
 * `cancelCardSubscription`), the pledge is cancelled with the donor's reason, and the supporter's
 * record says the donor did it. Stripe's customer.subscription.deleted that follows adds nothing.
 */
async function stopMonthlyCardGift(supporterId: number, gift: { id: number; reference: string }): Promise<void> {
  try {
    await cancelCardSubscription(
      gift.id,
      `Stopped ${BY_THE_DONOR} at Your giving (card payments cancelled in Stripe)`,
      DONOR_ACTOR,
    );
  } catch (error) {
    if (!(error instanceof CardGiftError)) throw error;
    logger.warn(
      { event: "giving.card_stop_failed", pledge_id: gift.id, reason: error.message },
      "Could not stop a card gift",
    );
    throw new DonorPortalError(givingWords.cardStopFailed, 409);
  }
  // A Direct Debit's own e-mail confirms it (with the Guarantee's words); a card gift gets ours.
  await mailDirectDebitChangeByDonor(gift.reference, null);
  if (!(await getPledgeByReference(getDb(), gift.reference))?.directDebit) {
    const change = { kind: "monthly-stopped", reference: gift.reference, payBy: "card" } as const;
    await mailChange(getDb(), supporterId, change, await getCharitySettings(getDb()), gift.id);
  }
  await recordAudit(getDb(), {
    entity: "supporter",
    entityId: supporterId,
    action: "donor.monthly-stopped",
    detail: `Monthly card gift ${gift.reference} stopped ${BY_THE_DONOR}`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
}

/**
 * The donor changes the monthly amount of their card gift: Stripe's subscription is updated
 * from the next payment; the pledge (and the staff page) follow from Stripe's webhook. Amounts as
 * on the donate form. Audited on the supporter's record as the donor's own.
 */
export async function changeMonthlyCardAmountByDonor(
  supporterId: number,
  reference: string,
  amount: string,
): Promise<number> {
  const gift = await getStoppableMonthlyGift(supporterId, reference);
  if (gift.payBy !== "card") throw new DonorPortalError(givingWords.notACardMonthly);
  const parsed = parseAmountToPence(amount);
  if (!parsed.ok) throw new DonorPortalError(parsed.error, 400);
  if (parsed.pence === gift.amountPence) throw new DonorPortalError(givingWords.sameAmount, 400);
  const pledge = (await getPledgeByReference(getDb(), reference))!;
  try {
    await changeCardSubscriptionAmount(pledge, parsed.pence);
  } catch (error) {
    if (!(error instanceof CardGiftError)) throw error;
    throw new DonorPortalError(givingWords.cardStopFailed, 409);
  }
  await mailDirectDebitChangeByDonor(reference, parsed.pence);
  if (!pledge.directDebit) {
    const change = { kind: "amount-changed", reference, amountPence: parsed.pence } as const;
    await mailChange(getDb(), supporterId, change, await getCharitySettings(getDb()), pledge.id);
  }
  await recordAudit(getDb(), {
    entity: "supporter",
    entityId: supporterId,
    action: "donor.monthly-amount-changed",
    detail: `Monthly card gift ${reference} changed to ${formatPence(parsed.pence)} ${BY_THE_DONOR} (Stripe updated)`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
  return parsed.pence;
}

import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import { getEnv } from "~/infra/env.server";
import { enqueueMail } from "~/mail/index.server";
import { insertCheckoutRequest } from "~/giving/models/checkout-request.server";
import {
  createPledgeOfSupporter,
  getPledge,
  getPledgeByReference,
  markPledgeSwitchedToBank,
  type Pledge,
  type PledgeInput,
} from "~/giving/models/pledge.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { adminPaths } from "~/utils/admin-paths";
import type { DonationInput, GiftAidDetails } from "~/giving/schemas/donation";
import { londonToday, nowDate } from "~/infra/clock.server";
import { addDeclaration, getDeclarationEmailCopy, getEnduringDeclarationEmailCopy } from "~/gift-aid/index.server";
import { getCharitySettings } from "~/site/index.server";
import { keepPublicFormDetails } from "~/supporters/index.server";
import { Refusal } from "~/utils/refusal";
import { cardGiftRefusals } from "~/content/admin";
import { donorPledgeMail, staffPledgeAlert, type GiftAidDeclarationCopy } from "~/mail/index.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { formatLongDate } from "~/utils/dates";

/** What the donate form's valid submission pledges: the fields a pledge keeps, and how it is paid. */
export function pledgeOfDonation(
  donation: DonationInput,
  payBy: "card" | "direct-debit" | "bank",
  cause: Partial<
    Pick<PledgeInput, "appealId" | "fundraisingPageId" | "supporterMessage" | "showName" | "showAmount">
  > = {},
): Parameters<typeof submitPledge>[0] {
  const { type, amountPence, firstName, lastName, email, phone, inHonour, honoreeName, giftAidDeclaration } = donation;
  return {
    type,
    amountPence,
    firstName,
    lastName,
    email,
    phone,
    // A gift through a supporter's page is for the page: never "in honour or memory" of someone else.
    inHonour: cause.fundraisingPageId ? false : inHonour,
    honoreeName: cause.fundraisingPageId ? null : honoreeName || null,
    giftAidDeclaration,
    // Direct Debit is a Stripe gift like a card one, told apart by its method (docs/payments.md).
    payBy: payBy === "bank" ? "bank" : "card",
    directDebit: payBy === "direct-debit",
    ...cause,
  };
}

/**
 * A visitor's pledge: the pledge, their Gift Aid declaration when they made one, the donor's
 * thank-you (amount, type, reference, bank details, and a copy of the declaration with how to
 * cancel it) and the staff alert (when STAFF_EMAIL is set), all in one transaction, so a pledge
 * never exists without its declaration and messages. Delivery happens after the commit and can
 * never fail it.
 */
export async function submitPledge(
  input: PledgeInput & { giftAidDeclaration?: GiftAidDetails | null },
  options: { now?: Date; db?: DB; checkoutClaimMs?: number | null } = {},
): Promise<Pledge> {
  const { giftAidDeclaration, ...pledgeInput } = input;
  const now = options.now ?? nowDate();
  const charity = await getCharitySettings();
  const pledge = await (options.db ?? getDb()).transaction().execute(async (trx) => {
    const { pledge, newSupporter } = await createPledgeOfSupporter(trx, pledgeInput);
    // A known address: what the form typed is kept beside the supporter, never applied to them.
    if (!newSupporter) {
      const source = pledgeInput.fundraisingPageId ? "fundraising" : "donate";
      await keepPublicFormDetails(trx, pledge, giftAidDeclaration ?? null, source);
    }
    if (giftAidDeclaration) await addDeclaration(trx, pledge, giftAidDeclaration, charity);
    // A card gift is thanked (and staff told) when Stripe says the money arrived; until then
    // it is only a started payment, and the bank-transfer e-mail would say the wrong thing.
    // Its Checkout Session's request commits with it: made by the donor's own request when
    // `checkoutClaimMs` is given (held that long), otherwise by the queue (checkout-queue.server.ts).
    if (pledge.payBy === "card") {
      await insertCheckoutRequest(trx, pledge.id, now, options.checkoutClaimMs ?? null);
      return pledge;
    }
    const declared = { withPledge: Boolean(giftAidDeclaration), before: !newSupporter };
    await queueBankPledgeMail(trx, pledge, charity, now, declared);
    return pledge;
  });
  return pledge;
}

/** What a bank-transfer pledge sends: the donor's e-mail (bank details, reference, declaration) and the staff alert. */
async function queueBankPledgeMail(
  trx: DB,
  pledge: Pledge,
  charity: CharitySettings,
  now: Date,
  declared?: DeclarationsThatMayExist,
): Promise<void> {
  const { STAFF_EMAIL } = getEnv();
  const donor = donorPledgeMail(pledge, await declarationCopy(trx, pledge.id, declared), charity);
  await enqueueMail(trx, { kind: "pledge.donor", to: pledge.email, pledgeId: pledge.id, ...donor }, now);
  if (STAFF_EMAIL) {
    const alert = staffPledgeAlert(pledge, absoluteUrl(adminPaths.donation(pledge.id)), charity);
    await enqueueMail(trx, { kind: "pledge.staff", to: STAFF_EMAIL, pledgeId: pledge.id, ...alert }, now);
  }
}

/** A card pledge that cannot become a bank pledge: no such pledge (404), paid (409), cancelled (410). */
export class CardToBankError extends Refusal {}

/**
 * A donor who left card checkout pays by bank transfer instead: the pledge becomes a bank pledge
 * (audited), and gets what a bank pledge gets when it is made: the e-mail with the bank details
 * and reference, the staff alert, and later the reminder. Asking again changes nothing more.
 */
export async function switchCardPledgeToBank(reference: string): Promise<Pledge> {
  const charity = await getCharitySettings();
  let queued = false;
  const result = await immediateTransaction(getDb(), async (trx): Promise<Pledge> => {
    const pledge = await getPledgeByReference(trx, reference);
    if (!pledge) throw new CardToBankError(cardGiftRefusals.pledgeNotFound, 404);
    if (pledge.payBy === "bank") return pledge;
    if (pledge.cancelledAt) throw new CardToBankError(cardGiftRefusals.cancelled, 410);
    if (pledge.paidPence > 0 || pledge.refundedPence > 0) throw new CardToBankError(cardGiftRefusals.alreadyPaid);
    const switched = await markPledgeSwitchedToBank(trx, pledge.id);
    if (!switched) return (await getPledge(trx, pledge.id))!;
    await recordAudit(trx, {
      entity: "pledge",
      entityId: pledge.id,
      action: "pledge.switched-to-bank",
      detail: "Paying by card → bank transfer: the donor left card checkout to pay by bank transfer instead",
      actor: DONOR_ACTOR,
    });
    await queueBankPledgeMail(trx, switched, charity, nowDate());
    queued = true;
    return switched;
  });
  if (queued) {
    logger.info({ event: "pledge.switched_to_bank", pledge_id: result.id }, "Card pledge switched to bank");
  }
  return result;
}

/** Who a donor's own change is recorded as, in a pledge's history. */
export const DONOR_ACTOR = "donor";

/**
 * Which declarations a pledge just made can have, known to its transaction: one made with it,
 * and an earlier one of its supporter (none for a supporter made with the pledge). What cannot
 * exist is not looked for, two reads fewer on a new donor's pledge.
 */
export interface DeclarationsThatMayExist {
  withPledge: boolean;
  before: boolean;
}

/**
 * The declaration as the donor's e-mail quotes it: what they agreed to, when, and how to cancel.
 * A pledge made without one that the donor's earlier declaration covers (enduring Gift Aid) says
 * so: the e-mail goes to the address's owner only.
 */
export async function declarationCopy(
  trx: DB,
  pledgeId: number,
  declared: DeclarationsThatMayExist = { withPledge: true, before: true },
): Promise<GiftAidDeclarationCopy | null> {
  const copy = declared.withPledge ? await getDeclarationEmailCopy(pledgeId, trx) : null;
  if (!copy) {
    if (!declared.before) return null;
    const enduring = await getEnduringDeclarationEmailCopy(pledgeId, londonToday(), trx);
    if (!enduring) return null;
    const text = [enduring.lead, "", enduring.text, "", enduring.covers, ...enduring.notes].join("\n");
    return { text, howToCancel: enduring.howToCancel };
  }
  const text = [
    `${copy.heading}, made on ${formatLongDate(copy.declaredOn)}:`,
    "",
    copy.text,
    "",
    copy.covers,
    ...copy.notes,
  ].join("\n");
  return { text, howToCancel: copy.howToCancel };
}

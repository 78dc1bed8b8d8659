import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { enqueueMail } from "~/models/outbox.server";
import { createPledge, type Pledge, type PledgeInput } from "~/models/pledge.server";
import { adminPaths } from "~/utils/admin-paths";
import type { DonationInput, GiftAidDetails } from "~/schemas/donation";
import { londonToday } from "~/infra/clock.server";
import {
  addDeclaration,
  getDeclarationEmailCopy,
  getEnduringDeclarationEmailCopy,
} from "./gift-aid-declarations.server";
import { getCharitySettings } from "./charity-settings.server";
import { donorPledgeMail, staffPledgeAlert, type GiftAidDeclarationCopy } from "./mail-templates.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { formatLongDate } from "~/utils/dates";

/** What the donate form's valid submission pledges: the fields a pledge keeps, and how it is paid. */
export function pledgeOfDonation(donation: DonationInput, payBy: "card" | "bank"): Parameters<typeof submitPledge>[0] {
  const { type, amountPence, firstName, lastName, email, phone, inHonour, honoreeName, giftAidDeclaration } = donation;
  return {
    type,
    amountPence,
    firstName,
    lastName,
    email,
    phone,
    inHonour,
    honoreeName: honoreeName || null,
    giftAidDeclaration,
    payBy,
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
  options: { now?: Date; db?: DB } = {},
): Promise<Pledge> {
  const { giftAidDeclaration, ...pledgeInput } = input;
  const now = options.now ?? new Date();
  const { STAFF_EMAIL } = getEnv();
  const charity = await getCharitySettings();
  const pledge = await (options.db ?? getDb()).transaction().execute(async (trx) => {
    const pledge = await createPledge(trx, pledgeInput);
    if (giftAidDeclaration) await addDeclaration(trx, pledge, giftAidDeclaration);
    // A card gift is thanked (and staff told) when Stripe says the money arrived; until then
    // it is only a started payment, and the bank-transfer e-mail would say the wrong thing.
    if (pledge.payBy === "card") return pledge;
    const donor = donorPledgeMail(pledge, await declarationCopy(trx, pledge.id), charity);
    await enqueueMail(trx, { kind: "pledge.donor", to: pledge.email, pledgeId: pledge.id, ...donor }, now);
    if (STAFF_EMAIL) {
      const alert = staffPledgeAlert(pledge, absoluteUrl(adminPaths.donation(pledge.id)), charity);
      await enqueueMail(trx, { kind: "pledge.staff", to: STAFF_EMAIL, pledgeId: pledge.id, ...alert }, now);
    }
    return pledge;
  });
  return pledge;
}

/**
 * The declaration as the donor's e-mail quotes it: what they agreed to, when, and how to cancel.
 * A pledge made without one that the donor's earlier declaration covers (enduring Gift Aid) says
 * so: the e-mail goes to the address's owner only.
 */
export async function declarationCopy(trx: DB, pledgeId: number): Promise<GiftAidDeclarationCopy | null> {
  const copy = await getDeclarationEmailCopy(pledgeId, trx);
  if (!copy) {
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

// What a donor sees at Your giving (/giving): their gifts (net of refunds, with the Gift Aid on
// each), pledges, declarations, statements, and their own data to download. What they change is
// in donor-changes.server.ts, how they sign in in donor-sign-in.server.ts
// (docs/decisions/0028-your-giving.md).
import { BY_THE_DONOR, DONOR_ACTOR, givingWords, type donorPledgeStatus } from "~/content/giving";
import { directDebitWords } from "~/content/direct-debit";
import { nowDate } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { getDeclaration, listDeclarationsOfSupporters, type Declaration } from "~/gift-aid/index.server";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { directDebitStatusLine, listPledgesOfSupporter, outstandingPence } from "~/giving/index.server";
import { receivesNewsletter } from "~/publishing/index.server";
import { recordAudit } from "~/site/index.server";
import { listSupporterEmails, listSupporterPayments } from "~/supporters/models/supporter.server";
import { toLondonDay } from "~/utils/dates";
import { netOfRefunds } from "~/utils/refund-netting";
import { taxYearLabel } from "~/utils/tax-year";
import { DonorPortalError } from "./donor-refusals.server";
import { supporterTaxYears } from "./giving-statements.server";
import { addressesFor, findPersonalData, subjectAccessExport } from "./privacy.server";
import { getSupporterPage } from "./supporters.server";

export interface DonorGiftRow {
  paymentId: number;
  reference: string;
  receivedOn: string;
  /** What the donor gave, less what was refunded of it. */
  amountPence: number;
  refundedPence: number;
  method: "manual" | "bank-import" | "card";
  giftAidPence: number;
  giftAid: "claimed" | "to-claim" | "none";
}

export interface DonorDeclarationRow {
  id: number;
  declaredOn: string;
  /** The exact words the donor agreed to, and their version. */
  text: string;
  version: string;
  coversPastFourYears: boolean;
  cancelledOn: string | null;
  covers: { paymentId: number; reference: string; receivedOn: string; amountPence: number }[];
  /**
   * Made on a public form with their address after their first gift, not confirmed: the name and
   * address it was made with (typed by whoever made it; shown only to the address's owner), so
   * they can confirm it is theirs. Null for one that covers all their gifts.
   */
  waiting: { name: string; address: string } | null;
}

export interface DonorPortal {
  name: string | null;
  email: string;
  gifts: DonorGiftRow[];
  pledges: {
    reference: string;
    type: "one-time" | "monthly";
    amountPence: number;
    createdAt: string;
    status: keyof typeof donorPledgeStatus;
    /** What a one-time bank-transfer pledge still awaits (0 for a monthly gift or a card gift). */
    outstandingPence: number;
    payBy: "bank" | "card";
    /** A Direct Debit gift: its state and next collection in words (with the Guarantee's advance-notice promise), else null. */
    directDebit: { status: string | null; notice: string } | null;
    /** A monthly gift the donor can stop here (a standing order, or a card gift with its Stripe subscription). */
    stoppable: boolean;
  }[];
  declarations: DonorDeclarationRow[];
  /** Whether their address gets the newsletter now. */
  newsletter: boolean;
  /** Tax years with a gift, newest first: a statement of each can be downloaded. */
  statementYears: { year: number; label: string }[];
}

/** A declaration waiting for its address's owner to confirm it: who it names. */
function waitingOf(d: Declaration | undefined): DonorDeclarationRow["waiting"] {
  if (!d || !d.ownGiftOnly || d.confirmedAt !== null || d.cancelledAt !== null) return null;
  return {
    name: [d.title, d.firstName, d.lastName].filter(Boolean).join(" "),
    address: [`${d.house} ${d.street}`, d.town, d.postcode].join(", "),
  };
}

/** What the signed-in donor sees: their gifts (net of refunds, with the Gift Aid on each), pledges and declarations. */
export async function getDonorPortal(supporterId: number, db: DB = getDb()): Promise<DonorPortal> {
  const page = await getSupporterPage(supporterId, db);
  if (!page) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  const [payments, pledges, declarationMap, years] = await Promise.all([
    listSupporterPayments(db, supporterId),
    listPledgesOfSupporter(db, supporterId),
    listDeclarationsOfSupporters(db, [supporterId]),
    supporterTaxYears(supporterId, db),
  ]);
  const wording = new Map((declarationMap.get(supporterId) ?? []).map((d) => [d.id, d]));
  const covered = new Map<number, boolean>();
  for (const declaration of page.declarations) {
    for (const gift of declaration.covers) covered.set(gift.paymentId, gift.claimId !== null);
  }
  const gifts: DonorGiftRow[] = netOfRefunds(payments)
    .map(({ payment: p, refundedPence, keptPence: amountPence }) => {
      const claimed = covered.get(p.id);
      const giftAid: DonorGiftRow["giftAid"] =
        claimed === undefined || amountPence === 0 ? "none" : claimed ? "claimed" : "to-claim";
      return {
        paymentId: p.id,
        reference: p.reference,
        receivedOn: p.receivedOn,
        amountPence,
        refundedPence,
        method: p.method,
        giftAidPence: giftAid === "none" ? 0 : giftAidOnPence(amountPence),
        giftAid,
      };
    })
    .reverse();
  return {
    name: page.supporter.displayName,
    email: page.emails[0]?.address ?? "",
    gifts,
    pledges: pledges
      .map((p) => ({
        reference: p.reference,
        type: p.type,
        amountPence: p.amountPence,
        createdAt: p.createdAt,
        status: p.status,
        outstandingPence: p.status === "pending" && p.payBy === "bank" ? outstandingPence(p) : 0,
        payBy: p.payBy,
        directDebit: p.directDebit
          ? { status: directDebitStatusLine(p), notice: directDebitWords.advanceNotice }
          : null,
        stoppable: p.type === "monthly" && !p.cancelledAt && (p.payBy === "bank" || p.stripeSubscription !== null),
      }))
      .reverse(),
    declarations: page.declarations
      .map((d) => ({
        id: d.id,
        declaredOn: d.declaredOn,
        text: wording.get(d.id)?.text ?? "",
        version: wording.get(d.id)?.version ?? "",
        coversPastFourYears: d.coversPastFourYears,
        cancelledOn: d.cancelledOn,
        waiting: waitingOf(wording.get(d.id)),
        covers: d.covers.map(({ paymentId, reference, receivedOn, amountPence }) => ({
          paymentId,
          reference,
          receivedOn,
          amountPence,
        })),
      }))
      .reverse(),
    statementYears: years.map((year) => ({ year, label: taxYearLabel(year) })),
    newsletter: page.emails[0] ? await receivesNewsletter(page.emails[0].address) : false,
  };
}

/** One of the donor's own declarations, read in `db`; a 404 DonorPortalError when there is none or it is not theirs. */
export async function theirDeclaration(db: DB, supporterId: number, declarationId: number): Promise<Declaration> {
  const declaration = await getDeclaration(db, declarationId);
  if (!declaration || declaration.supporterId !== supporterId) {
    throw new DonorPortalError(givingWords.noSuchDeclaration, 404);
  }
  return declaration;
}

/** One of the donor's own declarations, for the confirmation page; a 404 DonorPortalError when it is not theirs. */
export async function getDonorDeclaration(
  supporterId: number,
  declarationId: number,
): Promise<{ id: number; declaredOn: string; cancelledOn: string | null }> {
  const declaration = await theirDeclaration(getDb(), supporterId, declarationId);
  return {
    id: declaration.id,
    declaredOn: toLondonDay(declaration.declaredAt),
    cancelledOn: declaration.cancelledAt ? toLondonDay(declaration.cancelledAt) : null,
  };
}

/**
 * The donor's own subject access export (the privacy export staff make, for every address of
 * theirs), as JSON; the download is audited on their record as their own.
 */
export async function donorDataExport(supporterId: number): Promise<string> {
  const db = getDb();
  const [primary] = await listSupporterEmails(db, supporterId);
  if (!primary) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  const data = await findPersonalData(primary.address, db);
  const addresses = await addressesFor(primary.address, db);
  await recordAudit(db, {
    entity: "supporter",
    entityId: supporterId,
    action: "donor.data-downloaded",
    detail: `Personal data downloaded ${BY_THE_DONOR}`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
  return JSON.stringify(subjectAccessExport(primary.address, data, nowDate(), addresses), null, 2);
}

import { getDb } from "~/infra/db.server";
import { listDeclarationsOfPledgeSupporter } from "~/gift-aid/models/gift-aid.server";
import type { Payment, PaymentClaim } from "~/giving/index.server";
import { coveringDeclaration, giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { coverOf } from "./gift-aid-claims.server";

// A pledge's Gift Aid as its page shows it: which declarations its supporter has, and for each
// gift whether one covers it (and why not), what was claimed and in which batch, on what the
// donor kept (each gift less its refunds). The same rule the claims follow (coveringDeclaration).

export interface PledgeGiftAidGift {
  paymentId: number;
  receivedOn: string;
  /** What the donor kept of it: the amount less its refunds. */
  keptPence: number;
  refundedPence: number;
  state: "claimed" | "claimable" | "not-covered" | "refunded";
  /** The declaration that covers it, if one does. */
  declarationId: number | null;
  /** Why it is not covered, in words staff read. */
  reason: string | null;
  /** The claim batch it is in, the donation claimed on and the Gift Aid that adds. */
  claim: (PaymentClaim & { giftAidPence: number }) | null;
  /** The Gift Aid it adds (claimed, or claimable now). */
  giftAidPence: number;
}

export interface PledgeGiftAid {
  declarations: { id: number; declaredOn: string; cancelledOn: string | null; onThisPledge: boolean }[];
  gifts: PledgeGiftAidGift[];
  /** Gift Aid claimed in batches on this pledge's gifts. */
  claimedPence: number;
  /** Gift Aid claimable now on its gifts not yet in a batch. */
  claimablePence: number;
}

/** The pledge's Gift Aid, from its payments (with their claim batches) as its page lists them. */
export async function pledgeGiftAid(
  pledgeId: number,
  payments: readonly (Payment & { claim: PaymentClaim | null })[],
): Promise<PledgeGiftAid> {
  const declarations = await listDeclarationsOfPledgeSupporter(getDb(), pledgeId);
  const covers = declarations.map(coverOf);
  const refunded = new Map<number, number>();
  for (const p of payments) {
    if (p.refundOf !== null) refunded.set(p.refundOf, (refunded.get(p.refundOf) ?? 0) - p.amountPence);
  }
  const gifts = payments
    .filter((p) => p.amountPence > 0)
    .map((p): PledgeGiftAidGift => {
      const refundedPence = refunded.get(p.id) ?? 0;
      const keptPence = p.amountPence - refundedPence;
      const base = { paymentId: p.id, receivedOn: p.receivedOn, keptPence, refundedPence };
      if (p.claim) {
        const giftAidPence = giftAidOnPence(p.claim.claimedPence);
        return {
          ...base,
          state: "claimed",
          declarationId: null,
          reason: null,
          claim: { ...p.claim, giftAidPence },
          giftAidPence,
        };
      }
      if (keptPence <= 0) {
        return {
          ...base,
          state: "refunded",
          declarationId: null,
          reason: "Refunded in full: no longer a gift",
          claim: null,
          giftAidPence: 0,
        };
      }
      const cover = coveringDeclaration(p.receivedOn, covers);
      return cover.covered
        ? {
            ...base,
            state: "claimable",
            declarationId: cover.declarationId,
            reason: null,
            claim: null,
            giftAidPence: giftAidOnPence(keptPence),
          }
        : { ...base, state: "not-covered", declarationId: null, reason: cover.reason, claim: null, giftAidPence: 0 };
    });
  const sum = (state: PledgeGiftAidGift["state"]) =>
    gifts.filter((g) => g.state === state).reduce((total, g) => total + g.giftAidPence, 0);
  return {
    declarations: declarations.map((d, i) => ({
      id: d.id,
      declaredOn: covers[i].declaredOn,
      cancelledOn: covers[i].cancelledOn,
      onThisPledge: d.pledgeId === pledgeId,
    })),
    gifts,
    claimedPence: sum("claimed"),
    claimablePence: sum("claimable"),
  };
}

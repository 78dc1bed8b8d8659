import { giftAidOnPence } from "./gift-aid";
import { taxYearOf, type TaxYear } from "~/utils/tax-year";

// The Gift Aid Small Donations Scheme (GASDS) claim for one tax year, worked out from the small
// donations staff recorded and the Gift Aid donations claimed in the same tax year. Pure: the
// service reads the rows, this decides. The rules (docs/gift-aid.md, HMRC:
// https://www.gov.uk/claiming-a-top-up-payment-on-small-charitable-donations and the
// Small Charitable Donations Act 2012, section 1: https://www.legislation.gov.uk/ukpga/2012/23/section/1):
// - a small donation is a cash or contactless gift of £30 or less (no declaration needed);
// - the small donations claimed in a tax year are at most £8,000 (so at most £2,000 of top-up);
// - and at most 10 times the Gift Aid donations claimed in the same tax year (the matching rule);
// - the top-up is worked out like Gift Aid: 25p per £1, rounded down to the penny.

/** Each gift must be £30 or less. */
export const GASDS_GIFT_LIMIT_PENCE = 3_000;
/** Small donations a charity (not connected, no community buildings) may claim on in a tax year. */
export const GASDS_YEARLY_LIMIT_PENCE = 800_000;
/** The matching rule: small donations at most this many times the Gift Aid donations claimed. */
export const GASDS_MATCHING_MULTIPLE = 10;

export type SmallDonationKind = "gift" | "collection";
export type SmallDonationMethod = "cash" | "contactless";

export interface SmallDonationFigures {
  collectedOn: string;
  amountPence: number;
  kind: SmallDonationKind;
}

/**
 * Whether a recorded small donation can be claimed on. A single gift counts when it is £30 or
 * less; a collection is many gifts which staff confirmed were each £30 or less when recording it
 * (a larger gift in a collection is recorded on its own as a gift, and then is not eligible).
 */
export function isEligibleSmallDonation(donation: Pick<SmallDonationFigures, "amountPence" | "kind">): boolean {
  if (donation.amountPence <= 0) return false;
  return donation.kind === "collection" || donation.amountPence <= GASDS_GIFT_LIMIT_PENCE;
}

/** The GASDS top-up on an amount of small donations: like Gift Aid, 25p per £1, rounded down. */
export function gasdsTopUpPence(donationsPence: number): number {
  return giftAidOnPence(donationsPence);
}

export type GasdsLimit = "none" | "yearly-limit" | "matching-rule";

export interface GasdsClaim {
  year: TaxYear;
  /** Eligible small donations collected in the tax year. */
  eligiblePence: number;
  eligibleCount: number;
  /** Recorded in the tax year but not eligible (single gifts over £30). */
  notEligiblePence: number;
  notEligibleCount: number;
  /** Gift Aid donations claimed in the tax year (the matching rule's base). */
  giftAidDonationsPence: number;
  /** £8,000. */
  yearlyLimitPence: number;
  /** 10 × the Gift Aid donations. */
  matchingLimitPence: number;
  /** What can be claimed on: the lowest of the eligible total and the two limits. */
  claimablePence: number;
  /** Which limit cut the claim down, if any (the lower one when both do). */
  limitedBy: GasdsLimit;
  /** 25% of the claimable donations. */
  topUpPence: number;
}

/**
 * The claim for `year` from every recorded small donation (those outside the year are ignored)
 * and the Gift Aid donations claimed in that year.
 */
export function gasdsClaim(
  year: TaxYear,
  donations: readonly SmallDonationFigures[],
  giftAidDonationsPence: number,
): GasdsClaim {
  let eligiblePence = 0;
  let eligibleCount = 0;
  let notEligiblePence = 0;
  let notEligibleCount = 0;
  for (const donation of donations) {
    if (taxYearOf(donation.collectedOn) !== year) continue;
    if (isEligibleSmallDonation(donation)) {
      eligiblePence += donation.amountPence;
      eligibleCount += 1;
    } else {
      notEligiblePence += donation.amountPence;
      notEligibleCount += 1;
    }
  }
  const matchingLimitPence = Math.max(0, giftAidDonationsPence) * GASDS_MATCHING_MULTIPLE;
  const claimablePence = Math.min(eligiblePence, GASDS_YEARLY_LIMIT_PENCE, matchingLimitPence);
  let limitedBy: GasdsLimit = "none";
  if (claimablePence < eligiblePence) {
    limitedBy = matchingLimitPence < GASDS_YEARLY_LIMIT_PENCE ? "matching-rule" : "yearly-limit";
  }
  return {
    year,
    eligiblePence,
    eligibleCount,
    notEligiblePence,
    notEligibleCount,
    giftAidDonationsPence,
    yearlyLimitPence: GASDS_YEARLY_LIMIT_PENCE,
    matchingLimitPence,
    claimablePence,
    limitedBy,
    topUpPence: gasdsTopUpPence(claimablePence),
  };
}

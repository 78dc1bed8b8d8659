import { GIFT_AID_PENCE_PER_POUND } from "./gift-aid";

// The Gift Aid Small Donations Scheme (GASDS) screen's wording, with HMRC's guidance it follows.
// The figures themselves are in app/gift-aid/utils/gasds.ts.

/** HMRC's guidance, checked on 25 November 2026. */
export const GASDS_GUIDANCE_URL = "https://www.gov.uk/claiming-a-top-up-payment-on-small-charitable-donations";
/** The law behind the limits (section 1: the £8,000 and the matching rule). */
export const GASDS_ACT_URL = "https://www.legislation.gov.uk/ukpga/2012/23/section/1";

export const smallDonationsStaff = {
  title: "Small donations (GASDS)",
  intro:
    "Cash and contactless gifts of £30 or less given without a Gift Aid declaration, such as a collection at the charity gala, " +
    `can earn a top-up of ${GIFT_AID_PENCE_PER_POUND}p per £1 under the Gift Aid Small Donations Scheme. ` +
    "They are claimed from HMRC apart from the Gift Aid schedule.",
  rules: [
    "Each gift must be £30 or less, in cash or contactless. A collection counts when no gift in it was over £30; record a larger gift on its own (it is then listed as not eligible).",
    "At most £8,000 of small donations a tax year (6 April to 5 April), so at most £2,000 of top-up.",
    "At most 10 times the Gift Aid donations claimed in the same tax year (HMRC's matching rule): the donations in this site's Gift Aid claim batches with a donation date in the year.",
    "Gifts that came with a Gift Aid declaration, membership fees and bank transfers do not count.",
  ],
  guidanceLabel: "HMRC: Claim top-up payments for the Gift Aid Small Donations Scheme",
  limitedBy: {
    none: "No limit cuts this claim down.",
    "yearly-limit": "The yearly limit of £8,000 cuts this claim down.",
    "matching-rule":
      "The matching rule cuts this claim down: claim Gift Aid on more donations in this tax year to claim more.",
  },
  linkFromGiftAid: "Small donations (GASDS): record cash and contactless collections and see the top-up claim",
} as const;

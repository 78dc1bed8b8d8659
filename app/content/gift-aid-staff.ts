// What staff read about Gift Aid on the claim screens, on the rate of gift-aid.ts.
import { GIFT_AID_PENCE_PER_POUND } from "./gift-aid";

export const GIFT_AID_ROUNDING_NOTE = `Gift Aid is ${GIFT_AID_PENCE_PER_POUND}p for every £1 of the batch's total donations, rounded down to the whole penny.`;

export const giftAidStaff = {
  sectionTitle: "Gift Aid",
  intro: `Payments we can claim Gift Aid on (${GIFT_AID_PENCE_PER_POUND}p per £1 of what the donor kept, after any refund): received payments, on any pledge, of supporters whose Gift Aid declaration covers the day the money arrived (made before it, or up to 4 years after it when it covers past gifts, and not cancelled on or before that day), not yet in a claim batch.`,
  rejectedIntro:
    "HMRC would reject these rows, so they are left out of any batch. Correct the declaration (or ask the donor) and they come back here.",
  submittedLocked: "This batch was submitted to HMRC: nothing in it can change.",
  adjustmentNote: (giftAid: string, refunded: string) =>
    `Adjustment for the next claim: ${giftAid} of Gift Aid was over-claimed in submitted batches (${refunded} of those gifts refunded since). The next batch deducts it (HMRC's "Adjustment" figure).`,
  scheduleNote:
    "The schedule is laid out as HMRC's own Gift Aid schedule spreadsheet for Charities Online (Box 1, the earliest donation date; Box 2, any old Gift Aid adjustment; the donations table). Attach the OpenDocument file (.ods) to your Charities Online claim as it is; a batch of more than 1,000 rows comes as one file per 1,000 rows, one claim each. Keep the CSV for your records.",
} as const;

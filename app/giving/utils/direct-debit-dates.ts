import { addWorkingDays } from "~/utils/working-days";

// When a Direct Debit's collections are due (docs/payments.md, "Direct Debit", Timings): pure, so
// the staff page, the return page, the e-mails and Your giving say the same day.

/** Bacs: a new mandate's first collection takes up to 7 working days. */
export const FIRST_COLLECTION_WORKING_DAYS = 7;

/** The first collection of a mandate set up on `setUpOn` (YYYY-MM-DD): 7 Bacs working days later. */
export function firstCollectionOn(setUpOn: string): string {
  return addWorkingDays(setUpOn, FIRST_COLLECTION_WORKING_DAYS);
}

/**
 * The next collection a Direct Debit gift is due: the day kept with it (set at set-up, then from
 * Stripe's billing period at each collection), else 7 working days after it was set up (or made).
 */
export function nextCollectionDue(pledge: {
  ddNextCollectionOn: string | null;
  ddSetUpOn: string | null;
  createdAt: string;
}): string {
  return pledge.ddNextCollectionOn ?? firstCollectionOn(pledge.ddSetUpOn ?? pledge.createdAt.slice(0, 10));
}

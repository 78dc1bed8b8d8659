// When something waiting is worth the staff's attention (the overview's thresholds). Client-safe:
// the overview page shows them.

/** A one-time pledge unpaid this long is highlighted: the donor may need a reminder. */
export const OLD_PLEDGE_DAYS = 14;
/** A standing order this long without a payment has probably stopped. */
export const QUIET_MONTHLY_DAYS = 45;

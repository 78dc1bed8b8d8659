// Supporters (people) as pure rules shared by the model, the service and the tests.

/**
 * The key a supporter is found by: the address trimmed and lower-cased. Nothing else is merged
 * ("a.b+x@gmail.com" and "ab@gmail.com" stay two people until staff merge them).
 */
export function normaliseSupporterEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The supporters list's filters (all optional, combined with "and"). */
export interface SupporterQuery {
  /** Start of a name or e-mail address, or of a pledge reference ("CHA-8K2M", "8k2m"). */
  q?: string;
  /** Has a Gift Aid declaration that is not cancelled. */
  giftAid?: boolean;
  /** Gave (a payment received) on or after this day, YYYY-MM-DD. */
  gaveFrom?: string;
  /** Gave on or before this day, YYYY-MM-DD. */
  gaveTo?: string;
  /** monthly: a standing order active today; lapsed: a standing order with no payment for 45 days. */
  monthly?: "monthly" | "lapsed";
}

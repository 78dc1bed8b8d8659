// The page Checkout sends a card or Direct Debit donor back to: what it may show of the gift
// (never who the donor is), and whether money arrived. docs/payments.md, "Coming back".
import { getDb } from "~/infra/db.server";
import { getStripe } from "~/infra/stripe.server";
import { getPledgeByReference, type Pledge } from "~/giving/models/pledge.server";
import { formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { nextCollectionDue } from "~/giving/utils/direct-debit-dates";
import { directDebitWords } from "~/content/direct-debit";

/** Whether money ever arrived for the pledge (a refund later does not make it unpaid). */
export function everReceived(pledge: Pledge): boolean {
  return pledge.paidPence + pledge.refundedPence > 0;
}

/** The return page's words for a Direct Debit gift: set up (and when the first collection is due), or being set up. */
function directDebitReturnLine(pledge: Pledge): string {
  if (!pledge.ddState || pledge.ddState === "ended") return directDebitWords.returnWaiting;
  const due = nextCollectionDue(pledge);
  return directDebitWords.returnSetUp(formatLongDate(`${due}T12:00:00Z`));
}

/** What the return page shows: never who the donor is, only the gift and whether money arrived. */
export async function cardReturnStatus(reference: string) {
  const pledge = await getPledgeByReference(getDb(), reference);
  if (!pledge || pledge.payBy !== "card") return undefined;
  return {
    reference: pledge.reference,
    amount: formatPence(pledge.amountPence),
    type: pledge.type,
    received: everReceived(pledge),
    canRetry: getStripe() !== null && !everReceived(pledge) && !pledge.cancelledAt,
    // A Direct Debit takes nothing at Checkout: the page says the mandate is set up and when the first collection is due.
    directDebit: pledge.directDebit ? directDebitReturnLine(pledge) : null,
    /** A gift through a supporter's page: the page leads back to it. */
    fundraisingPageId: pledge.fundraisingPageId,
  };
}

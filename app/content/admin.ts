// Words the staff dashboard shows, defined once so pages and tests agree.
import { formatPence } from "~/utils/money";

export const adminMessages = {
  deleteConfirmation: "Are you sure you want to delete this news article?",
  saveError: "Error saving news article",
  deleteError: "Error deleting news article",
  emptyList: "No news articles yet.",
  notFound: "Article not found",
} as const;

/** Why a pledge cannot be cancelled or a payment removed (giving/services/donations.server.ts refuses with these). */
export const donationRefusals = {
  paidInFull: "This pledge is paid in full: there is nothing to cancel.",
  alreadyCancelled: "This pledge is already cancelled.",
  paymentClaimed: (claimId: number, submitted: boolean) =>
    submitted
      ? `This payment is in Gift Aid claim batch ${claimId}, which was submitted to HMRC: it cannot be removed. If the money was not received, tell HMRC in your next claim.`
      : `This payment is in Gift Aid claim batch ${claimId}, not yet submitted. Delete that batch first (its other payments become claimable again), then remove the payment.`,
  refundTooLarge: (leftPence: number) =>
    leftPence > 0
      ? `That is more than is left of this payment to give back: at most ${formatPence(leftPence)}.`
      : "This payment has been given back in full already: there is nothing left to refund.",
  paymentRefunded:
    "Part of this payment has been given back: remove its refunds first (if they were recorded by mistake), then the payment.",
  refundBeforePayment: (receivedOn: string) =>
    `Money cannot be given back before it arrived: enter ${receivedOn} or a later day.`,
} as const;

/** What the card gift service says when it cannot change a monthly card gift or a card pledge. */
export const cardGiftRefusals = {
  notConfigured:
    "Card payments are not configured on this server, so the monthly card gift cannot be changed from here.",
  noSubscription: "This pledge has no monthly card gift running in Stripe.",
  cancelFailed: (reason: string) =>
    `Stripe did not cancel the subscription, so nothing has changed: ${reason}. Try again, or cancel it in the Stripe Dashboard.`,
  changeFailed: "Stripe did not change the monthly amount, so nothing has changed. Try again later.",
  pledgeNotFound: "Pledge not found",
  alreadyPaid: "This card pledge has been paid: it stays a card pledge.",
  cancelled: "This pledge is cancelled.",
} as const;

/** The admin list shows this many characters of each article (the public pages show 150). */
export const ADMIN_PREVIEW_LENGTH = 200;

// The giving domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { findPaymentByStripeId, netPenceOf, type Payment, type PaymentClaim } from "./models/payment.server";
export {
  countPledges,
  createPledge,
  getPledge,
  getPledgeByReference,
  lapseCutoff,
  listPledgesOfSupporter,
  markPledgeCancelled,
  outstandingPence,
  pledgeStatusWhere,
  referencePrefix,
  type Pledge,
} from "./models/pledge.server";
export {
  claimStripeEvent,
  deleteOldStripeEvents,
  listStripeEventsNeedingAttention,
  noteStripeEventAttention,
  type StripeEventAttention,
} from "./models/stripe-event.server";
export {
  BankImportError,
  confirmImport,
  previewImport,
  searchPledgesForLine,
  statementHeaders,
  type PledgeCandidate,
} from "./services/bank-import.server";
export { cardReturnPath } from "./services/card-checkout.server";
export { handleCardGiftEvent } from "./services/card-gift-events.server";
export { cardReturnStatus } from "./services/card-return.server";
export {
  CardGiftError,
  cancelCardSubscription,
  changeCardSubscriptionAmount,
} from "./services/card-subscriptions.server";
export { STRIPE_ACTOR, staffAlert, type Attention, type EventMail } from "./services/stripe-gift-events.server";
export { cardWaitStatus, retryCardGift, startCheckoutQueue, submitCardGift } from "./services/checkout-queue.server";
export { createCheckoutSession, expireCheckoutSession } from "./services/checkout-sessions.server";
export {
  directDebitOfPledge,
  directDebitStatusLine,
  handleDirectDebitEvent,
  lookupMandateCustomer,
  lookupSubscriptionPeriodEnd,
  mailDirectDebitChangeByDonor,
  recentDirectDebitProblems,
} from "./services/direct-debit.server";
export {
  PAYMENT_EXPORT_HEADER,
  PLEDGE_EXPORT_HEADER,
  paymentExportRows,
  pledgeExportRows,
} from "./services/donation-exports.server";
export {
  DonationError,
  cancelPledge,
  findPledge,
  findPledgeByReference,
  findPledgesPage,
  getPaymentOfPledge,
  getPledgeRecord,
  getRefundablePayment,
  recordManualPayment,
  refundPayment,
  removePayment,
  type PledgePayment,
} from "./services/donations.server";
export { GiftError, isBankLineImported, recordGift, type GiftBankLine } from "./services/gifts.server";
export { recordPayment, recordRefund } from "./services/ledger.server";
export { paymentsPage } from "./services/payments-list.server";
export {
  CardToBankError,
  declarationCopy,
  pledgeOfDonation,
  submitPledge,
  switchCardPledgeToBank,
} from "./services/pledges.server";
export { remindersEnabled, sendDueReminders, setRemindersEnabled } from "./services/receipts.server";

// The giving domain's server entry: what routes and other domains may call. Its insides
// (services, models, schemas) are reached through here only (.dependency-cruiser.cjs).
export { findPaymentByStripeId, netPenceOf } from "./models/payment.server";
export type { Payment, PaymentClaim } from "./models/payment.server";
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
} from "./models/pledge.server";
export type { Pledge } from "./models/pledge.server";
export {
  claimStripeEvent,
  deleteOldStripeEvents,
  listStripeEventsNeedingAttention,
  noteStripeEventAttention,
} from "./models/stripe-event.server";
export type { StripeEventAttention } from "./models/stripe-event.server";
export {
  BankImportError,
  confirmImport,
  previewImport,
  searchPledgesForLine,
  statementHeaders,
} from "./services/bank-import.server";
export type { PledgeCandidate } from "./services/bank-import.server";
export { cardReturnPath } from "./services/card-checkout.server";
export { handleCardGiftEvent } from "./services/card-gift-events.server";
export { cardReturnStatus } from "./services/card-return.server";
export {
  CardGiftError,
  cancelCardSubscription,
  changeCardSubscriptionAmount,
} from "./services/card-subscriptions.server";
export { STRIPE_ACTOR, staffAlert } from "./services/stripe-gift-events.server";
export type { Attention, EventMail } from "./services/stripe-gift-events.server";
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
} from "./services/donations.server";
export type { PledgePayment } from "./services/donations.server";
export { GiftError, isBankLineImported, recordGift } from "./services/gifts.server";
export type { GiftBankLine } from "./services/gifts.server";
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

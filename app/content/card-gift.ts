// The words of a card donor's own pages (the return from Stripe Checkout and the wait page),
// apart from donate.ts: the donate page's JavaScript does not carry them.

export const cardReturn = {
  confirmingTitle: "Thank you for your gift",
  confirmingLead: "Your payment is being confirmed. You will receive a thank-you e-mail as soon as it reaches us.",
  receivedLead: "Your payment has reached us. Thank you.",
  /** Said while the page refreshes itself, waiting for Stripe's word that the payment arrived. */
  checking: "This page checks again by itself every few seconds.",
  /** Seconds between the page's own refreshes while the payment is being confirmed. */
  refreshSeconds: 5,
  /** The page stops refreshing itself after this many checks (about 2 minutes); the e-mail follows. */
  maxChecks: 24,
  cancelledTitle: "Your payment was not completed",
  cancelledLead: "No money has been taken. You can try again, or pay by bank transfer with your payment reference.",
} as const;

/** What both card donor pages show: the gift, the two ways on, and whom to write to. */
export const cardGiftPanel = {
  heading: "Your gift",
  bank: "Pay by bank transfer instead",
  retry: "Try the card payment again",
  questions: "Questions about your gift? Write to",
  quoteReference: "quoting your reference.",
} as const;

/** The page a card donor waits on while many people give at once (Stripe's rate limit). */
export const cardWait = {
  title: "Preparing your secure card payment",
  lead: "Many people are giving right now. Your gift is saved and no money has been taken yet.",
  waiting:
    "This page moves on to the card payment by itself in a few seconds. Please keep it open; you do not need to do anything.",
  slow: "This is taking longer than usual. You can keep waiting, or pay by bank transfer instead with your payment reference.",
  failedTitle: "We could not start your card payment",
  failedLead:
    "No money has been taken. You can try the card payment again, or pay by bank transfer with your payment reference.",
  checkNow: "Check now",
  /** Seconds between the page's own refreshes. */
  refreshSeconds: 3,
  /** After this long the page says it is slow. */
  slowAfterSeconds: 30,
} as const;

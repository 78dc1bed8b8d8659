// Monthly gifts by Direct Debit (Stripe Bacs through Checkout): the words donors and staff see.
// The Direct Debit Guarantee is Stripe's, unedited, as Bacs requires (Stripe is the service user
// that collects; stripe.com/legal/bacs-direct-debit-guarantee). docs/payments.md.

export const directDebitGuarantee = {
  heading: "The Direct Debit Guarantee",
  points: [
    "This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits",
    "If there are any changes to the amount, date or frequency of your Direct Debit Stripe will notify you 2 working days in advance of your account being debited or as otherwise agreed. If you request Stripe to collect a payment, confirmation of the amount and date will be given to you at the time of the request",
    "If an error is made in the payment of your Direct Debit, by Stripe or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society",
    "If you receive a refund you are not entitled to, you must pay it back when Stripe asks you to",
    "You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.",
  ],
} as const;

/**
 * Shown where the Direct Debit logo would sit (the Guarantee's box, top right): the scheme's name as
 * plain text, in the site's own type. Not the logo and no drawing of it: Bacs' artwork comes from
 * its Information Hub with guidelines, and publishing it needs the written approval of the sponsoring
 * payment service provider (Stripe for this charity), neither of which can be had from here; Stripe's
 * own Checkout page, where the donor gives the mandate, shows the logo. docs/payments.md.
 */
export const directDebitMark = "Direct Debit";

/** The Guarantee as plain text (e-mails). */
export function guaranteeText(): string {
  return [directDebitGuarantee.heading, ...directDebitGuarantee.points.map((p) => `- ${p}`)].join("\n");
}

/** The donate form's option. */
export const directDebitOption = {
  value: "direct-debit",
  label: "Monthly by Direct Debit",
  hint: "Monthly gifts only. You give your sort code and account number on Stripe's secure page; the first collection takes up to 7 working days.",
} as const;

export const directDebitWords = {
  oneOffRefused: "Direct Debit is for monthly gifts only: choose Monthly, or pay by card or bank transfer.",
  /** Staff, the thank-you page and the e-mail: the mandate is set up, nothing collected yet. */
  mandateSetUp: (due: string) => `Direct Debit: mandate set up, first collection due about ${due}`,
  collecting: (next: string | null) =>
    next ? `Direct Debit: collecting monthly, next collection due about ${next}` : "Direct Debit: collecting monthly",
  failed: "Direct Debit: the latest collection failed",
  ended: "Direct Debit: cancelled",
  waiting: "Direct Debit: being set up",
  methodLabel: "Direct Debit (Stripe)",
  advanceNotice:
    "Stripe, who collect your Direct Debit for us, tell you 2 working days before any change to the amount or date is collected, as the Direct Debit Guarantee promises.",
  returnSetUp: (due: string) =>
    `Your Direct Debit is set up. Nothing has been taken yet: your first collection is due about ${due}, and Stripe will e-mail you before it.`,
  returnWaiting:
    "Your Direct Debit is being set up with Stripe. Nothing has been taken yet: the first collection takes up to 7 working days.",
  failedSubject: (charity: string) => `Your Direct Debit to ${charity} could not be collected`,
  failedBody: (name: string, amount: string, retry: string | null) =>
    [
      `Dear ${name},`,
      `Your bank did not pay this month's Direct Debit of ${amount}. Nothing was taken.`,
      retry
        ? `Stripe will try again about ${retry}. Please make sure there is enough money in the account by then.`
        : "Stripe will not try this collection again.",
      "If your bank details have changed, or you would rather stop, you can cancel the Direct Debit at Your giving on our website, or with your bank, and set up a new monthly gift. If you think this is a mistake, please contact your bank or reply to this e-mail.",
    ].join("\n\n"),
  endedSubject: (charity: string) => `Your Direct Debit to ${charity} has stopped`,
  endedBody: (name: string, why: string) =>
    [
      `Dear ${name},`,
      `Your monthly Direct Debit to us has stopped (${why}). No further collections will be made, and we will not send you reminders about it.`,
      "Thank you for your support. If you did not mean to stop, you can set up a new monthly gift on our website at any time.",
    ].join("\n\n"),
  changedSubject: (charity: string) => `Your Direct Debit to ${charity} is changing`,
  changedBody: (name: string, amount: string) =>
    [
      `Dear ${name},`,
      `You asked to change your monthly Direct Debit to ${amount}. The new amount is collected from your next collection; Stripe, who collect it for us, will tell you at least 2 working days before it is taken, as the Direct Debit Guarantee promises.`,
    ].join("\n\n"),
  stoppedSubject: (charity: string) => `Your Direct Debit to ${charity} is cancelled`,
  stoppedBody: (name: string) =>
    [
      `Dear ${name},`,
      "You cancelled your monthly Direct Debit at Your giving. No further collections will be made. Thank you for your support.",
    ].join("\n\n"),
  setUpSubject: (charity: string) => `Your Direct Debit to ${charity} is set up`,
  setUpBody: (name: string, amount: string, due: string, reference: string) =>
    [
      `Dear ${name},`,
      `Thank you: your monthly gift of ${amount} by Direct Debit is set up (reference ${reference}). Nothing has been taken yet. Your first collection is due about ${due}; Stripe, who collect it for us, will e-mail you before each collection.`,
    ].join("\n\n"),
} as const;

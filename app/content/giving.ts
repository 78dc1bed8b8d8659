// Words of Your giving's signed-in pages (/giving/account and what follows). Asking for a link and
// the link's own page: giving-link.ts (kept apart, so those pages ship only their words); the
// e-mail's words: mail.ts.
import { GIVING_DESCRIPTION, GIVING_TITLE } from "./giving-link";
export { LINK_MINUTES } from "./giving-link";

export const DONOR_IDLE_MINUTES = 30;

export const givingWords = {
  title: GIVING_TITLE,
  description: GIVING_DESCRIPTION,
  signedInAs: (name: string) => `Signed in as ${name}`,
  signOut: "Sign out",
  signedOut: "You have signed out.",
  idleNote: `For your safety you are signed out after ${DONOR_IDLE_MINUTES} minutes without activity.`,
  giftsHeading: "Your gifts and payments",
  noGifts: "No payment has reached us yet.",
  giftsCaption: "Your gifts and payments",
  giftColumns: { date: "Date", reference: "Reference", amount: "Amount", method: "Method", giftAid: "Gift Aid added" },
  refundedNote: (amount: string) => `after ${amount} refunded`,
  giftAidClaimed: (amount: string) => `${amount} (claimed)`,
  giftAidToClaim: (amount: string) => `${amount} (to be claimed)`,
  giftAidNone: "None",
  pledgesHeading: "Your pledges",
  pledgeColumns: { reference: "Reference", made: "Made on", gift: "Gift", status: "Status" },
  declarationsHeading: "Your Gift Aid declarations",
  noDeclarations: "You have not made a Gift Aid declaration.",
  declarationTitle: (day: string) => `Declaration of ${day}`,
  declarationInForce: "In force: we add Gift Aid to the gifts it covers.",
  declarationCancelled: (day: string) => `Cancelled on ${day}.`,
  declarationCovers: "Gifts it covers",
  declarationCoversNone: "It covers no gift yet.",
  cancelDeclaration: "Cancel this declaration",
  cancelTitle: "Cancel your Gift Aid declaration?",
  cancelLead: (day: string) => `Your Gift Aid declaration of ${day}.`,
  cancelEffects: [
    "Gifts we have already claimed Gift Aid on stay claimed: nothing is taken back.",
    "Gifts we receive from today are not covered: we will not add Gift Aid to them.",
    "You can make a new declaration whenever you like.",
  ],
  cancelConfirm: "Yes, cancel my declaration",
  cancelKeep: "No, keep it",
  cancelled:
    "Your Gift Aid declaration is cancelled. Gifts already claimed stay claimed; gifts we receive from today are not covered.",
  alreadyCancelled: "This declaration is already cancelled.",
  noSuchDeclaration: "There is no such declaration of yours.",
  noSuchStatement: "There is no giving statement for that year.",
  statementsHeading: "Your giving statements",
  statementsLead:
    "Every gift we received from you in a UK tax year (6 April to 5 April), with the Gift Aid on each: useful for your Self Assessment tax return.",
  statementLink: (label: string) => `Statement for the tax year ${label} (PDF)`,
  noStatements: "A statement is ready once a gift has reached us.",
  toPayHeading: (reference: string) => `To pay pledge ${reference}`,
  toPayOnce: (amount: string) =>
    `Please send ${amount} by bank transfer to the account below, quoting the reference so we can match it to you.`,
  toPayMonthly:
    "Please set up a standing order with your bank to the account below, quoting the reference so we can match it to you.",
  declarationWording: (version: string) => `The words you agreed to (version ${version})`,
  declarationCoversPast: "It covers gifts of the 4 years before it, and every gift after it until you cancel it.",
  declarationCoversFuture: "It covers the gift it was made with and every gift after it until you cancel it.",
  noSuchPledge: "There is no such gift of yours.",
  notABankMonthly: "Only a monthly gift (by standing order or by card) can be stopped here.",
  notACardMonthly:
    "Only a monthly card gift's amount can be changed here; for a standing order, change it with your bank.",
  sameAmount: "That is already your monthly amount.",
  changeAmount: "Change the amount",
  changeTitle: "Change your monthly gift",
  changeLead: (amount: string, reference: string) => `Your monthly card gift is ${amount} (reference ${reference}).`,
  changeLabel: "New monthly amount in pounds",
  changeHint: "From your next payment. Nothing is taken today.",
  changeButton: "Change my monthly gift",
  cardStopFailed:
    "We could not reach our card payment service to stop your gift just now. Please try again in a few minutes, or write to us.",
  stopCard:
    "Your card will not be charged again: we cancel the monthly payments with our card payment service (Stripe) at once.",
  alreadyStopped: "This monthly gift is already stopped.",
  stopMonthly: "Stop this monthly gift",
  standingOrderChange:
    "To change the amount or the day, change the standing order with your bank (online banking, the app or a call), keeping the same reference. Nothing needs changing here.",
  stopTitle: "Stop your monthly gift?",
  stopLead: (amount: string, reference: string) => `Your monthly gift of ${amount} (reference ${reference}).`,
  stopBank:
    "A standing order is paid by your bank, not taken by us: please also cancel it with your bank (online banking, the app or a call), or the payments will go on.",
  stopEffects: [
    "We record that you stopped it today, and we will not ask you about it.",
    "Gifts that have already reached us stay as they are.",
  ],
  stopConfirm: "Yes, stop my monthly gift",
  stopKeep: "No, keep it",
  newsletterHeading: "What you hear from us",
  newsletterIsOn: "You get our newsletter at this address.",
  newsletterIsOff: "You do not get our newsletter.",
  newsletterTurnOn: "Send me the newsletter",
  newsletterTurnOff: "Stop the newsletter",
  dataHeading: "Your data",
  dataLead:
    "Download everything we hold about you (your gifts, declarations, subscriptions, messages and e-mails), as a file.",
  dataLink: "Download your data (JSON)",
  noSuchDonor: "We no longer hold gifts for this address.",
  detailsHeading: "Your name and home address",
  detailsLead:
    "The name and home address we hold for you. A Gift Aid declaration keeps the address it was made with; a new one records this one.",
  detailsNone: "We hold no home address for you yet.",
  detailsLink: "Change your name or address",
  detailsTitle: "Your name and home address",
  detailsIntro:
    "HMRC needs the home address of a donor who Gift Aids a gift. We use it for nothing else. Your Gift Aid declarations keep the address they were made with.",
  detailsButton: "Save my name and address",
  declareLink: "Make a Gift Aid declaration",
  declareTitle: "Make a Gift Aid declaration",
  declareLead:
    "Add 25p for every £1 you give, at no cost to you, if you are a UK taxpayer. By confirming you make this declaration:",
  declareAs: "It is made in your name and with your home address as we hold them:",
  declareChangeAddress: "Not right? Change your name or address first.",
  declareConfirm: "Yes, make this declaration",
  declareKeep: "No, go back",
  declareNeedsAddress: "We need your home address for a Gift Aid declaration: add it first.",
  declareAlreadyCovered: "You already have a Gift Aid declaration in force: it covers your gifts.",
  // A declaration made on a public form with this address after the supporter's first gift:
  // anyone can type anyone's address, so it covers only its own gift until the donor confirms it.
  declarationWaiting: (name: string, address: string) =>
    `Waiting for your confirmation: made on our website with your e-mail address, in the name ${name}${address ? `, home address ${address}` : ""}. Until you confirm it, it covers only the gift it was made with.`,
  confirmDeclaration: "Confirm this declaration",
  confirmTitle: "Confirm your Gift Aid declaration?",
  confirmLead: (day: string) => `The Gift Aid declaration made on ${day} with your e-mail address.`,
  confirmEffects: (name: string, address: string) => [
    `It was made in the name ${name}${address ? `, with the home address ${address}` : ""}. Confirm it only if these are your name and home address and you made it.`,
    "Once confirmed it covers all your gifts: the 4 years before it and every gift after it, until you cancel it.",
    "Not yours? Cancel it instead: it then covers nothing more, and your own details stay as they are.",
  ],
  confirmConfirm: "Yes, confirm my declaration",
  confirmKeep: "No, go back",
  nothingToConfirm: "This declaration is not waiting for confirmation.",
} as const;

/** How a payment arrived, as the donor reads it. */
export const donorMethodLabels = { manual: "Recorded by us", "bank-import": "Bank transfer", card: "Card" } as const;

/** What the staff page says of a change the donor made themselves. */
export const BY_THE_DONOR = "by the donor";

/** The actor every change a donor makes at Your giving is audited under (no staff username can be this: it has spaces). */
export const DONOR_ACTOR = "the donor (Your giving)";

/** A pledge's status as the donor reads it. */
export const donorPledgeStatus = {
  pending: "Awaiting payment",
  paid: "Paid, thank you",
  active: "Active",
  lapsed: "No payment lately",
  cancelled: "Cancelled",
} as const;

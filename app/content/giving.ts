// Words of Your giving (/giving), the donors' own pages. Its e-mail's words are in mail.ts.

export const LINK_MINUTES = 60;
export const DONOR_IDLE_MINUTES = 30;

export const givingWords = {
  title: "Your giving",
  description: "See your gifts and Gift Aid, and look after your details, through a link we e-mail you.",
  lead: "See your gifts, payments and Gift Aid, download your giving statements and look after your details. No password: we e-mail you a link that signs you in.",
  emailLabel: "Your e-mail address",
  emailHint: "The address you gave when you donated.",
  sendLink: "Send me a link",
  sending: "Sending...",
  sent: "If we hold gifts for that address, we have sent you a link. It works once, for 1 hour.",
  sentHint: "Nothing there after a few minutes? Check your spam folder, or try the address you used when you gave.",
  // The link page
  linkUsedTitle: "This link has already been used",
  linkUsedText: "Each link works once. Ask for a new one below and we will e-mail it to you.",
  linkExpiredTitle: "This link has expired",
  linkExpiredText: `A link works for ${LINK_MINUTES} minutes. Ask for a new one below and we will e-mail it to you.`,
  linkBadTitle: "This link does not work",
  linkBadText:
    "It may have been copied only in part. Open it again from the e-mail, or ask for a new one below and we will e-mail it to you.",
  newLinkHeading: "Get a new link",
  // Signed in
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
  // The confirmation
  cancelTitle: "Cancel your Gift Aid declaration?",
  cancelLead: (day: string) => `Your Gift Aid declaration of ${day}.`,
  cancelEffects: [
    "Gifts we have already claimed Gift Aid on stay claimed: nothing is taken back.",
    "Gifts we receive from today are not covered: we will not add Gift Aid to them.",
    "You can make a new declaration whenever you like.",
  ],
  cancelConfirm: "Yes, cancel my declaration",
  cancelKeep: "No, keep it",
  cancelled: "Your Gift Aid declaration is cancelled. Gifts already claimed stay claimed; later ones are not covered.",
  alreadyCancelled: "This declaration is already cancelled.",
  noSuchDeclaration: "There is no such declaration of yours.",
  noSuchDonor: "We no longer hold gifts for this address.",
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

// Words of Your giving's signed-out pages: asking for a link (/giving) and the link's own page
// when it does not work. The signed-in pages' words: giving.ts.

export const LINK_MINUTES = 60;
export const GIVING_TITLE = "Your giving";
/** The signed-in pages' description (their meta). */
export const GIVING_DESCRIPTION = "Your gifts, payments and Gift Aid.";

export const givingLinkWords = {
  title: GIVING_TITLE,
  description: "See your gifts and Gift Aid, and look after your details, through a link we e-mail you.",
  lead: "See your gifts, payments and Gift Aid, download your giving statements and look after your details. No password: we e-mail you a link that signs you in.",
  emailLabel: "Your e-mail address",
  emailHint: "The address you gave when you donated.",
  sendLink: "Send me a link",
  sending: "Sending...",
  /** The same answer for every address: it repeats the address typed, so a typo shows. */
  sent: (address: string) =>
    `If we hold gifts for ${address}, we have sent a link to that address. It works once, for 1 hour.`,
  sentHint: "Nothing there after a few minutes? Check your spam folder, or try the address you used when you gave.",
  linkUsedTitle: "This link has already been used",
  linkUsedText: "Each link works once. Ask for a new one below and we will e-mail it to you.",
  linkExpiredTitle: "This link has expired",
  linkExpiredText: `A link works for ${LINK_MINUTES} minutes. Ask for a new one below and we will e-mail it to you.`,
  linkBadTitle: "This link does not work",
  linkBadText:
    "It may have been copied only in part. Open it again from the e-mail, or ask for a new one below and we will e-mail it to you.",
  newLinkHeading: "Get a new link",
  signInTitle: "Sign in to Your giving",
  signInText: "Press the button to sign in. The link works once, on this device.",
  signInButton: "Sign in to Your giving",
} as const;

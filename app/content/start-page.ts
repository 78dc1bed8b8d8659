// The words of "Start your page" on Share My Day and In Memoriam (apart from appeals.ts: those
// pages' JavaScript stays small), and of the confirmation page it leads to.
export const startPageCopy = {
  heading: "Start your page",
  lead: "Set up your own page in a few minutes: friends and family give through it, and every gift reaches the charity directly. Our team checks each page before it goes public, usually within two working days.",
  tributeLead:
    "Set up a page in their memory in a few minutes: family and friends can give in their name and leave a message. Our team checks each page before it goes public, usually within two working days.",
  submit: "Start your page",
  appealLabel: "Raise money for one of our appeals",
  appealHint: "Gifts through your page then count toward the appeal's total too.",
  noAppeal: "No particular appeal",
} as const;

/** The id of the confirmation panel (the address's #fragment, and where focus goes). */
export const STARTED_PANEL_ID = "page-started";

/** The confirmation page after "Start your page" (GOV.UK's confirmation pattern). */
export const startedCopy = {
  title: "Your page is with our team",
  panelText: "We have e-mailed you a link to see and change your page.",
  nextHeading: "What happens next",
  next: [
    "Our team checks your page, usually within two working days.",
    "We e-mail you when it is public, with its address to share with family and friends.",
    "Until then, and afterwards, the link in our e-mail lets you change your page and see the gifts and messages it receives.",
  ],
  noMail: "No e-mail within a few minutes? Look in your spam or junk folder, or write to us.",
} as const;

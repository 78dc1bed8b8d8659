// The words of "Start your page" on Share My Day and In Memoriam (apart from appeals.ts: those
// pages' JavaScript stays small).
export const startPageCopy = {
  heading: "Start your page",
  lead: "Set up your own page in a few minutes: friends and family give through it, and every gift reaches the charity directly. Our team checks each page before it goes public, usually within two working days.",
  submit: "Start your page",
  sentHeading: "Thank you: check your e-mail",
  sentText:
    "We have e-mailed you a link to manage your page. Our team will look at it soon; we will e-mail you when it is public.",
} as const;

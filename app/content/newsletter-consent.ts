// Wording of the newsletter sign-up and its consent pages. The consent texts are stored word
// for word with each consent event (the proof of what a person agreed to), so change them
// here, never in the stored history.

import { site } from "./site";

export const newsletterConsent = {
  /** Shown beside the sign-up form; stored with the "signed up" event. */
  signUp: "Get news from our projects a few times a year. You can unsubscribe at any time.",
  /** Shown on the confirmation page above its button; stored with the "confirmed" event. */
  confirm: `Yes, please send me the newsletter of ${site.name} at this address. I can unsubscribe at any time with the link in every message.`,
  /** Shown on the unsubscribe page; stored with the "unsubscribed" event when its button is pressed. */
  unsubscribePage: `Stop sending the newsletter of ${site.name} to this address.`,
  /** Stored with the "unsubscribed" event of a one-click unsubscribe from a mail program (RFC 8058). */
  unsubscribeOneClick: "Unsubscribed with the one-click unsubscribe of the mail program (List-Unsubscribe-Post).",
} as const;

export const newsletterPages = {
  confirmTitle: "Confirm your subscription",
  confirmButton: "Confirm my subscription",
  confirmedTitle: "Subscription confirmed",
  confirmedText: "Thank you: your subscription is confirmed. Every newsletter has a link to unsubscribe.",
  alreadyConfirmedTitle: "Your subscription is already confirmed",
  alreadyConfirmedText:
    "This link has done its work: your subscription was confirmed when you first used it, and there is nothing more to do. Every newsletter has a link to unsubscribe.",
  badConfirmTitle: "This confirmation link does not work",
  badConfirmText:
    "The link is wrong, has expired (links last 7 days) or has already been used. Sign up again on the Publications page to get a new one.",
  unsubscribeTitle: "Unsubscribe from our newsletter",
  unsubscribeButton: "Unsubscribe",
  unsubscribedTitle: "You are unsubscribed",
  unsubscribedText:
    "We will not send you our newsletter again. If this was a mistake, you can sign up again at any time.",
  badUnsubscribeTitle: "This unsubscribe link does not work",
  badUnsubscribeText: `The link is wrong, or the address is no longer on our list. If you still get our newsletter, e-mail ${site.email} and we will remove you.`,
} as const;

import { site } from "./site";

// The newsletter's confirmation and unsubscribe pages. Apart from newsletter-consent.ts, which the
// Publications page's sign-up form also loads: only these two pages need this wording.

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

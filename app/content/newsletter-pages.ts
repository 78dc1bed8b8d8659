import { newsletterConsent } from "./newsletter-consent";
import { site } from "./site";

// The newsletter's confirmation and unsubscribe pages, each in the shape the link pages draw
// (components/newsletter-page.tsx: what the page asks, what it says once done, and what a link
// that does not work says). The consent texts come from newsletter-consent.ts, which the
// Publications page's sign-up form also loads: only these two pages need this wording.

export const confirmPage = {
  ask: {
    title: "Confirm your subscription",
    text: newsletterConsent.confirm,
    button: "Confirm my subscription",
  },
  done: {
    title: "Subscription confirmed",
    text: "Thank you: your subscription is confirmed. Every newsletter has a link to unsubscribe.",
    link: { to: "/", label: "Back to the home page" },
  },
  /** Opened again by a subscriber still confirmed. */
  already: {
    title: "Your subscription is already confirmed",
    text: "This link has done its work: your subscription was confirmed when you first used it, and there is nothing more to do. Every newsletter has a link to unsubscribe.",
    link: { to: "/", label: "Back to the home page" },
  },
  bad: {
    title: "This confirmation link does not work",
    text: "The link is wrong, has expired (links last 7 days) or has already been used. Sign up again on the Publications page to get a new one.",
    link: { to: "/publications", label: "Go to Publications" },
  },
};

export const unsubscribePage = {
  ask: {
    title: "Unsubscribe from our newsletter",
    text: newsletterConsent.unsubscribePage,
    button: "Unsubscribe",
    intent: "unsubscribe",
  },
  done: {
    title: "You are unsubscribed",
    text: "We will not send you our newsletter again. If this was a mistake, you can sign up again at any time.",
    link: { to: "/publications", label: "Go to Publications" },
  },
  bad: {
    title: "This unsubscribe link does not work",
    text: `The link is wrong, or the address is no longer on our list. If you still get our newsletter, e-mail ${site.email} and we will remove you.`,
  },
};

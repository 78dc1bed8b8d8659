import { site } from "./site";

// The words of the publications page. The publications themselves (title, type, date,
// description and their PDF) are in the database, edited by staff in the Publications section
// (app/publishing/services/publications.server.ts); migration 0045 holds the three of the spec.

export const publicationsPage = {
  title: "Publications",
  intro: "Our newsletters, annual reports and research.",
  /** On a publication whose PDF is not online yet (only before the first start's seed). */
  askForCopy: `Not online yet: e-mail ${site.email} and we will send you a copy.`,
  /** When staff have hidden or deleted every publication. */
  none: "No publications are online at the moment.",
  newsletterTitle: "Subscribe to our newsletter",
  // The text beside the form is the consent wording, in app/content/newsletter-consent.ts (newsletterConsent.signUp).
  subscribedMessage:
    "Thank you for subscribing! Please check your inbox: we have sent you a link to confirm your subscription.",
} as const;

/** The heading of the summary a refused form starts with (the GOV.UK error summary). */
export const errorSummaryHeading = "There is a problem";

/**
 * The answer to a submission that filled the honeypot field. Deliberately vague: it must not
 * teach a bot what gave it away, and a person who somehow sees it can simply try again.
 */
export const REJECTED_SUBMISSION_MESSAGE = "We could not accept this submission. Please try again.";

/** The answer to a visitor who has sent a public form too often: when to try again. */
export function tooManySubmissionsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have sent this form too often. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}; what you typed is still here.`;
}

/** The answer to someone who tried a limited step (a card payment again, a two-step code) too often. */
export function tooManyTriesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many tries in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The answer to a post whose body is not a form, or is too large to be one of ours. */
export const UNREADABLE_SUBMISSION_MESSAGE =
  "We could not read this submission. Please fill in the form and try again.";

/** A staff or sign-in action posted from another site's page (a plain 403, no form to show again). */
export const CROSS_SITE_ACTION_MESSAGE = "Cross-site form submissions are not allowed.";

/** The answer to a post that came from another site's page (our forms are only on ours). */
export const CROSS_SITE_SUBMISSION_MESSAGE =
  "This form can only be sent from its page on our site. Please check what you typed and send it again from here.";

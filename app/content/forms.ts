/**
 * The answer to a submission that filled the honeypot field. Deliberately vague: it must not
 * teach a bot what gave it away, and a person who somehow sees it can simply try again.
 */
export const REJECTED_SUBMISSION_MESSAGE = "We could not accept this submission. Please try again.";

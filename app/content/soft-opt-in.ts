// The charity soft opt-in (PECR 22(3A)): the words the donate form shows when it is on (sent by
// the server with the page, stored with the subscriber's consent event), and the form's version.

/** The version of the donate form's opt-out line: recorded with each soft opt-in. */
export const DONATE_FORM_VERSION = "donate-2026-11";

/** The opt-out line beside the donate form's box, word for word as stored. */
export const SOFT_OPT_IN_LINE =
  "We would like to send you our newsletter a few times a year. Tick this box if you do not want it. Every issue has a link to stop it.";

/** The legal basis of a subscription, as staff read it. */
export const legalBasisLabels = {
  consent: "Consent",
  "soft-opt-in": "Charity soft opt-in (PECR 22(3A))",
} as const;

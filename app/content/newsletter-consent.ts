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
  /**
   * Your giving (/giving/account): shown beside the switch and stored with the events of a donor
   * signed in by a link sent to their address (no second confirmation: the link proved the address).
   */
  givingOn: `Yes, please send me the newsletter of ${site.name} at this address. I can stop it here or with the link in every message.`,
  givingOff: `Stop sending the newsletter of ${site.name} to this address.`,
  /** Stored with the "unsubscribed" event of a one-click unsubscribe from a mail program (RFC 8058). */
  unsubscribeOneClick: "Unsubscribed with the one-click unsubscribe of the mail program (List-Unsubscribe-Post).",
} as const;

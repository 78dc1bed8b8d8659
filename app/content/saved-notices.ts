/**
 * What a staff page says once a change is saved: the action redirects (303) with one of these
 * codes in a one-time cookie (`savedRedirect`, app/routes/_glue/saved.server.ts) and the page it
 * lands on shows the words once (docs/decisions.md#25).
 */
export const savedNotices = {
  "article-saved": "Article saved.",
  "article-deleted": "Article deleted.",
  "settings-saved": "Settings saved.",
  "newsletter-saved": "Newsletter saved.",
  "newsletter-sent": "Newsletter queued: its messages are on their way to the confirmed subscribers.",
  "newsletter-already-sent": "This newsletter had already been sent: nothing was sent again.",
  "invitation-sent": "Invitation sent: the link works once, for 72 hours.",
  payment: "Payment recorded.",
  "payment-thanked": "Payment recorded. The donor's thank-you e-mail is on its way.",
  cancelled: "Pledge cancelled.",
  "payment-removed": "Payment removed.",
  "subscription-cancelled": "Monthly card gift cancelled in Stripe, and the pledge with it.",
  "statement-sent": "Giving statement sent: the e-mail with its download link is on its way.",
  "small-donation-recorded": "Small donation recorded.",
  "small-donation-deleted": "Small donation deleted.",
  "supporters-merged": "The supporters were merged.",
  "event-saved": "Event saved.",
  "ticket-type-added": "Ticket type added.",
} as const;

export type SavedNoticeCode = keyof typeof savedNotices;

import { taxYearLabel } from "~/utils/tax-year";

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * What a staff page says once a change is saved: the action redirects (303) with one of these
 * codes in a one-time cookie (`savedRedirect`, app/routes/_glue/saved.server.ts) and the page it
 * lands on shows the words once (docs/decisions/0025-one-door-one-no-one-saved.md). A notice with counts is a function of
 * them; the cookie carries the numbers, never words or personal data.
 */
export const savedNotices = {
  "article-saved": "Article saved.",
  "article-deleted": "Article deleted.",
  "publication-saved": "Publication saved.",
  "publication-deleted": "Publication deleted, and its document with it.",
  "publication-type-saved": "Publication type saved.",
  "publication-type-deleted": "Publication type deleted.",
  "settings-saved": "Settings saved.",
  "page-draft-saved": "Draft saved. Visitors still see the published page; Preview shows the draft.",
  "page-submitted": "Draft saved and submitted for review: an admin can publish it.",
  "page-published": "Published: visitors see the new words now.",
  "page-scheduled": "Saved: the page will be published at the time you chose.",
  "page-restored-draft": "The earlier words are restored as a new draft. Visitors still see the published page.",
  "page-restored-published": "The earlier words are restored and published: visitors see them now.",
  "newsletter-saved": "Newsletter saved.",
  "newsletter-sent": "Newsletter queued: its messages are on their way to the confirmed subscribers.",
  "newsletter-already-sent": "This newsletter had already been sent: nothing was sent again.",
  "invitation-sent": "Invitation sent: the link works once, for 72 hours.",
  payment: "Payment recorded.",
  "payment-thanked": "Payment recorded. The donor's thank-you e-mail is on its way.",
  cancelled: "Pledge cancelled.",
  "payment-removed": "Payment removed.",
  "gift-recorded": "Gift recorded.",
  "gift-thanked": "Gift recorded. The donor's thank-you e-mail is on its way.",
  "refund-recorded": "Refund recorded.",
  "subscription-cancelled": "Monthly card gift cancelled in Stripe, and the pledge with it.",
  "statement-sent": "Giving statement sent: the e-mail with its download link is on its way.",
  "small-donation-recorded": "Small donation recorded.",
  "small-donation-deleted": "Small donation deleted.",
  "supporters-merged": "The supporters were merged.",
  // Your giving (/giving): what a donor's own change says.
  "giving-declaration-confirmed": "Your Gift Aid declaration is confirmed: it covers all your gifts.",
  "declaration-accepted": "The declaration is accepted: it covers all the supporter's gifts.",
  "supporter-details-merged": "The details are merged into the supporter's record.",
  "supporter-details-rejected": "The details are rejected: the supporter's record is unchanged.",
  "giving-declaration-cancelled":
    "Your Gift Aid declaration is cancelled. Gifts already claimed stay claimed; gifts from today are not covered. We have e-mailed you to confirm.",
  "giving-signed-out": "You have signed out of Your giving.",
  "giving-details-saved": "Your name and home address are saved.",
  "giving-declaration-made":
    "Thank you: your Gift Aid declaration is made. It covers your gifts of the last 4 years and every gift from now on.",
  "giving-newsletter-on": "Thank you: you will get our newsletter. You can stop it here or from any issue.",
  "giving-newsletter-off": "You will not get our newsletter any more.",
  "giving-amount-changed":
    "Thank you: your monthly card gift changes from your next payment, and we have e-mailed you to confirm. This page shows the new amount once our card payment service confirms it.",
  "giving-card-stopped":
    "Your monthly card gift is stopped: your card will not be charged again. We have e-mailed you to confirm.",
  "giving-monthly-stopped":
    "Your monthly gift is stopped on our side, and we have e-mailed you to confirm. Please cancel the standing order with your bank too: only your bank can stop the payments.",
  "appeal-saved": "Appeal saved.",
  "project-draft-saved": "Draft saved: it is not on the public site.",
  "project-published": "Published: the project is on the public site now.",
  "project-unpublished": "Unpublished: the project is no longer on the public site.",
  "content-draft-saved": "Draft saved. Visitors still see the published version; Preview shows the draft.",
  "content-submitted": "Draft saved and submitted for review: an admin can publish it.",
  "content-scheduled": "Saved: it will be published at the time you chose.",
  "content-restored-draft": "The earlier words are restored as a new draft. Visitors still see the published version.",
  "content-restored-published": "The earlier words are restored and published: visitors see them now.",
  "redirect-added": "Redirect added: the old address now leads to the new one.",
  "redirect-removed": "Redirect removed.",
  "fundraising-page-approved": "Page approved: it is public now, and its owner has been e-mailed.",
  "fundraising-page-changes": "Changes asked for: the owner has been e-mailed your message.",
  "fundraising-page-rejected": "Page rejected: its owner has been e-mailed.",
  "fundraising-page-taken-down": "Page taken down: it is no longer public, and its owner has been e-mailed.",
  "fundraising-message-approved": "Message approved: it shows on the tribute page now.",
  "fundraising-message-hidden": "Message hidden: it no longer shows on the page.",
  "fundraising-page-edit-approved":
    "Change approved: the page shows the owner's new version now, and they have been e-mailed.",
  "fundraising-page-edit-rejected":
    "Change not published: the page keeps the version approved before, and the owner has been e-mailed your message.",
  "volunteer-status": "Status changed.",
  "volunteer-status-emailed": "Status changed, and the applicant has been e-mailed.",
  "volunteer-mail-saved": "E-mail saved: it is the one sent from now on.",
  "event-saved": "Event saved.",
  "ticket-type-added": "Ticket type added.",
  "statements-sent": (sent: number, year: number) =>
    `${sent === 1 ? "1 statement is" : `${sent} statements are`} on the way for the tax year ${taxYearLabel(year)}.`,
  "statement-imported": (recorded: number, already: number, thanked: number) =>
    [
      `${plural(recorded, "payment", "payments")} recorded.`,
      already ? `${already} already imported before, not recorded again.` : "",
      thanked ? `${plural(thanked, "thank-you e-mail", "thank-you e-mails")} on the way.` : "",
    ]
      .filter(Boolean)
      .join(" "),
  "personal-data-erased": "Erased. Anything still listed below is kept by law.",
} as const;

export type SavedNoticeCode = keyof typeof savedNotices;

/** The numbers a notice's words take (none for a plain one). */
export type SavedNoticeValues<Code extends SavedNoticeCode> = (typeof savedNotices)[Code] extends (
  ...values: infer Values
) => string
  ? Values
  : [];

/** A notice's words, with its numbers. */
export function savedNoticeText(code: SavedNoticeCode, values: readonly number[]): string {
  const notice = savedNotices[code] as string | ((...values: number[]) => string);
  return typeof notice === "function" ? notice(...values) : notice;
}

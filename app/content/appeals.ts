// The words of the appeal pages and of supporters' fundraising and tribute pages.
import { formatPence } from "~/utils/money";

export const appealCopy = {
  notFound: "Appeal not found",
  notFoundBody: "There is no appeal at this address. You can still give to our general fund.",
  donate: "Donate to this appeal",
  goal: "Goal",
  given: "Given so far",
  /** Staff pages only: anyone can pledge any amount, so a promise is not money (docs/donations.md). */
  promised: "Promised (not yet paid, unverified)",
  donors: "Donors",
  closedHeading: "This appeal has closed",
  closedText: "Thank you to everyone who gave. Gifts now go to our general fund, where they are needed most.",
  generalFund: "Give to our general fund",
  /** The progress bar's value in words, read by screen readers and shown under it. */
  progressWords: (givenPence: number, goalPence: number) => {
    const percent = goalPence > 0 ? Math.floor((givenPence / goalPence) * 100) : 0;
    return `${formatPence(givenPence)} given of a ${formatPence(goalPence)} goal (${percent}%)`;
  },
  donorsWords: (donors: number, goalDonors: number | null) =>
    goalDonors ? `${donors} of ${goalDonors} donors` : `${donors} ${donors === 1 ? "donor" : "donors"}`,
  giftGoesTo: "Your gift goes to:",
  startFundraising: "Start fundraising for this appeal",
  startFundraisingText:
    "Run, bake or mark a day for this appeal: start your own page, and every gift through it counts here too.",
  topPagesHeading: "Supporters raising money for this appeal",
  raisedBy: (owner: string) => `a page by ${owner}`,
} as const;

export const fundraiseCopy = {
  notFound: "Page not found",
  notFoundBody: "There is no public fundraising page at this address. It may be waiting for our team to approve it.",
  give: "Give to this page",
  giveInMemory: "Give in their memory",
  forAppeal: "Raising money for our appeal:",
  /** Beside the total: the Gift Aid its gifts bring (gifts with a declaration, money received). */
  plusGiftAid: (pence: number) => `+ ${formatPence(pence)} Gift Aid`,
  shareHeading: "Share this page",
  target: "Target",
  raised: "Raised so far",
  supporters: "Recent supporters",
  noSupporters: "Be the first to give.",
  anonymous: "Anonymous",
  inMemoryOf: "In memory of",
  occasion: "Occasion",
} as const;

/** A supporter's page's state, as staff read it. */
export const pageStatusLabels = {
  pending: "Waiting for review",
  "changes-requested": "Changes asked for",
  approved: "Public",
  rejected: "Rejected",
  "taken-down": "Taken down",
} as const;

export const pageDecisionLabels = {
  approve: "Approve: make it public",
  changes: "Ask for changes",
  reject: "Reject",
  "take-down": "Take it down now",
  "approve-edit": "Approve the change: the page shows it at once",
  "reject-edit": "Do not publish the change: the page keeps its approved version",
} as const;

// The words of the owner's page behind their e-mailed link (/fundraise/manage/{token}): apart from
// appeals.ts, so that page's JavaScript carries only its own words.

/** The owner's page behind their e-mailed link: where it stands, and the form to change it. */
export const manageCopy = {
  heading: "Your fundraising page",
  editHeading: "Change your page",
  editLead: "Change the title, the story, the target or the photo.",
  liveWarning:
    "Your page is public. A new title, story or photo goes to our team first: your page stays public with its present words until they approve the change (usually within two working days). A new target alone shows at once.",
  editWaiting: "Your change waits for our team; your page shows the version they approved until then",
  savedEditWaiting:
    "Saved. Your page stays public as it was; our team will look at your change and e-mail you when it shows.",
  noTarget: "None",
  giftsHeading: "Gifts and messages",
  raised: (given: string, donors: number) => `${given} received from ${donors} ${donors === 1 ? "person" : "people"}.`,
  plusGiftAid: (giftAid: string) => `Plus ${giftAid} Gift Aid.`,
  noGifts: "No gifts yet. Gifts show here once the money has reached us.",
  anonymous: "Someone who asked to stay anonymous",
  amountHidden: "(amount not shown)",
  messageWaiting: "Shown on your page once our team has read it.",
  reviewNote: "Our team looks at your page again after each change.",
  closed: "Our team has closed this page, so it can no longer be changed. Write to us if you think this is a mistake.",
  save: "Save the changes",
  currentPhoto: "Your photo",
  removePhoto: "Remove the photo",
  replaceHint: "A new photo replaces the current one. JPEG, PNG or WebP, at most 10 MB.",
  savedLive: "Saved. Your page shows the new target now.",
  savedReview: "Saved. Our team will look at your page and e-mail you when it is public.",
  expired: "This link has expired. Write to us and we will send you a new one.",
  invalid: "This link is not valid. Please use the link in our e-mail as it was sent.",
} as const;

/** Where the page stands, as its owner reads it. */
export const ownerStatusLabels = {
  pending: "Waiting for review",
  "changes-requested": "Our team asks for a change",
  approved: "Public",
  rejected: "Not published",
  "taken-down": "Taken down",
} as const;

// The words of the owner's page behind their e-mailed link (/fundraise/manage/{token}): apart from
// appeals.ts, so that page's JavaScript carries only its own words.

/** The owner's page behind their e-mailed link: where it stands, and the form to change it. */
export const manageCopy = {
  heading: "Your fundraising page",
  editHeading: "Change your page",
  editLead: "Change the title, the story, the target or the photo.",
  liveWarning:
    "Your page is public. A new title, story or photo goes back to our team first: the page is not public until they approve it again (usually within two working days). A new target alone shows at once.",
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

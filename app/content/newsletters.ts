// Wording of the Newsletters section (staff) and of the public archive.

import { site } from "./site";

export const newsletterArchive = {
  title: "Newsletters",
  description: `Every newsletter ${site.name} has sent to its subscribers, to read on the web.`,
  intro:
    "Every newsletter we have sent, newest first. To get the next one by e-mail, subscribe on the Publications page.",
  subscribeLink: "Subscribe to the newsletter",
  empty: "No newsletter has been sent yet.",
  back: "All newsletters",
  notFound: "Newsletter not found",
  notFoundBody: "There is no newsletter at this address. It may have been moved.",
  sentOn: "Sent on",
} as const;

/** Paragraphs of an article a newsletter started from it takes (then a link to the rest). */
export const ARTICLE_PARAGRAPHS_IN_NEWSLETTER = 2;

export const newsletterStaff = {
  readMore: "Read the whole article on our website",
  saved: "Newsletter saved.",
  testQueued: (to: string) => `Test queued for ${to}. It arrives in a minute or so when mail is set up.`,
  scheduled: "Newsletter scheduled.",
  unscheduled: "Schedule removed: the newsletter is a draft again.",
  queued: (count: number) =>
    count === 1 ? "Newsletter queued for 1 subscriber." : `Newsletter queued for ${count} subscribers.`,
  alreadySent: "This newsletter has already been sent: nothing was sent again.",
  pastTime: "Choose a time in the future, or send it now.",
  notEditable: "This newsletter has been sent and can no longer be changed.",
  unknownArticle: "Choose a published article from the list.",
  unknownImage: "Choose one of the photos in the list.",
} as const;

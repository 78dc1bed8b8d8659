// Visitor-facing words of the public news pages, kept in one place so pages and tests agree.
export const newsCopy = {
  listTitle: "Latest News & Updates",
  listIntro: "Stories from our projects, events and the communities we work with.",
  emptyTitle: "No News Articles Yet",
  emptyBody: "We're working on bringing you the latest updates. Check back soon!",
  backToNews: "Back to News",
  viewAll: "View all news articles",
  notFound: "Article not found",
  notFoundBody: "The article you are looking for does not exist or has been removed.",
  pageNotFound: "There is no such page of news",
  shareHeading: "Share this article",
  rssTitle: "News",
} as const;

/** How staff see an article visitors cannot see yet. */
export const publishingCopy = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  previewNotice: "Preview: visitors cannot see this article yet.",
} as const;

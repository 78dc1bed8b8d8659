// Words the staff dashboard shows, defined once so pages and tests agree.

export const adminMessages = {
  deleteConfirmation: "Are you sure you want to delete this news article?",
  saveError: "Error saving news article",
  deleteError: "Error deleting news article",
  emptyList: "No news articles yet.",
  notFound: "Article not found",
} as const;

/** The admin list shows this many characters of each article (the public pages show 150). */
export const ADMIN_PREVIEW_LENGTH = 200;

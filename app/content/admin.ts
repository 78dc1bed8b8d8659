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

/**
 * Largest bank statement staff may upload. Shared by the import page (which states it) and
 * the server (which enforces it), so it lives here rather than in a .server module, which the
 * browser bundle would see as undefined.
 */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;

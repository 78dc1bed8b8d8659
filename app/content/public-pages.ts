/**
 * Every public page with a fixed address, for the sitemap. Articles and projects are added from
 * the database. Keep in step with the routes: a page missing here is one search engines may miss.
 */
export const publicPagePaths: readonly string[] = [
  "/",
  "/about",
  "/about/team",
  "/about/history",
  "/about/faq",
  "/projects",
  "/projects/recent",
  "/get-involved",
  "/get-involved/share-my-day",
  "/get-involved/memoriam",
  "/get-involved/volunteers",
  "/get-involved/internships",
  "/get-involved/advisors",
  "/publications",
  "/donate",
  "/contact",
  "/news",
  "/newsletters",
  "/privacy",
  "/terms",
];

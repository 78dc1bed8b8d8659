/**
 * The article id in a /news/{id} path, or null when it is not a canonical positive integer.
 * Strict on purpose: "1abc", "01", "1e3", " 1" and ids beyond what SQLite and JavaScript
 * agree on are not articles, so they are a 404 rather than a lookup of something else.
 */
export function parseArticleId(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9][0-9]{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

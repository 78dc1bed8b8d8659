/** Pages in URLs are 1, 2, 3…: anything else (0, 01, 1.5, -1, huge) is not a page. */
export function parsePageNumber(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** The public address of page `page` of the news list: /news for the first. */
export function newsPagePath(page: number): string {
  return page <= 1 ? "/news" : `/news/page/${page}`;
}

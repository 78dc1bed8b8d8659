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

/** Staff lists show this many rows a page. */
export const PAGE_SIZE = 25;

/** The page number from `?page=`: 1 when absent, null when it is not a whole number from 1. */
export function parsePage(value: string | null): number | null {
  if (value === null || value === "") return 1;
  if (!/^\d{1,6}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}

export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

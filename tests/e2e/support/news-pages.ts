// The public news list has 12 articles a page, and the browser tests share one database: test
// articles dated long ago (so that they never push another test's article off the first page)
// may sit on a later page. These helpers find them wherever the list puts them.
import type { Page } from "@playwright/test";

const pagePath = (n: number) => (n === 1 ? "/news" : `/news/page/${n}`);

/**
 * The page of /news (the first, or /news/page/N) whose list shows `text` (e.g. a unique title).
 * Other tests delete their articles meanwhile, which moves an article back onto a page already
 * read: the list is read again from the start when it was missed (at most 5 times).
 */
export async function newsPageShowing(page: Page, text: string): Promise<string> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    for (let n = 1; n <= 100; n++) {
      const response = await page.request.get(pagePath(n));
      if (response.status() !== 200) break;
      if ((await response.text()).includes(text)) return pagePath(n);
    }
  }
  throw new Error(`no page of /news lists ${text}`);
}

/**
 * The article headings of the whole news list, in order, read page by page until all of `titles`
 * were seen. Other tests delete their articles meanwhile, and a deletion moves the first article
 * of every later page back onto the page before, which may have been read already: if a title was
 * missed that way, the list is read again from the start (at most 5 times).
 */
export async function newsHeadingsUntil(page: Page, titles: readonly string[]): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const headings: string[] = [];
    for (let n = 1; n <= 100; n++) {
      const response = await page.goto(pagePath(n));
      if (response?.status() !== 200) break;
      headings.push(...(await page.getByRole("article").getByRole("heading").allTextContents()));
      if (titles.every((title) => headings.includes(title))) return headings;
    }
    if (attempt === 5) return headings;
  }
}

/**
 * Opens the page of /news that lists `text` and returns its response. Other tests add articles
 * meanwhile, so an article at the end of a page can move to the next one between finding and
 * opening: it looks again until the opened page shows it.
 */
export async function openNewsPageShowing(page: Page, text: string) {
  for (let attempt = 1; ; attempt++) {
    const path = await newsPageShowing(page, text);
    const response = await page.goto(path);
    if ((await page.getByRole("article").filter({ hasText: text }).count()) > 0 || attempt === 5) {
      return { path, response };
    }
  }
}

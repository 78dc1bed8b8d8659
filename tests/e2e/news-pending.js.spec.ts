import { openNewsPageShowing } from "./support/news-pages";
import { waitForHydration, waitForRouteDiscovery } from "./support/hydration";
import { expect, test, type Page } from "@playwright/test";
import { createArticle, deleteArticle, uniqueTitle } from "./support/db";

const created: number[] = [];
test.afterAll(async () => {
  for (const id of created.splice(0)) await deleteArticle(id);
});

/** Holds the client-side data request for `pathname` until the returned function is called. */
async function holdDataRequest(page: Page, pathname: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathname && url.searchParams.has("_data"),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test("a spinner shows while an article loads after a click on Read More, and while the list loads again", async ({
  page,
}) => {
  const title = uniqueTitle("Spinner check");
  const row = await createArticle({
    title,
    content: "Waiting is shown, not faked.",
    createdAt: "2002-02-02T00:00:00.000Z",
  });
  created.push(row.id);

  await openNewsPageShowing(page, title);
  await waitForHydration(page); // the spinner belongs to client-side navigation
  await waitForRouteDiscovery(page, "routes/_public+/news.$id");
  await expect(page.getByRole("status")).toHaveCount(0);

  const releaseDetail = await holdDataRequest(page, `/news/${row.id}`);
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .getByRole("link", { name: /^Read More/ })
    .click();
  await expect(page.getByRole("status")).toHaveText("Loading news...");
  releaseDetail();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);

  await waitForRouteDiscovery(page, "routes/_public+/news._index");
  const releaseList = await holdDataRequest(page, "/news");
  await page.getByRole("link", { name: "Back to News" }).click();
  await expect(page.getByRole("status")).toHaveText("Loading news...");
  releaseList();
  await expect(page.getByRole("heading", { level: 1, name: "Latest News & Updates" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("a spinner shows while the news list loads after following the News link from another section", async ({
  page,
}) => {
  await page.goto("/about");
  await waitForHydration(page);
  await waitForRouteDiscovery(page, "routes/_public+/news._index");
  const release = await holdDataRequest(page, "/news");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "News", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Loading news...");
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Latest News & Updates" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});

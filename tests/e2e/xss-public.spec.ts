import { expect, test, type Page } from "@playwright/test";
import { createArticle, deleteArticle, uniqueTitle } from "./support/db";
import { openNewsPageShowing } from "./support/news-pages";
import { waitForHydration } from "./support/hydration";

// Stored article fields are attacker-controlled (a staff account or an API token could be
// misused): every one of these must reach the visitor as inert text.
const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  '"><svg onload=alert(1)>',
];

/**
 * Resolves once every chance a payload had to run has passed: the page has loaded, every image
 * has loaded or failed (an `onerror` fires before that), and with JavaScript React has hydrated.
 * The final round trip into the page means a dialog opened before it has been reported.
 */
async function settled(page: Page, javaScriptEnabled: boolean): Promise<void> {
  await page.waitForLoadState("load");
  await expect.poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete))).toBe(true);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.evaluate(() => document.readyState);
}

const created: number[] = [];
test.afterAll(async () => {
  for (const id of created.splice(0)) await deleteArticle(id);
});

for (const [index, payload] of PAYLOADS.entries()) {
  test(`stored payload ${index + 1} (${payload}) renders inert on /news and /news/{id}`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const marker = uniqueTitle("XSS");
    const title = `${marker} ${payload}`;
    const content = `Before ${payload} after\nsecond line ${payload}`;
    const row = await createArticle({ title, content, imageUrl: payload, createdAt: "2002-12-31T00:00:00.000Z" });
    created.push(row.id);

    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs++;
      await dialog.dismiss();
    });

    // The article is dated long ago so that it does not push other tests' articles off the first
    // page; it is on whichever page of the list its date puts it (other tests add articles too).
    const listPath = `/news (the page listing ${marker})`;
    for (const path of [listPath, `/news/${row.id}`]) {
      const response = path === listPath ? (await openNewsPageShowing(page, marker)).response : await page.goto(path);
      expect(response?.status()).toBe(200);
      await settled(page, javaScriptEnabled);
      // The server sent no live markup from the payload...
      const html = (await response?.text()) ?? "";
      for (const raw of ["<script>alert(1)", "<img src=x", "<svg onload", 'href="javascript:', 'src="javascript:']) {
        expect(html).not.toContain(raw);
      }
      // ...the visitor sees it as text...
      const scope =
        path === listPath
          ? page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) })
          : page.locator("main");
      await expect(scope.getByRole("heading", { name: title })).toBeVisible();
      await expect(scope.getByRole("heading", { name: title })).toHaveText(title);
      // ...and nothing it could have created exists in the page.
      await expect(
        page.locator('[href^="javascript:" i], [src^="javascript:" i], [action^="javascript:" i]'),
      ).toHaveCount(0);
      await expect(scope.locator("img")).toHaveCount(0);
      await expect(page.locator("[onerror], [onload]")).toHaveCount(0);
      await expect(page.locator("main script, main svg[onload]")).toHaveCount(0);
    }

    // On the article page the content is shown literally, line breaks and all.
    expect(await page.getByText(`Before ${payload} after`).innerText()).toBe(content);
    const shareLinks = page.getByRole("link", { name: /^Share on / });
    for (const href of await shareLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
      expect(href.startsWith("https://")).toBe(true);
      expect(href).not.toMatch(/[<>"]/);
    }

    expect(dialogs).toBe(0);
  });
}

test("an image URL that is a valid http(s) URL but carries markup stays an attribute", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  const imageUrl = `${baseURL}/logo.svg?"><script>alert(1)</script>`;
  const title = uniqueTitle("Tricky image");
  const row = await createArticle({
    title,
    content: "Image test.",
    imageUrl: imageUrl,
    createdAt: "2002-12-31T00:00:00.000Z",
  });
  created.push(row.id);
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });

  await page.goto(`/news/${row.id}`);
  const image = page.locator("main article img");
  await expect(image).toHaveCount(1);
  expect(await image.getAttribute("src")).toBe(new URL(imageUrl).href);
  await expect(page.locator("main script")).toHaveCount(0);
  await settled(page, javaScriptEnabled);
  expect(dialogs).toBe(0);
});

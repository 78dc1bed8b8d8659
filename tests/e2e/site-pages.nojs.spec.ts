// Without JavaScript: staff preview their unsaved words, change the About page's words through a
// draft (not public), look at it in the staff-only preview (a visitor gets 404), publish it (public at once), and restore the
// earlier words from its history (docs/site-editor.md). The staff pages pass axe.
import type { Browser, Page } from "@playwright/test";
import { expect, signIn, test } from "./support/auth";
import { AXE_TAGS, axeScanner } from "./support/axe";
import { uniqueToken } from "./support/back-office";
import sharp from "sharp";

/** A visitor's page: a fresh context without the staff cookie (and, in this project, without JavaScript). */
async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return context.newPage();
}

/** axe on `path` as a signed-in admin sees it, server-rendered (the app's bundles blocked). */
async function expectStaffPageAccessible(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true, reducedMotion: "reduce" });
  await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
  await signIn(context, baseURL);
  const page = await context.newPage();
  await page.goto(path);
  const results = await axeScanner(page).withTags(AXE_TAGS).analyze();
  expect(
    results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  await context.close();
}

test("About: draft, staff-only preview, publish, and restore from the history", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login();
  const words = `A new paragraph written in the site editor (${uniqueToken()}).`;
  const visitor = await visitorPage(browser, baseURL!);

  await page.goto("/admin/dashboard/pages");
  await page.getByRole("link", { name: "About us", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit: About us" })).toBeVisible();
  const body = page.getByRole("textbox", { name: "Words" });
  const before = await body.inputValue();
  await body.fill(`${before}\n\n${words}`);
  // Preview the typed words before saving them: shown as visitors will see them, nothing saved.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("your unsaved words");
  await expect(page.getByText(words)).toBeVisible();
  await page.goBack();
  await page.getByRole("textbox", { name: "Words" }).fill(`${before}\n\n${words}`);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await expect(page.getByRole("textbox", { name: "Words" })).toHaveValue(new RegExp(words.replace(/[()]/g, "\\$&")));

  // A draft is not public.
  await visitor.goto("/about");
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByText(words)).toHaveCount(0);

  // Staff preview it as visitors will see it; a visitor gets a 404 there.
  await page.getByRole("link", { name: "Preview saved draft" }).click();
  await expect(page).toHaveURL(/\/preview\/pages\/about$/);
  await expect(page.getByText(words)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "About us" })).toBeVisible();
  const refused = await visitor.goto("/preview/pages/about");
  expect(refused?.status()).toBe(404);
  await expect(visitor.getByText(words)).toHaveCount(0);

  // Publish: public at once.
  await page.getByRole("link", { name: "Back to editing" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Published");
  await visitor.goto("/about");
  await expect(visitor.getByText(words)).toBeVisible();

  // The history: restore the words that were live before, and publish them.
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { name: "History: About us" })).toBeVisible();
  const earlier = page
    .getByRole("row")
    .filter({ hasText: /Was live/ })
    .first();
  await earlier.getByRole("link", { name: /Compare with live/ }).click();
  await expect(page.getByText(`Only in the live page: ${words}`)).toBeAttached();
  await page.getByRole("button", { name: /Restore and publish/ }).click();
  await expect(page.getByRole("status")).toContainText("restored and published");
  await expect(page.getByRole("row").filter({ hasText: "Live now" })).toContainText("Restored");
  await visitor.goto("/about");
  await expect(visitor.getByText(words)).toHaveCount(0);
  await expect(visitor.getByText(before.split("\n")[0])).toBeVisible();
  await visitor.context().close();
});

test("Home: a hero picture is uploaded through the form and shows in the preview", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard/pages/home");
  const slide = page.getByRole("group", { name: "Slide 1", exact: true });
  const buffer = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  await slide.getByLabel("Upload a picture").setInputFiles({ name: "hero.png", mimeType: "image/png", buffer });
  await slide.getByLabel("Picture's description (alt text)").fill("A green field at the mobile clinic");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await expect(page.getByRole("group", { name: "Slide 1", exact: true }).getByLabel("Picture's address")).toHaveValue(
    /^\/uploads\/[a-f0-9]{32}\/800\.jpg$/,
  );
  await page.getByRole("link", { name: "Preview saved draft" }).click();
  await expect(page.getByRole("img", { name: "A green field at the mobile clinic" })).toHaveAttribute(
    "src",
    /^\/uploads\//,
  );
});

test("the Pages screens pass axe", async ({ browser, baseURL }) => {
  for (const path of [
    "/admin/dashboard/pages",
    "/admin/dashboard/pages/about",
    "/admin/dashboard/pages/faq",
    "/admin/dashboard/pages/about/history",
    "/admin/dashboard/pages/links",
  ]) {
    await expectStaffPageAccessible(browser, baseURL!, path);
  }
});

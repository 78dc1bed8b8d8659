// Projects and redirects without JavaScript (issue 52): staff add a project with a real picture
// and its alt text (a refusal first: no description, and the chosen file must be chosen again);
// it shows in Projects and Recent Projects with its picture, leaves Recent Projects when marked
// Completed, and its renamed address answers 301 to the new one; the spec's four projects stay.
// Then new words as a draft (not public), the staff-only preview, Publish, and the history's
// restore; Unpublish takes it off the site. axe judges the staff pages as served.
import path from "node:path";
import { type Page } from "@playwright/test";
import { signIn } from "./support/auth";
import { restoreVersionBeforeDraft } from "./support/editing";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { uniqueLetters } from "./support/db";

const PICTURE = path.join(process.cwd(), "tests/fixtures/images/mobile-clinic.jpg");
const SPEC_PROJECTS = [
  "Food and Flood Relief",
  "Primary Care Assistance",
  "Educational Assistance",
  "Public Health Supports",
];

const card = (page: Page, title: string) =>
  page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function pictureLoaded(page: Page, name: string) {
  const img = page.getByRole("main").getByRole("img", { name, exact: true });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img;
}

test("staff add a project with a picture; it shows, leaves Recent when Completed, and a renamed address answers 301", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await signIn(context, baseURL!);
  const letters = uniqueLetters();
  const title = `Mobile Clinics ${letters}`;
  const slug = `mobile-clinics-${letters}`;
  const alt = `A mobile clinic van marked with a red cross (${letters})`;

  await page.goto("/admin/dashboard/projects");
  await page.getByRole("link", { name: "New project" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Summary").fill("Clinics on wheels for remote villages.");
  await page.getByLabel("Status").selectOption("Active");
  await page.getByLabel("Body").fill("## Where we go\n\nEvery week, to villages without a clinic.");
  await page.getByLabel("Card picture", { exact: true }).setInputFiles(PICTURE);
  // No description and not marked decorative: refused, with the words kept and the file named.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(summary.getByRole("link", { name: /Describe the picture/ })).toBeVisible();
  await expect(summary).toContainText("the file you chose for the card picture was not kept: choose it again");
  await expect(page.getByLabel("Title")).toHaveValue(title);

  // Described now, but the body's link says only "click here": Publish runs the content checks.
  await page.getByLabel("Body").fill("## Where we go\n\nEvery week. To help, [click here](/donate).");
  await page.getByLabel("Card picture", { exact: true }).setInputFiles(PICTURE);
  await page.getByLabel("Description (alt text)").fill(alt);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(summary.getByRole("link", { name: /The link "click here" does not say where it goes/ })).toBeVisible();
  await expect(summary).toContainText("choose it again");
  await expect(page.getByLabel("Description (alt text)")).toHaveValue(alt);

  await page.getByLabel("Body").fill("## Where we go\n\nEvery week, to villages without a clinic.");
  await page.getByLabel("Card picture", { exact: true }).setInputFiles(PICTURE);
  await page.getByLabel(/^New picture 1/).setInputFiles(PICTURE);
  await page.getByLabel("Description of new picture 1 (alt text)").fill(`Nurses at the van's door (${letters})`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Published: the project is on the public site now.");

  // All Projects and Recent Projects show it with its picture; the spec's four stay.
  for (const list of ["/projects", "/projects/recent"]) {
    await page.goto(list);
    for (const spec of SPEC_PROJECTS) await expect(card(page, spec)).toHaveCount(1);
    await expect(card(page, title)).toHaveCount(1);
    await expect(card(page, title).getByText("Status: Active", { exact: true })).toBeVisible();
    const img = await pictureLoaded(page, alt);
    await expect(img).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\/\d+\.jpg$/);
  }
  await card(page, title)
    .getByRole("link", { name: `Learn More about ${title}` })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("heading", { level: 2, name: "Where we go" })).toBeVisible();
  await pictureLoaded(page, `Nurses at the van's door (${letters})`);

  // Marked Completed: still in All Projects, gone from Recent Projects.
  await page.goto("/admin/dashboard/projects");
  await page.getByRole("link", { name: title }).click();
  const editPath = new URL(page.url()).pathname;
  await page.getByLabel("Status").selectOption("Completed");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Published: the project is on the public site now.");
  await page.goto("/projects/recent");
  await expect(card(page, title)).toHaveCount(0);
  for (const spec of SPEC_PROJECTS) await expect(card(page, spec)).toHaveCount(1);
  await page.goto("/projects");
  await expect(card(page, title).getByText("Status: Completed", { exact: true })).toBeVisible();

  // A new address: the old one answers 301 to it (its page was in the page cache a moment before),
  // and the Redirects page lists it.
  // Cached: two answers in a row are the same bytes (a fresh render has a fresh nonce).
  await expect
    .poll(async () => {
      const [first, second] = [await request.get(`/projects/${slug}`), await request.get(`/projects/${slug}`)];
      return first.status() === 200 && first.headers()["etag"] === second.headers()["etag"];
    })
    .toBe(true);
  await page.goto(editPath);
  await page.getByLabel("Address").fill(`${slug}-renamed`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("link", { name: `/projects/${slug}-renamed` })).toBeVisible();
  const old = await request.get(`/projects/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers().location, baseURL).pathname).toBe(`/projects/${slug}-renamed`);
  expect((await request.get(`/projects/${slug}-renamed`)).status()).toBe(200);
  await page.goto("/admin/dashboard/redirects");
  const row = page
    .getByRole("row")
    .filter({ hasText: `/projects/${slug}` })
    .filter({ hasText: "Address changed" });
  await expect(row.getByRole("link", { name: `/projects/${slug}-renamed` })).toBeVisible();
  // The way back would loop: refused on the form, with the words kept.
  await page.getByLabel("Old address").fill(`/projects/${slug}-renamed`);
  await page.getByLabel("New address").fill(`/projects/${slug}`);
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("alert")).toContainText(/live page|loop/);
  await expect(page.getByLabel("New address")).toHaveValue(`/projects/${slug}`);

  // New words as a draft: not public; the staff preview shows them (a visitor's is a 404); Publish
  // shows them at once; the history's restore of the version before brings the earlier words back.
  const renamed = `/projects/${slug}-renamed`;
  const draftWords = `Draft words ${letters}.`;
  await page.goto(editPath);
  await page.getByLabel("Summary").fill(draftWords);
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  expect(await (await request.get(renamed)).text()).not.toContain(draftWords);
  await page.getByRole("link", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("main").getByText(draftWords)).toBeVisible();
  // In the public page's frame: the Projects tabs above it, the page in the same column.
  const tabs = page.getByRole("navigation", { name: "Projects" });
  await expect(tabs.getByRole("link", { name: "All Projects" })).toBeVisible();
  const previewColumn = (await page.getByRole("main").getByRole("heading", { level: 1 }).boundingBox())!.x;
  expect(previewColumn).toBeGreaterThan(0);
  expect(previewColumn).toBe((await tabs.boundingBox())!.x);
  expect((await request.get(new URL(page.url()).pathname)).status()).toBe(404);
  await page.goto(editPath);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Published: the project is on the public site now.");
  expect(await (await request.get(renamed)).text()).toContain(draftWords);
  await restoreVersionBeforeDraft(page);
  const restored = await (await request.get(renamed)).text();
  expect(restored).not.toContain(draftWords);
  expect(restored).toContain("Clinics on wheels for remote villages.");

  // Unpublish: off the public site.
  await page.goto(editPath);
  await page.getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Unpublished: the project is no longer on the public site.");
  expect((await request.get(`/projects/${slug}-renamed`)).status()).toBe(404);
  await page.goto("/projects");
  await expect(card(page, title)).toHaveCount(0);
});

test("the Projects and Redirects staff pages have no axe violations", async ({ axePage: page, baseURL }) => {
  await signIn(page.context(), baseURL!);
  await page.goto("/admin/dashboard/projects");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Food and Flood Relief" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Food and Flood Relief" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/dashboard/projects/new");
  // A refused form, errors and all.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/dashboard/redirects");
  await expectNoAxeViolations(page);
});

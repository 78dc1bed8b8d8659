// Publications with their documents (issue 52), without JavaScript: every card on /publications
// (the spec's three included) downloads a real PDF; staff upload a PDF and a visitor downloads
// the same bytes as application/pdf, and new words go through a draft, the staff-only preview,
// Publish and the history's restore; a file that only claims to be a PDF is refused with a
// message naming it, the words kept; axe on the staff screens and the page.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { signIn } from "./support/auth";
import { restoreVersionBeforeDraft } from "./support/editing";
import { uniqueTitle } from "./support/db";

const FIXTURES = path.join(process.cwd(), "tests/fixtures/publications");
const REAL_PDF = path.join(FIXTURES, "winter-newsletter.pdf");
const NOT_A_PDF = path.join(FIXTURES, "notes.pdf");

const SPEC_TITLES = ["Autumn 2025 Newsletter", "Annual Report 2024", "Access to Primary Care in Rural Communities"];

const cards = (page: Page) => page.getByRole("region", { name: "Publications" }).getByRole("listitem");

async function fillPublication(page: Page, title: string, file: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Type").selectOption({ label: "Research Paper" });
  await page.getByLabel("Date").fill("2026-01-15");
  await page.getByLabel("Description").fill("Findings from the winter clinics.");
  await page.getByLabel("Document (PDF)").setInputFiles(file);
}

test("every publication on the page, the spec's three included, has a Download link that serves a PDF", async ({
  page,
  request,
}) => {
  await page.goto("/publications");
  const items = cards(page);
  for (const title of SPEC_TITLES) {
    await expect(items.filter({ has: page.getByRole("heading", { name: title, exact: true }) })).toHaveCount(1);
  }
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let index = 0; index < count; index++) {
    const item = items.nth(index);
    const title = (await item.getByRole("heading", { level: 2 }).textContent())!.trim();
    // Named by what it shows and the title: "Download (PDF, 2 KB): Annual Report 2024".
    const link = item.getByRole("link", { name: /^Download/ });
    await expect(link).toHaveAccessibleName(
      new RegExp(`^Download \\(PDF, [\\d.]+ (KB|MB|bytes)\\): ${escape(title)}$`),
    );
    await expect(item.getByText(/Not online yet/)).toHaveCount(0);
    const href = (await link.getAttribute("href"))!;
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"$/);
    const body = await response.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Number(response.headers()["content-length"])).toBe(body.byteLength);
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("staff upload a PDF publication and a visitor downloads the same bytes as application/pdf", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await signIn(context, baseURL!);
  const title = uniqueTitle("Winter Clinics Report");
  await page.goto("/admin/dashboard/publications/new");
  await fillPublication(page, title, REAL_PDF);
  await page.getByRole("button", { name: "Add publication" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/publications$/);
  await expect(page.getByRole("status")).toHaveText("Publication saved.");
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

  // A visitor (not signed in) finds its card and downloads the document.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false, acceptDownloads: true });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/publications");
  const card = cards(visitorPage).filter({ has: visitorPage.getByRole("heading", { name: title, exact: true }) });
  await expect(card.getByText("Research Paper", { exact: true })).toBeVisible();
  await expect(card.getByText("15 January 2026", { exact: true })).toBeVisible();
  const link = card.getByRole("link", { name: /^Download \(PDF, 3 KB\): / });
  await expect(link).toHaveAccessibleName(`Download (PDF, 3 KB): ${title}`);
  const [download] = await Promise.all([visitorPage.waitForEvent("download"), link.click()]);
  const saved = fs.readFileSync((await download.path())!);
  expect(saved.equals(fs.readFileSync(REAL_PDF))).toBe(true);
  const response = await visitor.request.get((await link.getAttribute("href"))!);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(download.suggestedFilename()).toBe(new URL(response.url()).pathname.split("/").pop());

  // New words as a draft: not on the page; the staff-only preview shows the card (a visitor's is a
  // 404); Publish shows them; the history's restore of the version before brings the first words back.
  const draftWords = `Draft description ${title}.`;
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByLabel("Description").fill(draftWords);
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await visitorPage.goto("/publications");
  await expect(visitorPage.getByText(draftWords)).toHaveCount(0);
  const editPath = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("main").getByText(draftWords)).toBeVisible();
  expect((await visitor.request.get(new URL(page.url()).pathname)).status()).toBe(404);
  await page.goto(editPath);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Publication saved.");
  await visitorPage.goto("/publications");
  await expect(visitorPage.getByText(draftWords)).toBeVisible();
  await restoreVersionBeforeDraft(page);
  // Versions are numbered within this publication's history, and the restore names the one it came from.
  const live = page.getByRole("row").filter({ hasText: "Live now" });
  await expect(live).toContainText("4. Restored");
  await expect(live).toContainText("Restored from version 1 (");
  await visitorPage.goto("/publications");
  await expect(visitorPage.getByText(draftWords)).toHaveCount(0);
  await expect(card.getByText("Findings from the winter clinics.")).toBeVisible();
  await visitor.close();
});

test("a file named .pdf that is not a PDF is refused with a message naming it, the words kept", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL!);
  const title = uniqueTitle("Meeting Notes");
  await page.goto("/admin/dashboard/publications/new");
  await fillPublication(page, title, NOT_A_PDF);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Add publication" }).click(),
  ]);
  expect(response.status()).toBe(400);
  const field = page.getByLabel("Document (PDF)");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".field-error").getByText("notes.pdf is not a PDF document")).toBeVisible();
  await expect(page.getByText("choose the document again before you save")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Description")).toHaveValue("Findings from the winter clinics.");

  await page.goto("/publications");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

const staffScreens: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: "the list",
    open: async (page) => {
      await page.goto("/admin/dashboard/publications");
      await expect(page.getByRole("heading", { name: "Publications", level: 2 })).toBeVisible();
    },
  },
  {
    name: "the add form refused",
    open: async (page) => {
      await page.goto("/admin/dashboard/publications/new");
      await page.getByRole("button", { name: "Add publication" }).click();
      await expect(page.locator(".field-error").first()).toBeVisible();
    },
  },
  {
    name: "a publication's edit form",
    open: async (page) => {
      await page.goto("/admin/dashboard/publications");
      await page.getByRole("link", { name: "Annual Report 2024", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Edit: Annual Report 2024" })).toBeVisible();
    },
  },
  {
    name: "the types",
    open: async (page) => {
      await page.goto("/admin/dashboard/publications/types");
      await expect(page.getByRole("heading", { name: "Publication types" })).toBeVisible();
    },
  },
];

for (const screen of staffScreens) {
  test(`axe: ${screen.name} of the Publications section`, async ({ axePage, baseURL }) => {
    await signIn(axePage.context(), baseURL!);
    await screen.open(axePage);
    await expectNoAxeViolations(axePage);
  });
}

test("axe: the publications page with its Download links", async ({ axePage }) => {
  await axePage.goto("/publications");
  await expect(
    cards(axePage)
      .first()
      .getByRole("link", { name: /^Download/ }),
  ).toBeVisible();
  await expectNoAxeViolations(axePage);
});

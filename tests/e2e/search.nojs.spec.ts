// Site search without JavaScript (docs/search.md): the header's search box finds an article made
// through the API and the flood relief project, loses the article once it is deleted, answers
// odd queries without a 500, and the results page passes axe.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/axe";

const username = process.env.E2E_ADMIN_USERNAME ?? "admin";
const password = process.env.E2E_ADMIN_PASSWORD ?? "";

async function signIn(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { username, password } });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

/** Types `query` into the header's search box and submits it, as a visitor does. */
async function searchFromHeader(page: Page, query: string) {
  const box = page.getByRole("banner").getByRole("search");
  await box.getByRole("searchbox", { name: "Search this site" }).fill(query);
  await box.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=/);
}

test("the header's search box finds an article made through the API, and not once it is deleted", async ({
  page,
  request,
}) => {
  const word = `zebrafish${Date.now().toString(36)}`;
  const auth = { Authorization: `Bearer ${await signIn(request)}` };
  const created = await request.post("/api/news", {
    headers: auth,
    data: { title: `Clinic news about ${word}`, content: `The ${word} clinic opened its doors.` },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.goto("/");
  await searchFromHeader(page, word);
  await expect(page.getByRole("heading", { name: `1 result for “${word}”` })).toBeVisible();
  const result = page.getByRole("link", { name: `Clinic news about ${word}` });
  await expect(result).toHaveAttribute("href", `/news/${id}`);
  await expect(page.locator("mark", { hasText: word }).first()).toBeVisible();

  expect((await request.delete(`/api/news/${id}`, { headers: auth })).status()).toBe(204);
  await searchFromHeader(page, word);
  await expect(page.getByText(`No results for “${word}”.`)).toBeVisible();
  await expect(page.getByRole("link", { name: `Clinic news about ${word}` })).toHaveCount(0);
});

test("“flood relief” finds the flood relief project", async ({ page }) => {
  await page.goto("/about");
  await searchFromHeader(page, "flood relief");
  const project = page.getByRole("main").getByRole("link", { name: /Food and Flood Relief/ });
  await expect(project).toHaveAttribute("href", "/projects/flood-relief");
  await project.click();
  await expect(page).toHaveURL(/\/projects\/flood-relief$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the search box is in the menu", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("searchbox")).toBeHidden();
    await banner.getByText("Menu", { exact: true }).click();
    await searchFromHeader(page, "flood relief");
    await expect(page.getByRole("main").getByRole("link", { name: /Food and Flood Relief/ })).toBeVisible();
  });
});

test("odd queries never answer 500, an empty one is a helpful page", async ({ request }) => {
  const empty = await request.get("/search?q=");
  expect(empty.status()).toBe(200);
  expect(await empty.text()).toContain("How to search");
  expect((await request.get("/search")).status()).toBe(200);
  for (const query of [
    '"',
    '"flood relief',
    "flood*",
    "flood AND NOT relief",
    "NEAR(flood relief, 3)",
    "title:flood",
    "(((flood)",
    "a\u0000b",
    "\u202eflood\u202c\u2066",
    "🌊🚑 flood",
    "x".repeat(5000),
    "%E0%A4%A",
  ]) {
    const response = await request.get(`/search?q=${encodeURIComponent(query)}`);
    expect([200, 400], query.slice(0, 30)).toContain(response.status());
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  }
  expect((await request.get("/search?q=%")).status()).toBe(200);
  expect((await request.get("/api/search?q=%22NEAR(")).status()).toBe(200);
});

test.describe("the results page", () => {
  test("has no axe violations, with results and with none", async ({ axePage }) => {
    await axePage.goto("/search?q=clinic");
    await expect(axePage.getByRole("heading", { name: /results? for “clinic”/ })).toBeVisible();
    await expectNoAxeViolations(axePage);
    await axePage.goto("/search?q=prostetic");
    await expect(axePage.getByText("No results for “prostetic”.")).toBeVisible();
    await expect(axePage.getByRole("link", { name: "prosthetic" })).toBeVisible();
    await expectNoAxeViolations(axePage);
  });
});

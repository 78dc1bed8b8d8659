import { expect, test, type APIRequestContext } from "@playwright/test";
import { createArticle, deleteArticle, uniqueTitle } from "./support/db";

async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/auth/login", {
    data: { username: process.env.E2E_ADMIN_USERNAME, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

test.describe("public page cache", () => {
  test("an article written through the API shows on the cached list and detail at once", async ({ page, request }) => {
    await page.goto("/news"); // warm the cache
    await page.goto("/news");
    const token = await apiToken(request);
    const title = uniqueTitle("Cache check via API");
    const created = await request.post("/api/news", {
      headers: { Authorization: `Bearer ${token}` },
      data: { title, content: "Written through the API." },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    try {
      await page.goto("/news");
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await page.goto(`/news/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

      const edited = `${title} (edited)`;
      const put = await request.put(`/api/news/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { title: edited, content: "Edited through the API." },
      });
      expect(put.status()).toBe(200);
      await page.goto(`/news/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: edited })).toBeVisible();
    } finally {
      await request.delete(`/api/news/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    }
    await page.goto(`/news/${id}`);
    await expect(page.getByText("Article not found")).toBeVisible();
  });

  test("an article written to the database by another process shows at once", async ({ page }) => {
    await page.goto("/news");
    await page.goto("/news");
    const title = uniqueTitle("Cache check via another process");
    const article = await createArticle({ title, content: "Written straight into SQLite." });
    try {
      await page.goto("/news");
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    } finally {
      await deleteArticle(article.id);
    }
    await page.goto("/news");
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  });

  test("theme variants are never mixed up", async ({ request }) => {
    // The first round renders and stores each variant; the second is answered from the cache,
    // so a key that ignored the theme would hand the first variant stored to everyone.
    for (let round = 0; round < 2; round++) {
      const dark = await request.get("/news", { headers: { Cookie: "theme=dark" } });
      expect(await dark.text()).toContain('<html lang="en-GB" class="dark">');
      const light = await request.get("/news", { headers: { Cookie: "theme=light" } });
      expect(await light.text()).toContain('<html lang="en-GB" class="light">');
      const system = await request.get("/news");
      const html = await system.text();
      expect(html).toContain('<html lang="en-GB">');
      expect(html).not.toMatch(/<html[^>]*class=/);
    }
  });

  test("a forged X-Forwarded-Host cannot plant links to another site", async ({ request }) => {
    const forged = await request.get("/news/1", { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(forged.status()).toBe(200);
    const normal = await request.get("/news/1");
    expect(await normal.text()).not.toContain("evil.example");
  });

  test("every cached response gets its own CSP nonce, and public pages say how shared caches may keep them", async ({
    request,
  }) => {
    const first = await request.get("/news");
    const second = await request.get("/news");
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    const a = nonceOf(first.headers()["content-security-policy"]);
    const b = nonceOf(second.headers()["content-security-policy"]);
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(await second.text()).toContain(`nonce="${b}"`);
    expect(await second.text()).not.toContain(`nonce="${a}"`);
    expect(second.headers()["cache-control"]).toContain("s-maxage=");
    expect(second.headers()["vary"]).toMatch(/Cookie/i);
  });

  test("pages for a signed-in user are never stored", async ({ page, request }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(process.env.E2E_ADMIN_USERNAME!);
    await page.getByLabel("Password").fill(process.env.E2E_ADMIN_PASSWORD!);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    const signedIn = await page.request.get("/news");
    expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
    const dashboard = await page.request.get("/admin/dashboard");
    expect(dashboard.headers()["cache-control"]).toBe("private, no-store");
    const anonymous = await request.get("/news");
    expect(anonymous.headers()["cache-control"]).toContain("public");
  });
});

import { createHash } from "node:crypto";
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

  for (const path of ["/", "/news", "/donate", "/contact", "/about"]) {
    test(`${path}: the shared copy's CSP allows exactly its inline scripts, by hash, the same bytes for everyone`, async ({
      request,
    }) => {
      // Other tests add articles to the shared database meanwhile, and a new article rightly
      // changes / and /news: take two answers in a row from one version of the page.
      let first = await request.get(path);
      let second = await request.get(path);
      await expect
        .poll(async () => {
          if (second.headers()["etag"] === first.headers()["etag"]) return true;
          [first, second] = [second, await request.get(path)];
          return false;
        })
        .toBe(true);
      const body = await second.body();
      expect(body.equals(await first.body())).toBe(true);
      const csp = second.headers()["content-security-policy"];
      expect(csp).toBe(first.headers()["content-security-policy"]);
      expect(csp).not.toContain("nonce-");
      const scriptSrc = /(?:^|;\s*)script-src ([^;]+)/.exec(csp)?.[1].split(" ") ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      const html = body.toString("utf8");
      expect(html).not.toMatch(/\snonce=/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\ssrc=/.test(attributes),
      );
      expect(inline.length).toBeGreaterThan(0);
      const hashes = new Set(
        inline.map(([, , text]) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`),
      );
      // Every inline script is allowed, and nothing but them and our own origin.
      expect(new Set(scriptSrc)).toEqual(new Set(["'self'", ...hashes]));
      expect(second.headers()["cache-control"]).toContain("s-maxage=");
      expect(second.headers()["vary"]).toMatch(/Cookie/i);
    });
  }

  test("a cached page answers If-None-Match with 304, no body and the same caching headers", async ({ request }) => {
    // /about, not /news: other tests add articles meanwhile, and a new article rightly changes /news.
    const full = await request.get("/about");
    const etag = full.headers()["etag"];
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect((await request.get("/about")).headers()["etag"]).toBe(etag);
    const revalidated = await request.get("/about", { headers: { "If-None-Match": etag } });
    expect(revalidated.status()).toBe(304);
    expect((await revalidated.body()).length).toBe(0);
    for (const header of ["etag", "vary", "content-security-policy"]) {
      expect(revalidated.headers()[header], header).toBe(full.headers()[header]);
    }
    // Its lifetimes count down to the next scheduled article (other tests schedule some), so
    // the same directives, not the same numbers.
    const directives = (value: string | undefined) =>
      value?.replace(/=\d+/g, "=N").replace(/, stale-while-revalidate=N$/, "");
    expect(directives(revalidated.headers()["cache-control"])).toBe(directives(full.headers()["cache-control"]));
    expect(revalidated.headers()["cache-control"]).toMatch(/^public, max-age=\d+, .*s-maxage=\d+/);
    const changed = await request.get("/about", { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status()).toBe(200);
    expect((await changed.body()).equals(await full.body())).toBe(true);
  });

  test("pages that are not shared keep a fresh nonce per response and are never stored", async ({ request }) => {
    const first = await request.get("/admin/login");
    const second = await request.get("/admin/login");
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    const a = nonceOf(first.headers()["content-security-policy"]);
    const b = nonceOf(second.headers()["content-security-policy"]);
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(await second.text()).toContain(`nonce="${b}"`);
    expect(second.headers()["cache-control"]).toBe("private, no-store");
    expect(second.headers()["etag"]).toBeUndefined();
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

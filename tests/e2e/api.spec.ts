// The JSON API against the real production server (remix-serve): what an API client sees on
// the wire, and that articles written through the API are on the public pages at once.
import { expect, test, type APIRequestContext } from "@playwright/test";

const username = process.env.E2E_ADMIN_USERNAME ?? "admin";
const password = process.env.E2E_ADMIN_PASSWORD ?? "";

async function signIn(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { username, password } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ success: true, user: { username } });
  return body.token;
}

const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test("an article written through the API is on /news at once, follows edits and goes when deleted", async ({
  page,
  request,
}) => {
  const token = await signIn(request);
  const auth = { Authorization: `Bearer ${token}` };
  const title = unique("Written by an API client");

  const created = await request.post("/api/news", {
    headers: auth,
    data: { title, content: "First line.\nSecond line.", image_url: null },
  });
  expect(created.status()).toBe(201);
  const article = await created.json();
  expect(created.headers()["location"]).toBe(`/api/news/${article.id}`);

  await page.goto("/news");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Second line.", { exact: false })).toBeVisible();

  const newTitle = unique("Edited by an API client");
  const updated = await request.put(`/api/news/${article.id}`, {
    headers: auth,
    data: { title: newTitle, content: "Rewritten." },
  });
  expect(updated.status()).toBe(200);
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();

  const deleted = await request.delete(`/api/news/${article.id}`, { headers: auth });
  expect(deleted.status()).toBe(204);
  const gone = await page.goto(`/news/${article.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Article not found" })).toBeVisible();
  expect((await request.get(`/api/news/${article.id}`)).status()).toBe(404);
});

test("the server answers the API in JSON with its headers, errors included", async ({ request }) => {
  const list = await request.get("/api/news");
  expect(list.status()).toBe(200);
  expect(list.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(list.headers()["cache-control"]).toBe("no-store");
  expect(list.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Array.isArray(await list.json())).toBe(true);

  const head = await request.head("/api/news");
  expect(head.status()).toBe(200);
  expect((await head.body()).byteLength).toBe(0);

  const unknown = await request.fetch("/api/does/not/exist", { method: "PATCH" });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "Not found" });

  const wrongMethod = await request.fetch("/api/news/1", { method: "PATCH", data: {} });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()["allow"]).toBe("GET, PUT, DELETE");

  const anonymous = await request.post("/api/news", { data: { title: "x", content: "y" } });
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer\b/);

  const missing = await request.get("/api/news/abc");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: "Article not found" });
});

test("the server refuses bodies that are not JSON or too large", async ({ request }) => {
  const token = await signIn(request);
  const auth = { Authorization: `Bearer ${token}` };

  const form = await request.post("/api/news", { headers: auth, form: { title: "x", content: "y" } });
  expect(form.status()).toBe(415);
  expect(await form.json()).toEqual({ error: expect.any(String) });

  const malformed = await request.post("/api/news", {
    headers: { ...auth, "Content-Type": "application/json" },
    data: '{"title": "x",',
  });
  expect(malformed.status()).toBe(400);

  const huge = await request.post("/api/news", {
    headers: { ...auth, "Content-Type": "application/json" },
    data: JSON.stringify({ title: "x", content: "y".repeat(300 * 1024) }),
  });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toEqual({ error: expect.any(String) });

  const logout = await request.post("/api/auth/logout", { headers: auth });
  expect(logout.status()).toBe(204);
  expect((await request.get("/api/auth/verify", { headers: auth })).status()).toBe(401);
});

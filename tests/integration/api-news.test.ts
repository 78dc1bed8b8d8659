// docs/api.md, the news calls: GET/POST /api/news, GET/PUT/DELETE /api/news/{id}, the generic
// failures (405, 413, 415, malformed JSON), the limits, and the JSON 404 for unknown /api paths.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createNews, getNews, listNews } from "~/publishing/models/news.server";
import * as notFoundRoute from "~/routes/api+/$";
import * as collection from "~/routes/api+/news";
import * as item from "~/routes/api+/news.$id";
import { resetDatabase } from "./helpers";
import { apiRequest, call, createApiUser, expectApiHeaders, jsonOf, tokenFor } from "./api-support";
import { getDb } from "~/infra/db.server";

// Tests that move the clock themselves leave it real for the next one, even when they fail.
afterEach(() => {
  vi.useRealTimers();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const valid = { title: "Clinic opens", content: "The new clinic opened today.\nAll welcome." };

let token: string;

beforeAll(async () => {
  await resetDatabase();
  token = await tokenFor(await createApiUser());
});

beforeEach(async () => {
  await getDb().deleteFrom("news").execute();
  // Articles are written straight to the table here, not through the news service that clears
  // the page cache, which keeps anonymous API answers (decision 33): clear it as the service would.
  const { pageCache } = await import("~/infra/page-cache.server");
  pageCache.clear();
});

const list = () => call(collection, apiRequest("/api/news"));
const create = (json: unknown, init: Parameters<typeof apiRequest>[1] = {}) =>
  call(collection, apiRequest("/api/news", { method: "POST", json, token, ...init }));
const get = (id: string | number) => call(item, apiRequest(`/api/news/${id}`), { id: String(id) });
const put = (id: string | number, json: unknown, init: Parameters<typeof apiRequest>[1] = {}) =>
  call(item, apiRequest(`/api/news/${id}`, { method: "PUT", json, token, ...init }), { id: String(id) });
const del = (id: string | number, init: Parameters<typeof apiRequest>[1] = {}) =>
  call(item, apiRequest(`/api/news/${id}`, { method: "DELETE", token, ...init }), { id: String(id) });

function expectArticleShape(article: Record<string, unknown>) {
  expect(Object.keys(article).sort()).toEqual([
    "content",
    "created_at",
    "id",
    "image_alt",
    "image_url",
    "publish_at",
    "status",
    "title",
    "updated_at",
  ]);
  expect(["draft", "published"]).toContain(article.status);
  expect(article.publish_at).toMatch(ISO);
  expect(typeof article.id).toBe("number");
  expect(typeof article.title).toBe("string");
  expect(typeof article.content).toBe("string");
  expect(article.image_url === null || typeof article.image_url === "string").toBe(true);
  expect(article.created_at).toMatch(ISO);
  expect(article.updated_at).toMatch(ISO);
}

describe("GET /api/news", () => {
  it("answers 200 with an empty array when there are no articles", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expectApiHeaders(response);
    expect(await jsonOf(response)).toEqual([]);
  });

  it("lists every article newest first, in the contract's shape", async () => {
    const db = getDb();
    const older = await db
      .insertInto("news")
      .values({
        title: "Older",
        content: "a",
        image_url: null,
        created_at: "2024-01-01T00:00:00.000Z",
        updated_at: "2024-01-01T00:00:00.000Z",
        publish_at: "2024-01-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const newer = await db
      .insertInto("news")
      .values({
        title: "Newer",
        content: "b",
        image_url: "https://example.org/a.png",
        created_at: "2025-01-01T00:00:00.000Z",
        updated_at: "2025-01-01T00:00:00.000Z",
        publish_at: "2025-01-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const body = await jsonOf(await list());
    expect(body.map((a: { id: number }) => a.id)).toEqual([newer.id, older.id]);
    body.forEach(expectArticleShape);
    expect(body[0]).toEqual({
      id: newer.id,
      title: "Newer",
      content: "b",
      image_url: "https://example.org/a.png",
      image_alt: null,
      status: "published",
      publish_at: "2025-01-01T00:00:00.000Z",
      created_at: "2025-01-01T00:00:00.000Z",
      updated_at: "2025-01-01T00:00:00.000Z",
    });
    expect(body[1].image_url).toBeNull();
  });

  it("needs no token and answers HEAD like GET", async () => {
    const response = await call(collection, apiRequest("/api/news", { method: "HEAD" }));
    expect(response.status).toBe(200);
    expectApiHeaders(response);
  });

  it.each(["PUT", "DELETE", "PATCH", "OPTIONS"])("answers %s with 405 and Allow: GET, POST", async (method) => {
    const response = await call(collection, apiRequest("/api/news", { method, token }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
    expectApiHeaders(response);
    expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
  });
});

describe("GET /api/news/{id}", () => {
  it("answers 200 with the article", async () => {
    const created = await createNews(getDb(), { ...valid, imageUrl: "https://example.org/clinic.png" });
    const response = await get(created.id);
    expect(response.status).toBe(200);
    expectApiHeaders(response);
    const body = await jsonOf(response);
    expectArticleShape(body);
    expect(body).toMatchObject({ id: created.id, ...valid, image_url: "https://example.org/clinic.png" });
  });

  it("answers 404 Article not found for a missing id", async () => {
    const response = await get(999_999);
    expect(response.status).toBe(404);
    expectApiHeaders(response);
    expect(await jsonOf(response)).toEqual({ error: "Article not found" });
  });

  it.each([
    "abc",
    "0",
    "-1",
    "1.5",
    "1e3",
    "01",
    "0x10",
    " 1",
    "1 ",
    "99999999999999999999999",
    "9007199254740993",
    "NaN",
    "Infinity",
    "%00",
    "",
  ])("answers 404 for the id %j, which is not a positive integer", async (id) => {
    await createNews(getDb(), valid);
    const response = await get(id);
    expect(response.status).toBe(404);
    expect(await jsonOf(response)).toEqual({ error: "Article not found" });
  });

  it.each(["POST", "PATCH", "OPTIONS"])("answers %s with 405 and Allow: GET, PUT, DELETE", async (method) => {
    const { id } = await createNews(getDb(), valid);
    const response = await call(item, apiRequest(`/api/news/${id}`, { method, json: valid, token }), {
      id: String(id),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, PUT, DELETE");
    expectApiHeaders(response);
    expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
    // Nothing changed.
    expect((await getNews(getDb(), id))?.title).toBe(valid.title);
  });
});

describe("POST /api/news", () => {
  it("answers 201 with the article and a Location, and the article is what /news lists", async () => {
    const response = await create({ ...valid, image_url: "https://example.org/clinic.png" });
    expect(response.status).toBe(201);
    expectApiHeaders(response);
    const body = await jsonOf(response);
    expectArticleShape(body);
    expect(body).toMatchObject({ ...valid, image_url: "https://example.org/clinic.png" });
    expect(body.created_at).toBe(body.updated_at);
    expect(response.headers.get("Location")).toBe(`/api/news/${body.id}`);

    // The public pages read listNews: the article is there at once.
    const listed = await listNews(getDb());
    expect(listed[0]).toMatchObject({ id: body.id, title: valid.title, content: valid.content });
    expect(await jsonOf(await get(body.id))).toEqual(body);
  });

  it("treats a missing, null, empty or blank image_url as none", async () => {
    for (const image_url of [undefined, null, "", "   "]) {
      const body = await jsonOf(await create({ ...valid, image_url }));
      expect(body.image_url).toBeNull();
    }
  });

  it("trims title and content and ignores unknown fields", async () => {
    const response = await create({
      title: "  Spaced  ",
      content: " Body ",
      id: 42,
      created_at: "2000-01-01T00:00:00Z",
      admin: true,
    });
    expect(response.status).toBe(201);
    const body = await jsonOf(response);
    expect(body.title).toBe("Spaced");
    expect(body.content).toBe("Body");
    expect(body.id).not.toBe(42);
    expect(body.created_at).not.toBe("2000-01-01T00:00:00Z");
    expect(body).not.toHaveProperty("admin");
  });

  it("stores text exactly as sent, markup included (it is rendered as text)", async () => {
    const hostile = {
      title: "<script>alert(1)</script>",
      content: "<img src=x onerror=alert(1)>\n'; DROP TABLE news; --",
    };
    const body = await jsonOf(await create(hostile));
    expect(body).toMatchObject(hostile);
    expect((await getNews(getDb(), body.id))?.content).toBe(hostile.content);
  });

  it("accepts the limits exactly", async () => {
    const image_url = "https://example.org/" + "a".repeat(2048 - "https://example.org/".length);
    const response = await create({ title: "t".repeat(200), content: "c".repeat(50_000), image_url });
    expect(response.status).toBe(201);
    const body = await jsonOf(response);
    expect(body.title).toHaveLength(200);
    expect(body.content).toHaveLength(50_000);
    expect(body.image_url).toHaveLength(2048);
  });

  it("counts characters, not UTF-16 units: 200 emoji are a valid title, 201 are not", async () => {
    expect((await create({ title: "😀".repeat(200), content: "c" })).status).toBe(201);
    expect((await create({ title: "😀".repeat(201), content: "c" })).status).toBe(400);
  });

  it.each([
    ["no title", { content: "c" }, ["title"]],
    ["no content", { title: "t" }, ["content"]],
    ["an empty object", {}, ["title", "content"]],
    ["a blank title", { title: "   ", content: "c" }, ["title"]],
    ["a 201-character title", { title: "t".repeat(201), content: "c" }, ["title"]],
    ["content of 50,001 characters", { title: "t", content: "c".repeat(50_001) }, ["content"]],
    [
      "an image_url of 2,049 characters",
      { ...valid, image_url: "https://example.org/" + "a".repeat(2049 - 20) },
      ["image_url"],
    ],
    ["a javascript: image_url", { ...valid, image_url: "javascript:alert(1)" }, ["image_url"]],
    ["a data: image_url", { ...valid, image_url: "data:image/svg+xml,<svg onload=alert(1)>" }, ["image_url"]],
    ["a relative image_url", { ...valid, image_url: "/images/a.png" }, ["image_url"]],
    ["an ftp image_url", { ...valid, image_url: "ftp://example.org/a.png" }, ["image_url"]],
    ["a numeric title", { title: 123, content: "c" }, ["title"]],
    ["an array title", { title: ["t"], content: "c" }, ["title"]],
    ["an object content", { title: "t", content: { text: "c" } }, ["content"]],
    ["a boolean image_url", { ...valid, image_url: true }, ["image_url"]],
    ["a null title", { title: null, content: null }, ["title", "content"]],
  ])("answers 400 with issues for %s", async (_label, json, fields) => {
    const response = await create(json);
    expect(response.status).toBe(400);
    expectApiHeaders(response);
    const body = await jsonOf(response);
    expect(typeof body.error).toBe("string");
    expect(Object.keys(body.issues).sort()).toEqual([...fields].sort());
    for (const messages of Object.values(body.issues))
      expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await listNews(getDb())).toEqual([]);
  });

  it("names the limit in the message", async () => {
    const body = await jsonOf(await create({ title: "t".repeat(201), content: "c" }));
    expect(body.issues.title).toEqual(["Title must be at most 200 characters"]);
    const typed = await jsonOf(await create({ title: 123, content: "c" }));
    expect(typed.issues.title).toEqual(["Title must be a string"]);
  });

  it.each([
    ["malformed JSON", '{"title": "x",'],
    ["a trailing comma", '{"title": "x", "content": "y",}'],
    ["a JSON array", JSON.stringify([valid])],
    ["a JSON number", "42"],
    ["JSON null", "null"],
    ["an empty body", ""],
    ["bytes that are not UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
  ])("answers %s with 400", async (_label, body) => {
    const response = await create(undefined, { body, headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
    expectApiHeaders(response);
    expect(await jsonOf(response)).toMatchObject({ error: expect.any(String) });
  });

  it("answers a body that is not declared as JSON with 415", async () => {
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=latin1",
      "json",
    ]) {
      const response = await create(undefined, {
        body: JSON.stringify(valid),
        headers: { "Content-Type": contentType },
      });
      expect(response.status).toBe(415);
      expectApiHeaders(response);
      expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
    }
    const noType = apiRequest("/api/news", { method: "POST", token, body: new Blob([JSON.stringify(valid)]) });
    noType.headers.delete("Content-Type");
    expect((await call(collection, noType)).status).toBe(415);
    expect(await listNews(getDb())).toEqual([]);
  });

  it("accepts application/json with a charset, in any case", async () => {
    const response = await create(undefined, {
      body: JSON.stringify(valid),
      headers: { "Content-Type": "Application/JSON; Charset=utf-8" },
    });
    expect(response.status).toBe(201);
  });

  it("answers 413 from the Content-Length alone, without reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    });
    const response = await create(undefined, {
      body,
      headers: { "Content-Type": "application/json", "Content-Length": String(300 * 1024) },
    });
    expect(response.status).toBe(413);
    expectApiHeaders(response);
    expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
    // A stream may pull once on its own to fill its queue; the route read nothing of it.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("answers 413 for a streamed body past 256 KiB and stops reading there", async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    let sent = 0;
    // An endless body: only a reader that stops at the limit can answer at all.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await create(undefined, { body, headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(413);
    expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
    expect(sent).toBeLessThan(256 * 1024 + 4 * chunk.byteLength);
  });

  it("answers a valid JSON body just over 256 KiB with 413 and one just under with 400 or 201", async () => {
    const limit = 256 * 1024;
    const padded = (size: number) => {
      const base = JSON.stringify({ ...valid, padding: "" });
      return JSON.stringify({ ...valid, padding: "x".repeat(size - base.length) });
    };
    expect(new TextEncoder().encode(padded(limit + 1)).byteLength).toBe(limit + 1);
    expect(
      (await create(undefined, { body: padded(limit + 1), headers: { "Content-Type": "application/json" } })).status,
    ).toBe(413);
    expect(
      (await create(undefined, { body: padded(limit), headers: { "Content-Type": "application/json" } })).status,
    ).toBe(201);
  });

  it("checks the token before the body: 401 beats 415, 413 and 400", async () => {
    const cases: Parameters<typeof apiRequest>[1][] = [
      { json: valid },
      { json: {} },
      { body: "not json", headers: { "Content-Type": "text/plain" } },
      { body: "{", headers: { "Content-Type": "application/json" } },
      { json: { title: "x".repeat(300 * 1024) } },
    ];
    for (const init of cases) {
      for (const auth of [{ token: undefined }, { token: "bogus-token" }]) {
        const response = await create(undefined, { ...init, ...auth });
        expect(response.status).toBe(401);
        expectApiHeaders(response);
        expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
        expect(await jsonOf(response)).toEqual({ error: expect.any(String) });
      }
    }
    expect(await listNews(getDb())).toEqual([]);
  });

  it("refuses a token given in a cookie or the query string", async () => {
    const viaQuery = call(collection, apiRequest(`/api/news?token=${token}`, { method: "POST", json: valid }));
    const viaCookie = call(
      collection,
      apiRequest("/api/news", { method: "POST", json: valid, headers: { Cookie: `token=${token}` } }),
    );
    for (const response of await Promise.all([viaQuery, viaCookie])) expect(response.status).toBe(401);
  });
});

describe("PUT /api/news/{id}", () => {
  it("answers 200 with the replaced article; image_url left out becomes null", async () => {
    // A clock moved on by a second, so updated_at must differ from created_at.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const created = await jsonOf(await create({ ...valid, image_url: "https://example.org/a.png" }));
    vi.setSystemTime(start + 1_000);
    const response = await put(created.id, { title: "Updated", content: "New text", ignored: 1 });
    expect(response.status).toBe(200);
    expectApiHeaders(response);
    const body = await jsonOf(response);
    expectArticleShape(body);
    expect(body).toMatchObject({
      id: created.id,
      title: "Updated",
      content: "New text",
      image_url: null,
      created_at: created.created_at,
    });
    expect(body.updated_at > created.updated_at).toBe(true);
    expect(await getNews(getDb(), created.id)).toMatchObject({
      title: "Updated",
      content: "New text",
      imageUrl: null,
    });
  });

  it("sets an image_url", async () => {
    const created = await jsonOf(await create(valid));
    const body = await jsonOf(await put(created.id, { ...valid, image_url: "http://example.org/b.png" }));
    expect(body.image_url).toBe("http://example.org/b.png");
  });

  it("answers 400 with issues for an invalid replacement and leaves the article alone", async () => {
    const created = await jsonOf(await create(valid));
    for (const json of [
      { title: "only a title" },
      { title: "t".repeat(201), content: "c" },
      { ...valid, image_url: "javascript:alert(1)" },
      { title: 1, content: [] },
    ]) {
      const response = await put(created.id, json);
      expect(response.status).toBe(400);
      const body = await jsonOf(response);
      expect(body).toMatchObject({ error: expect.any(String), issues: expect.any(Object) });
      expect(Object.keys(body.issues).length).toBeGreaterThan(0);
    }
    expect(await getNews(getDb(), created.id)).toMatchObject(valid);
  });

  it("answers 400 for malformed JSON, 415 for another type and 413 for a large body", async () => {
    const created = await jsonOf(await create(valid));
    expect(
      (await put(created.id, undefined, { body: "{oops", headers: { "Content-Type": "application/json" } })).status,
    ).toBe(400);
    expect(
      (await put(created.id, undefined, { body: JSON.stringify(valid), headers: { "Content-Type": "text/plain" } }))
        .status,
    ).toBe(415);
    expect((await put(created.id, { ...valid, content: "c".repeat(300 * 1024) })).status).toBe(413);
  });

  it("answers 404 for a missing or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5", "1e3"]) {
      const response = await put(id, valid);
      expect(response.status).toBe(404);
      expectApiHeaders(response);
      expect(await jsonOf(response)).toEqual({ error: "Article not found" });
    }
    expect(await listNews(getDb())).toEqual([]);
  });

  it("answers 401 before anything else", async () => {
    const created = await jsonOf(await create(valid));
    for (const [id, init] of [
      [created.id, { json: { title: "Hacked", content: "x" } }],
      ["999999", { json: valid }],
      [created.id, { body: "{", headers: { "Content-Type": "application/json" } }],
    ] as const) {
      const response = await put(id, undefined, { ...init, token: undefined });
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
    }
    expect((await getNews(getDb(), created.id))?.title).toBe(valid.title);
  });
});

describe("DELETE /api/news/{id}", () => {
  it("answers 204 with no body and the article is gone everywhere", async () => {
    const created = await jsonOf(await create(valid));
    const response = await del(created.id);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expectApiHeaders(response);
    expect((await get(created.id)).status).toBe(404);
    expect(await listNews(getDb())).toEqual([]);
    // Deleting again: nothing there any more.
    expect((await del(created.id)).status).toBe(404);
  });

  it("answers 404 for a missing or malformed id", async () => {
    for (const id of ["424242", "abc", "0", "-5", "2.0"]) {
      const response = await del(id);
      expect(response.status).toBe(404);
      expect(await jsonOf(response)).toEqual({ error: "Article not found" });
    }
  });

  it("answers 401 without a valid token and keeps the article", async () => {
    const created = await jsonOf(await create(valid));
    for (const auth of [undefined, "bogus"]) {
      const response = await del(created.id, { token: auth });
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
    }
    expect(await getNews(getDb(), created.id)).toBeDefined();
  });
});

describe("articles written elsewhere", () => {
  it("appear in the API at once (the admin writes through the same model)", async () => {
    const article = await createNews(getDb(), { title: "From the admin", content: "Written in the dashboard" });
    const body = await jsonOf(await list());
    expect(body.map((a: { id: number }) => a.id)).toContain(article.id);
  });
});

describe("unknown /api paths", () => {
  it.each([
    ["GET", "/api/nothing"],
    ["POST", "/api/nothing/here"],
    ["PUT", "/api/news/1/comments"],
    ["DELETE", "/api/auth"],
    ["PATCH", "/api/x"],
    ["OPTIONS", "/api/x"],
    ["HEAD", "/api/x"],
  ])("%s %s answers 404 JSON", async (method, path) => {
    const response = await call(notFoundRoute, apiRequest(path, { method }), { "*": path.slice(5) });
    expect(response.status).toBe(404);
    expectApiHeaders(response);
    if (method !== "HEAD") expect(await jsonOf(response)).toEqual({ error: "Not found" });
  });
});

describe("an unexpected failure", () => {
  it("answers 500 JSON without details (and is logged on the server only)", async () => {
    const { withApi } = await import("~/routes/_glue/api.server");
    const { logger } = await import("~/infra/logger.server");
    const { vi } = await import("vitest");
    // Request loggers are children of the shared logger and inherit its methods.
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const response = await withApi(apiRequest("/api/news"), async () => {
        throw new Error("SQLITE_CORRUPT: secret internals");
      });
      expect(response.status).toBe(500);
      expectApiHeaders(response);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: "Internal server error" });
      expect(text).not.toContain("SQLITE");
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ event: "request.failed" }), "API request failed");
    } finally {
      logged.mockRestore();
    }
  });
});

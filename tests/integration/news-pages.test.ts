import { beforeEach, describe, expect, it } from "vitest";
import { createNews } from "~/publishing/models/news.server";
import { loader as listLoader, meta as listMeta } from "~/routes/_public+/news._index";
import { loader as detailLoader, meta as detailMeta } from "~/routes/_public+/news.$id";
import { getDb } from "~/infra/db.server";
import { preview } from "~/utils/text";
import { resetDatabase } from "./helpers";

async function insert(title: string, createdAt: string, extra: { content?: string; imageUrl?: string | null } = {}) {
  const db = getDb();
  const article = await createNews(db, {
    title,
    content: extra.content ?? `Content of ${title}`,
    imageUrl: extra.imageUrl,
  });
  // createNews stamps "now"; tests need a known order.
  await db
    .updateTable("news")
    .set({ created_at: createdAt, updated_at: createdAt, publish_at: createdAt })
    .where("id", "=", article.id)
    .execute();
  return { ...article, createdAt, updatedAt: createdAt, publishAt: createdAt };
}

// Loaders typed loosely: the tests read their JSON bodies, whose shape they assert themselves.
const call = (
  loader: (args: any) => Promise<Response>,
  url: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response & { json(): Promise<any> }> =>
  loader({ request: new Request(url, { headers }), params, context: {} });

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

beforeEach(resetDatabase);

describe("/news loader", () => {
  it("returns the database's articles newest first, with only the card fields", async () => {
    await insert("Older", "2024-01-01T10:00:00.000Z");
    await insert("Newest", "2025-03-01T10:00:00.000Z");
    await insert("Middle", "2024-06-01T10:00:00.000Z");

    const response = await call(listLoader, "http://localhost/news");
    const data = await response.json();
    expect(data.articles.map((a: { title: string }) => a.title)).toEqual(["Newest", "Middle", "Older"]);
    expect(Object.keys(data.articles[0]).sort()).toEqual(["content", "createdAt", "id", "image", "imageUrl", "title"]);
    expect(data.url).toBe("http://localhost:3000/news");
  });

  it("returns an empty list when there are no articles (the page then shows its empty state)", async () => {
    const data = await (await call(listLoader, "http://localhost/news")).json();
    expect(data.articles).toEqual([]);
  });

  it("sends no more of a long article than its card preview needs, and the same preview", async () => {
    const content = `${"word ".repeat(5_000)}end`;
    await insert("Long", "2025-01-01T00:00:00.000Z", { content });
    const [card] = (await (await call(listLoader, "http://localhost/news")).json()).articles;
    expect(card.content.length).toBeLessThanOrEqual(151);
    expect(preview(card.content, 150)).toBe(preview(content, 150));
    expect(preview(card.content, 150).endsWith("…")).toBe(true);
  });

  it("drops image URLs that are not http(s)", async () => {
    await insert("Bad image", "2025-01-01T00:00:00.000Z", { imageUrl: "javascript:alert(1)" });
    await insert("Good image", "2025-01-02T00:00:00.000Z", { imageUrl: "https://example.org/a.png" });
    const data = await (await call(listLoader, "http://localhost/news")).json();
    expect(data.articles.map((a: { imageUrl: string | null }) => a.imageUrl)).toEqual([
      "https://example.org/a.png",
      null,
    ]);
  });

  it("describes the page and advertises the canonical URL", async () => {
    const data = await (await call(listLoader, "http://localhost/news")).json();
    const tags = listMeta({ data } as any);
    expect(tags).toContainEqual({ property: "og:url", content: "http://localhost:3000/news" });
    expect(tags).toContainEqual({ property: "og:type", content: "website" });
  });
});

describe("/news/{id} loader", () => {
  it("returns the article, its absolute URL and share links", async () => {
    const article = await insert("Gala & dinner", "2025-09-01T09:00:00.000Z", { content: "Line one\nLine two" });
    const response = await call(detailLoader, `http://localhost:3000/news/${article.id}`, { id: String(article.id) });
    const data = await response.json();
    expect(data.article).toMatchObject({
      id: article.id,
      title: "Gala & dinner",
      content: "Line one\nLine two",
      imageUrl: null,
    });
    expect(data.url).toBe(`http://localhost:3000/news/${article.id}`);
    const encoded = encodeURIComponent(data.url);
    expect(data.shareLinks).toEqual([
      { network: "Twitter", href: `https://twitter.com/intent/tweet?url=${encoded}&text=Gala%20%26%20dinner` },
      { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
      { network: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}` },
    ]);
  });

  it("builds the absolute URL, share links and picture on PUBLIC_URL, whatever the host headers say", async () => {
    const article = await insert("Behind a proxy", "2025-01-01T00:00:00.000Z");
    const data = await (
      await call(
        detailLoader,
        `http://evil.example/news/${article.id}`,
        { id: String(article.id) },
        {
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": "evil.example",
        },
      )
    ).json();
    expect(data.url).toBe(`http://localhost:3000/news/${article.id}`);
    expect(JSON.stringify(data)).not.toContain("evil.example");
  });

  it("ignores a forwarded host that is not a host name", async () => {
    const article = await insert("Forged header", "2025-01-01T00:00:00.000Z");
    const data = await (
      await call(
        detailLoader,
        `http://localhost:3000/news/${article.id}`,
        { id: String(article.id) },
        {
          "X-Forwarded-Host": 'evil.example/"><script>',
        },
      )
    ).json();
    expect(data.url).toBe(`http://localhost:3000/news/${article.id}`);
  });

  it("gives article meta: og:type article, og:url, published time, description and image", async () => {
    const article = await insert("With image", "2025-02-03T04:05:06.000Z", {
      content: "A long description ".repeat(20),
      imageUrl: "https://example.org/photo.png",
    });
    const data = await (
      await call(detailLoader, `http://localhost/news/${article.id}`, { id: String(article.id) })
    ).json();
    const tags = detailMeta({ data } as any);
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({ property: "og:url", content: `http://localhost:3000/news/${article.id}` });
    expect(tags).toContainEqual({ property: "article:published_time", content: "2025-02-03T04:05:06.000Z" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://example.org/photo.png" });
    expect(tags).toContainEqual({ title: expect.stringMatching(/^With image \| /) });
    const description = tags.find((t: any) => t.name === "description") as { content: string };
    expect(description.content.startsWith("A long description")).toBe(true);
    expect(description.content.length).toBeLessThanOrEqual(161);
  });

  it("titles the not-found page 'Article not found'", () => {
    expect(detailMeta({ data: undefined } as any)).toContainEqual({
      title: expect.stringMatching(/^Article not found/),
    });
  });

  it.each(["999999", "abc", "0", "-1", "1abc", "01", "1.5", "1e3", " 1", "99999999999999999999", "9007199254740993"])(
    "throws a 404 Response for id %j",
    async (id) => {
      await insert("Exists", "2025-01-01T00:00:00.000Z");
      const error = await thrownBy(call(detailLoader, `http://localhost/news/${encodeURIComponent(id)}`, { id }));
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(404);
    },
  );

  it("throws a 404 once the article has been deleted", async () => {
    const article = await insert("Gone soon", "2025-01-01T00:00:00.000Z");
    await getDb().deleteFrom("news").where("id", "=", article.id).execute();
    const error = await thrownBy(call(detailLoader, `http://localhost/news/${article.id}`, { id: String(article.id) }));
    expect((error as Response).status).toBe(404);
  });
});

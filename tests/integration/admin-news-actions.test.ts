// The News Management routes: list, add, edit, delete (with and without confirmation), the
// statistics count, validation with input kept, failures, and cross-site rejection.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminMessages } from "~/content/admin";
import { createNews, getNews, listNews } from "~/publishing/models/news.server";
import * as newsList from "~/routes/admin+/dashboard+/news";
import * as deleteRoute from "~/routes/admin+/dashboard+/news.$id.delete";
import * as editRoute from "~/routes/admin+/dashboard+/news.$id.edit";
import * as newRoute from "~/routes/admin+/dashboard+/news.new";
import * as stats from "~/routes/admin+/dashboard+/stats";
import { getDb } from "~/infra/db.server";
import { failWritesWhen, resetDatabase } from "./helpers";
import { adminCookie, bodyOf, getRequest, postForm, run } from "./admin-support";

// Tests that move the clock themselves leave it real for the next one, even when they fail.
afterEach(() => {
  vi.useRealTimers();
});

let cookie: string;

beforeEach(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

const NEW = "/admin/dashboard/news/new";
const editPath = (id: number | string) => `/admin/dashboard/news/${id}/edit`;
const deletePath = (id: number | string) => `/admin/dashboard/news/${id}/delete`;
const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" };

/** Makes every write to the news table fail, as a full disk or a broken file would. */
async function breakNewsWrites(): Promise<() => Promise<void>> {
  const undo: (() => Promise<void>)[] = [];
  for (const event of ["insert", "update", "delete"] as const) {
    undo.push(
      await failWritesWhen(getDb(), { name: `fail_news_${event}`, table: "news", event, message: "disk on fire" }),
    );
  }
  return async () => {
    for (const step of undo) await step();
  };
}

describe("the news list and statistics", () => {
  it("lists every article newest first with a 200-character preview", async () => {
    const long = "word ".repeat(100).trim();
    // Creation times from a clock the test sets; the newer article is inserted first, so the
    // order comes from the dates and not from the ids.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start + 1_000 });
    await createNews(getDb(), { title: "Newer", content: "Short body" });
    vi.setSystemTime(start);
    await createNews(getDb(), { title: "Older", content: long });
    const response = await run(newsList.loader, getRequest("/admin/dashboard", { cookie }));
    const { articles } = await bodyOf(response);
    expect(articles.map((a: { title: string }) => a.title)).toEqual(["Newer", "Older"]);
    expect(articles[0].preview).toBe("Short body");
    expect(articles[1].preview.length).toBeLessThanOrEqual(201);
    expect(articles[1].preview.endsWith("…")).toBe(true);
    expect(articles[1]).not.toHaveProperty("content");
  });

  it("counts articles live on the statistics tab", async () => {
    const count = async () =>
      (await bodyOf(await run(stats.loader, getRequest("/admin/dashboard/stats", { cookie })))).newsCount;
    expect(await count()).toBe(0);
    await createNews(getDb(), { title: "One", content: "x" });
    await createNews(getDb(), { title: "Two", content: "y" });
    expect(await count()).toBe(2);
  });
});

describe("adding an article", () => {
  it("saves a valid article and goes back to the list", async () => {
    const response = await run(
      newRoute.action,
      postForm(
        NEW,
        { title: "  Fresh news  ", content: "Line one\nLine two", image_url: "https://example.org/a.png" },
        { cookie },
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/news");
    const [saved] = await listNews(getDb());
    expect(saved).toMatchObject({
      title: "Fresh news",
      content: "Line one\nLine two",
      imageUrl: "https://example.org/a.png",
    });
  });

  it("stores line breaks as LF whether the browser sent CRLF (plain form post) or LF (fetch)", async () => {
    await run(newRoute.action, postForm(NEW, { title: "CRLF", content: "One\r\nTwo\r\n\r\nThree" }, { cookie }));
    await run(newRoute.action, postForm(NEW, { title: "LF", content: "One\nTwo\n\nThree" }, { cookie }));
    const contents = (await listNews(getDb())).map((a) => a.content);
    expect(contents).toEqual(["One\nTwo\n\nThree", "One\nTwo\n\nThree"]);
  });

  it("stores an empty or blank image URL as none", async () => {
    await run(newRoute.action, postForm(NEW, { title: "Blank image", content: "Body", image_url: "   " }, { cookie }));
    await run(newRoute.action, postForm(NEW, { title: "No image", content: "Body", image_url: "" }, { cookie }));
    expect((await listNews(getDb())).map((a) => a.imageUrl)).toEqual([null, null]);
  });

  it("answers invalid input with 400, field errors and the input kept", async () => {
    const response = await run(
      newRoute.action,
      postForm(NEW, { title: "   ", content: "", image_url: "javascript:alert(1)" }, { cookie }),
    );
    expect(response.status).toBe(400);
    const { result } = await bodyOf(response);
    expect(result.error.title).toEqual(["Title is required"]);
    expect(result.error.content).toEqual(["Content is required"]);
    expect(result.error.image_url).toEqual(["Image URL must be a valid http(s) URL"]);
    expect(result.initialValue).toMatchObject({ image_url: "javascript:alert(1)" });
    expect(await listNews(getDb())).toHaveLength(0);
  });

  it("rejects over-long fields and non-http URLs", async () => {
    const cases: Record<string, string>[] = [
      { title: "x".repeat(201), content: "ok" },
      { title: "ok", content: "x".repeat(50_001) },
      { title: "ok", content: "ok", image_url: "ftp://example.org/a.png" },
      { title: "ok", content: "ok", image_url: `https://example.org/${"a".repeat(2048)}` },
    ];
    for (const fields of cases) {
      expect((await run(newRoute.action, postForm(NEW, fields, { cookie }))).status).toBe(400);
    }
    expect(await listNews(getDb())).toHaveLength(0);
  });

  it("rejects a cross-site post with 403", async () => {
    const response = await run(
      newRoute.action,
      postForm(NEW, { title: "CSRF", content: "x" }, { cookie, headers: crossSite }),
    );
    expect(response.status).toBe(403);
    expect(await listNews(getDb())).toHaveLength(0);
  });

  it("answers an unreadable or oversized body with a 4xx", async () => {
    const broken = new Request(`http://localhost${NEW}`, {
      method: "POST",
      body: "--x\r\nnot really multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=y", Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    });
    expect((await run(newRoute.action, broken)).status).toBe(400);
    const huge = postForm(NEW, { title: "x", content: "y".repeat(600 * 1024) }, { cookie });
    expect((await run(newRoute.action, huge)).status).toBe(413);
  });

  it("shows 'Error saving news article' when the database refuses the write", async () => {
    const restore = await breakNewsWrites();
    try {
      const response = await run(newRoute.action, postForm(NEW, { title: "Doomed", content: "x" }, { cookie }));
      expect(response.status).toBe(500);
      const { result } = await bodyOf(response);
      expect(result.error[""]).toEqual([adminMessages.saveError]);
      expect(result.initialValue).toMatchObject({ title: "Doomed" });
    } finally {
      await restore();
    }
  });
});

describe("editing an article", () => {
  it("loads the article into the form and 404s for unknown or malformed ids", async () => {
    const { id } = await createNews(getDb(), { title: "Edit me", content: "Before" });
    const ok = await run(editRoute.loader, getRequest(editPath(id), { cookie }), { id: String(id) });
    expect(ok.status).toBe(200);
    expect((await bodyOf(ok)).article).toMatchObject({ id, title: "Edit me", content: "Before", image_url: null });
    for (const bad of [String(id + 1000), "abc", "0", "-1", "1.5", "01", "9".repeat(30)]) {
      const response = await run(editRoute.loader, getRequest(editPath(bad), { cookie }), { id: bad });
      expect(response.status, bad).toBe(404);
    }
  });

  it("saves changes and goes back to the list", async () => {
    const { id } = await createNews(getDb(), {
      title: "Edit me",
      content: "Before",
      imageUrl: "https://example.org/x.png",
    });
    const response = await run(
      editRoute.action,
      postForm(editPath(id), { title: "Edited", content: "After", image_url: "" }, { cookie }),
      { id: String(id) },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/news");
    expect(await getNews(getDb(), id)).toMatchObject({ title: "Edited", content: "After", imageUrl: null });
  });

  it("asks before a live article that another links to goes off the site: Draft or a later time, then Confirm", async () => {
    const { id } = await createNews(getDb(), { title: "Gala night", content: "Text." });
    await createNews(getDb(), { title: "Thank you", content: `Read [about the gala](/news/${id}).` });
    const edit = (fields: Record<string, string>) =>
      run(editRoute.action, postForm(editPath(id), { title: "Gala night", content: "Text.", ...fields }, { cookie }), {
        id: String(id),
      });
    // Draft: the confirmation step lists the linking article; nothing is saved.
    const asked = await edit({ status: "draft" });
    expect(asked.status).toBe(409);
    const { linkWarning } = await bodyOf(asked);
    expect(linkWarning).toMatchObject({ kind: "unpublish", path: `/news/${id}`, to: null });
    expect(linkWarning.links).toEqual([expect.objectContaining({ source: "News: Thank you", text: "about the gala" })]);
    expect(await getNews(getDb(), id)).toMatchObject({ status: "published" });
    // A publish time still to come takes it off the site until then: asked the same way.
    expect((await edit({ status: "published", publish_at: "2099-01-01T09:00" })).status).toBe(409);
    // Staying live (new words) asks nothing; the confirmation of this change saves it as a draft.
    expect((await edit({ status: "published", content: "New text." })).status).toBe(303);
    expect((await edit({ status: "draft", confirm_links: linkWarning.confirm })).status).toBe(303);
    expect(await getNews(getDb(), id)).toMatchObject({ status: "draft" });
    // A draft nobody can reach goes back to published without a question.
    expect((await edit({ status: "published" })).status).toBe(303);
  });

  it("answers invalid input with 400 and leaves the article unchanged", async () => {
    const { id } = await createNews(getDb(), { title: "Keep", content: "Same" });
    const response = await run(editRoute.action, postForm(editPath(id), { title: "", content: "New" }, { cookie }), {
      id: String(id),
    });
    expect(response.status).toBe(400);
    const { result } = await bodyOf(response);
    expect(result.error.title).toEqual(["Title is required"]);
    expect(result.initialValue).toMatchObject({ content: "New" });
    expect(await getNews(getDb(), id)).toMatchObject({ title: "Keep", content: "Same" });
  });

  it("shows 'Error saving news article' when the article was deleted meanwhile", async () => {
    const response = await run(
      editRoute.action,
      postForm(editPath(4242), { title: "Gone", content: "x" }, { cookie }),
      {
        id: "4242",
      },
    );
    expect(response.status).toBe(404);
    expect((await bodyOf(response)).result.error[""]).toEqual([adminMessages.saveError]);
    expect(await listNews(getDb())).toHaveLength(0);
  });

  it("shows 'Error saving news article' when the database refuses the write", async () => {
    const { id } = await createNews(getDb(), { title: "Stable", content: "x" });
    const restore = await breakNewsWrites();
    try {
      const response = await run(
        editRoute.action,
        postForm(editPath(id), { title: "Changed", content: "y" }, { cookie }),
        {
          id: String(id),
        },
      );
      expect(response.status).toBe(500);
      expect((await bodyOf(response)).result.error[""]).toEqual([adminMessages.saveError]);
    } finally {
      await restore();
    }
    expect(await getNews(getDb(), id)).toMatchObject({ title: "Stable" });
  });

  it("rejects a cross-site post with 403", async () => {
    const { id } = await createNews(getDb(), { title: "Keep", content: "Same" });
    const response = await run(
      editRoute.action,
      postForm(editPath(id), { title: "Hijacked", content: "x" }, { cookie, headers: crossSite }),
      { id: String(id) },
    );
    expect(response.status).toBe(403);
    expect(await getNews(getDb(), id)).toMatchObject({ title: "Keep" });
  });
});

describe("deleting an article", () => {
  it("deletes with confirmed=yes and goes back to the list", async () => {
    const { id } = await createNews(getDb(), { title: "Delete me", content: "x" });
    const response = await run(deleteRoute.action, postForm(deletePath(id), { confirmed: "yes" }, { cookie }), {
      id: String(id),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/news");
    expect(await getNews(getDb(), id)).toBeUndefined();
  });

  it("without confirmation (no JavaScript) sends the browser to the confirmation page and deletes nothing", async () => {
    const { id } = await createNews(getDb(), { title: "Not yet", content: "x" });
    const cases: Record<string, string>[] = [{}, { confirmed: "no" }, { confirmed: "" }];
    for (const fields of cases) {
      const response = await run(deleteRoute.action, postForm(deletePath(id), fields, { cookie }), { id: String(id) });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(deletePath(id));
    }
    expect(await getNews(getDb(), id)).toBeDefined();
    const page = await run(deleteRoute.loader, getRequest(deletePath(id), { cookie }), { id: String(id) });
    expect(page.status).toBe(200);
    expect((await bodyOf(page)).article).toEqual({ id, title: "Not yet" });
  });

  it("shows 'Error deleting news article' for a missing article or a failing delete", async () => {
    const missing = await run(deleteRoute.action, postForm(deletePath(999), { confirmed: "yes" }, { cookie }), {
      id: "999",
    });
    expect(missing.status).toBe(404);
    expect((await bodyOf(missing)).error).toBe(adminMessages.deleteError);
    const malformed = await run(deleteRoute.action, postForm(deletePath("x"), { confirmed: "yes" }, { cookie }), {
      id: "x",
    });
    expect(malformed.status).toBe(404);

    const { id } = await createNews(getDb(), { title: "Sticky", content: "x" });
    const restore = await breakNewsWrites();
    try {
      const failing = await run(deleteRoute.action, postForm(deletePath(id), { confirmed: "yes" }, { cookie }), {
        id: String(id),
      });
      expect(failing.status).toBe(500);
      expect((await bodyOf(failing)).error).toBe(adminMessages.deleteError);
    } finally {
      await restore();
    }
    expect(await getNews(getDb(), id)).toBeDefined();
    const confirmationOfMissing = await run(deleteRoute.loader, getRequest(deletePath(999), { cookie }), { id: "999" });
    expect(confirmationOfMissing.status).toBe(404);
  });

  it("rejects a cross-site post with 403", async () => {
    const { id } = await createNews(getDb(), { title: "Safe", content: "x" });
    const response = await run(
      deleteRoute.action,
      postForm(deletePath(id), { confirmed: "yes" }, { cookie, headers: crossSite }),
      { id: String(id) },
    );
    expect(response.status).toBe(403);
    expect(await getNews(getDb(), id)).toBeDefined();
  });
});

// Site search (docs/search.md) on a real database, SQLite and again PostgreSQL: the index follows
// news and appeals in their own transactions (publish, schedule, unpublish, edit, delete, through
// the services and the API), finds the site's pages and projects, ranks titles above bodies and new
// above old, marks snippets, pages by 10, suggests near words, and answers any typed string with
// 200 or 400, never an exception.
import fc from "fast-check";
import PDFDocument from "pdfkit";
import { sql } from "kysely";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "~/infra/clock.server";
import { databaseEngine, getDb } from "~/infra/db.server";
import { extractPdfText } from "~/infra/pdf-text.server";
import { putSearchDocuments } from "~/infra/search-index.server";
import { loader as searchLoader } from "~/routes/_public+/search";
import * as apiSearch from "~/routes/api+/search";
import * as apiNews from "~/routes/api+/news";
import * as apiNewsItem from "~/routes/api+/news.$id";
import { createAppeal, reviseAppeal } from "~/causes/services/appeals.server";
import { publishArticle, removeArticle, reviseArticle } from "~/publishing/services/news.server";
import { ensureSearchIndex, forgetAnswers, rebuildSearchIndex, searchSite } from "~/publishing/services/search.server";
import { answerSearch } from "~/routes/_glue/search-page.server";
import { MARK_END, MARK_START } from "~/utils/search-text";
import { apiRequest, call, createApiUser, jsonOf, tokenFor } from "./api-support";
import { ensureAdmin } from "./admin-support";
import { resetDatabase } from "./helpers";

const engine = databaseEngine(getDb());

async function page(query: string, extra = "") {
  const url = `http://localhost/search?q=${encodeURIComponent(query)}${extra}`;
  const response = (await searchLoader({ request: new Request(url), params: {}, context: {} } as any)) as Response;
  return { status: response.status, headers: response.headers, data: await response.json() };
}

const titles = async (query: string) =>
  (await searchSite(query, 1)).hits.map((hit) => hit.title.replaceAll(MARK_START, "").replaceAll(MARK_END, ""));

const article = (title: string, content: string, extra: Record<string, unknown> = {}) =>
  publishArticle({ title, content, ...extra });

beforeAll(async () => {
  await ensureSearchIndex();
});
beforeEach(resetDatabase);
afterEach(() => setClock(null));

describe(`site search (${engine})`, () => {
  it("finds a published article at once, and not after it is unpublished, edited away or deleted", async () => {
    const { id } = await article("Mobile clinic reaches the valley", "The team saw two hundred patients.");
    expect(await titles("valley")).toEqual(["Mobile clinic reaches the valley"]);

    await reviseArticle(id, { title: "Mobile clinic reaches the valley", content: "x", status: "draft" });
    expect(await titles("valley")).toEqual([]);

    await reviseArticle(id, {
      title: "Mobile clinic reaches the hills",
      content: "Patients seen.",
      status: "published",
    });
    expect(await titles("valley")).toEqual([]);
    expect(await titles("hills")).toEqual(["Mobile clinic reaches the hills"]);

    await removeArticle(id);
    expect(await titles("hills")).toEqual([]);
    const { data } = await page("hills");
    expect(data.total).toBe(0);
  });

  it("never finds a draft, and finds a scheduled article only once its time has come", async () => {
    await article("Draft about otters", "Otters everywhere.", { status: "draft" });
    const at = Date.parse("2031-01-01T12:00:00.000Z");
    await article("Scheduled news about beavers", "Beavers build.", { publishAt: new Date(at).toISOString() });
    expect(await titles("otters")).toEqual([]);
    expect(await titles("beavers")).toEqual([]);
    // Not even suggested: a near word of a scheduled article is not given away.
    expect((await searchSite("beaver", 1)).suggestion).toBeNull();
    setClock(() => at + 1000);
    expect(await titles("beavers")).toEqual(["Scheduled news about beavers"]);
  });

  it("keeps the index in step with the API's creates, edits and deletes", async () => {
    const token = await tokenFor(await createApiUser("search-editor"));
    const created = await jsonOf(
      await call(
        apiNews,
        apiRequest("/api/news", { method: "POST", token, json: { title: "Kingfisher appeal", content: "A river." } }),
      ),
    );
    expect(await titles("kingfisher")).toEqual(["Kingfisher appeal"]);
    await call(
      apiNewsItem,
      apiRequest(`/api/news/${created.id}`, {
        method: "PUT",
        token,
        json: { title: "Heron appeal", content: "A lake." },
      }),
      { id: String(created.id) },
    );
    expect(await titles("kingfisher")).toEqual([]);
    expect(await titles("heron")).toEqual(["Heron appeal"]);
    await call(apiNewsItem, apiRequest(`/api/news/${created.id}`, { method: "DELETE", token }), {
      id: String(created.id),
    });
    expect(await titles("heron")).toEqual([]);
  });

  it("rolls the index back with a change that fails", async () => {
    const { id } = await article("Walrus outreach", "Text.");
    // A title the database refuses (null) fails the update inside its transaction.
    await expect(reviseArticle(id, { title: null as unknown as string, content: "Pelican" })).rejects.toThrow();
    expect(await titles("walrus")).toEqual(["Walrus outreach"]);
    expect(await titles("pelican")).toEqual([]);
  });

  it("indexes the longest article the form takes, of all different words", async () => {
    const words = Array.from({ length: 8_000 }, (_, i) => `w${i.toString(36)}q`).join(" ");
    await article("Longest article", `${words} narwhal`.slice(-50_000));
    expect(await titles("narwhal")).toEqual(["Longest article"]);
  });

  it("finds the site's projects and pages, with stemming", async () => {
    const flood = await searchSite("flood relief", 1);
    expect(flood.hits.map((hit) => hit.url)).toContain("/projects/flood-relief");
    expect(flood.hits.find((hit) => hit.url === "/projects/flood-relief")?.kind).toBe("project");
    // "clinics" finds text that says "clinic" (and "hospitals" the FAQ's "hospitals").
    await article("New clinic opens", "One room and a nurse.");
    expect(await titles("clinics")).toContain("New clinic opens");
    expect((await searchSite("registered charity", 1)).hits.map((hit) => hit.url)).toContain("/about/faq");
    expect((await searchSite("internship", 1)).hits.map((hit) => hit.url)).toContain("/get-involved/internships");
  });

  it("finds an open appeal within its days, and not once it is closed", async () => {
    const admin = { ...(await ensureAdmin()), role: "admin" as const };
    const input = {
      slug: "well-water",
      title: "Well water appeal",
      story: "Clean **water** for a village school.",
      goalPence: 100_000,
      goalDonors: null,
      startsOn: null,
      endsOn: null,
      isOpen: true,
    };
    const appeal = await createAppeal(input, {}, admin);
    const found = await searchSite("village school", 1);
    expect(found.hits.map((hit) => [hit.kind, hit.url])).toEqual([["appeal", "/appeals/well-water"]]);
    // Markdown is indexed as the words a visitor reads.
    expect(found.hits[0].snippet).not.toContain("**");
    await reviseAppeal(appeal.id, { ...input, startsOn: "2099-01-01" }, {}, admin);
    expect(await titles("village school")).toEqual([]);
    await reviseAppeal(appeal.id, { ...input, isOpen: false }, {}, admin);
    expect(await titles("village school")).toEqual([]);
  });

  it("ranks a title match above a body match, and the newer of two equal matches first", async () => {
    await article("Notes from the field", "We met the physiotherapy team today and more.", {
      publishAt: "2025-01-02T10:00:00.000Z",
    });
    await article("Physiotherapy week", "Notes from the field and more words here today.", {
      publishAt: "2024-01-02T10:00:00.000Z",
    });
    expect(await titles("physiotherapy")).toEqual(["Physiotherapy week", "Notes from the field"]);

    await article("Twin story", "Same words about orthotics.", { publishAt: "2023-05-01T10:00:00.000Z" });
    await article("Twin story", "Same words about orthotics.", { publishAt: "2025-05-01T10:00:00.000Z" });
    const hits = (await searchSite("orthotics", 1)).hits;
    expect(hits.map((hit) => hit.shownAt)).toEqual(["2025-05-01T10:00:00.000Z", "2023-05-01T10:00:00.000Z"]);
  });

  it("marks the matching words in the snippet and title, as text, never as markup", async () => {
    await article("Vaccination <b>day</b>", 'Nurses gave <script>alert("x")</script> vaccinations in the square.');
    const { data } = await page("vaccination");
    const [result] = data.results;
    expect(result.kind).toBe("news");
    expect(result.url).toMatch(/^\/news\/\d+$/);
    expect(result.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(result.title.filter((part: any) => part.marked).map((part: any) => part.text)).toEqual(["Vaccination"]);
    expect(result.snippet.filter((part: any) => part.marked).map((part: any) => part.text.toLowerCase())).toEqual([
      "vaccinations",
    ]);
    // Markup typed into the article is only ever the text of a part, for React to escape
    // (PostgreSQL's ts_headline leaves tags out of the snippet; SQLite keeps them as text).
    expect(result.snippet.map((part: any) => part.text).join("")).toContain('alert("x")');
    expect(result.snippet.every((part: any) => Object.keys(part).sort().join() === "marked,text")).toBe(true);
    expect(JSON.stringify(data.results)).not.toContain(MARK_START);
    expect(JSON.stringify(data.results)).not.toContain(MARK_END);
  });

  it("pages by ten, counts, and answers past the end and odd page numbers", async () => {
    for (let i = 1; i <= 23; i++) {
      await article(`Pangolin report ${i}`, "Field notes.", {
        publishAt: new Date(Date.UTC(2024, 0, i)).toISOString(),
      });
    }
    const first = await page("pangolin");
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(23);
    expect(first.data.results).toHaveLength(10);
    expect(first.data.pageCount).toBe(3);
    const third = await page("pangolin", "&page=3");
    expect(third.data.results).toHaveLength(3);
    const seen = new Set(
      [...first.data.results, ...(await page("pangolin", "&page=2")).data.results, ...third.data.results].map(
        (r: any) => r.url,
      ),
    );
    expect(seen.size).toBe(23);
    expect((await page("pangolin", "&page=4")).data).toMatchObject({ total: 23, results: [] });
    for (const odd of ["&page=0", "&page=abc", "&page=51", "&page=-1", "&page=99999"]) {
      const answer = await page("pangolin", odd);
      expect(answer.status).toBe(400);
      expect(answer.data.error).toMatch(/page/i);
    }
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    expect(first.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("answers an empty query with the help page, and a long one with a 400 and a message", async () => {
    const empty = await page("");
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({ total: 0, error: null, results: [] });
    const long = await page("a".repeat(5000));
    expect(long.status).toBe(400);
    expect(long.data.error).toMatch(/too long/);
    expect(long.data.query).toHaveLength(200);
  });

  it("suggests a near word of the index for a misspelt one", async () => {
    await article("Prosthetic limb centre", "Fitting prosthetic limbs every week.");
    const answer = await searchSite("prostetic", 1);
    expect(answer.total).toBe(0);
    const trigrams =
      engine === "sqlite" ||
      Number(
        (await sql<{ n: number }>`select count(*) as n from pg_extension where extname = 'pg_trgm'`.execute(getDb()))
          .rows[0].n,
      ) > 0;
    expect(answer.suggestion).toBe(trigrams ? "prosthetic" : null);
    expect((await searchSite("prosthetic", 1)).suggestion).toBeNull();
  });

  it.each([
    '"',
    '"unclosed phrase',
    "clinic*",
    "*",
    "flood AND",
    "OR NOT AND",
    "NEAR(flood relief, 2)",
    "title:flood",
    "body:(x OR y)",
    "((((",
    "-flood +relief",
    "^flood",
    "a\u0000b",
    "\u202eflood\u202c",
    "🌊 flood 🌊",
    "' or 1=1 --",
    "%",
    "\\",
    "x".repeat(200),
  ])("answers the odd query %j with 200", async (query) => {
    const answer = await page(query);
    expect(answer.status).toBe(200);
  });

  it("never throws, whatever string is typed (property)", async () => {
    await article("Flood relief update", "Food parcels and clean water.");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: "grapheme", maxLength: 40 }),
          fc.string({ unit: "binary", maxLength: 40 }),
          fc
            .array(
              fc.constantFrom(
                '"',
                "*",
                "AND",
                "OR",
                "NOT",
                "NEAR(",
                ")",
                ":",
                "^",
                "-",
                "flood",
                "relief",
                " ",
                "\u0000",
                "\u202e",
              ),
            )
            .map((parts) => parts.join(" ")),
        ),
        fc.integer({ min: -2, max: 60 }),
        async (query, pageNumber) => {
          const url = new URL("http://localhost/search");
          url.searchParams.set("q", query);
          url.searchParams.set("page", String(pageNumber));
          const answer = await answerSearch(url);
          expect([200, 400]).toContain(answer.status);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("answers GET /api/search with the same results, paged, and a 400 for a query too long", async () => {
    for (let i = 1; i <= 12; i++) await article(`Okapi note ${i}`, "Words.");
    const response = await call(apiSearch, apiRequest("/api/search?q=okapi"));
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body).toMatchObject({ query: "okapi", total: 12, page: 1, page_count: 2 });
    expect(body.results).toHaveLength(10);
    expect(body.results[0]).toMatchObject({ kind: "news", title: expect.stringMatching(/^Okapi note/) });
    expect(body.results[0].url).toMatch(/\/news\/\d+$/);
    expect(body.results[0].snippet_parts).toEqual(expect.any(Array));
    expect(response.headers.get("Link")).toMatch(/\/api\/search\?q=okapi&page=2>; rel="next"$/);
    const second = await jsonOf(await call(apiSearch, apiRequest("/api/search?q=okapi&page=2")));
    expect(second.results).toHaveLength(2);
    const refused = await call(apiSearch, apiRequest(`/api/search?q=${"z".repeat(300)}`));
    expect(refused.status).toBe(400);
    expect((await jsonOf(refused)).error).toMatch(/too long/);
  });

  it("keeps an answer a moment, and forgets it when an article changes or a scheduled one is due", async () => {
    await article("Capybara clinic", "Text.");
    expect(await titles("capybara")).toEqual(["Capybara clinic"]);
    const at = Date.now() + 30_000;
    await article("Capybara later", "Text.", { publishAt: new Date(at).toISOString() });
    expect(await titles("capybara")).toEqual(["Capybara clinic"]);
    // Kept from 10 s after its time only (a search that straddles the moment is not kept).
    setClock(() => at + 11_000);
    expect(await titles("capybara")).toEqual(["Capybara later", "Capybara clinic"]);
    // Behind the services' back (as a script on this connection would), it stays kept a minute.
    await sql`delete from search_documents where kind = 'news'`.execute(getDb());
    expect(await titles("capybara")).toHaveLength(2);
    setClock(() => at + 72_000);
    expect(await titles("capybara")).toEqual([]);
  });

  it("rebuilds the whole index from the content (npm run search:rebuild)", async () => {
    await article("Tapir story", "Text.");
    await sql`delete from search_documents`.execute(getDb());
    forgetAnswers();
    expect(await titles("tapir")).toEqual([]);
    expect(await titles("flood relief")).toEqual([]);
    // A document of an article that no longer exists (written behind the services' back) goes.
    await putSearchDocuments(getDb(), [
      { kind: "news", ref: "999999", title: "Ghost tapir", body: "", url: "/news/999999", shownAt: null },
    ]);
    const { documents } = await rebuildSearchIndex();
    expect(documents).toBeGreaterThan(10);
    expect(await titles("tapir")).toEqual(["Tapir story"]);
    expect(await titles("ghost")).toEqual([]);
    expect((await searchSite("flood relief", 1)).hits.map((hit) => hit.url)).toContain("/projects/flood-relief");
  });
});

describe("the text of a PDF", () => {
  it("is read from a real PDF, and a file that is not one gives null", async () => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
    doc.text("Annual report: water filtration reached twelve villages.");
    doc.addPage().text("Second page about palliative care.");
    doc.end();
    await done;
    const text = await extractPdfText(new Uint8Array(Buffer.concat(chunks)));
    expect(text).toContain("water filtration reached twelve villages");
    expect(text).toContain("palliative care");
    expect(await extractPdfText(new TextEncoder().encode("not a pdf"))).toBeNull();
  });
});

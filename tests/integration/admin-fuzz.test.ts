// Property-based fuzzing of the admin article actions: thousands of generated form bodies,
// each answered with a redirect or a 4xx, never a 5xx or a thrown error, and the database
// changes exactly when the input was valid.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { countNews, createNews, getNews } from "~/publishing/models/news.server";
import * as editRoute from "~/routes/admin+/dashboard+/news.$id.edit";
import * as newRoute from "~/routes/admin+/dashboard+/news.new";
import { getDb } from "~/infra/db.server";
import { adminCookie, BASE } from "./admin-support";
import { skipDurableWrites } from "./helpers";
import { hasRefusedCharacter } from "./text-rule-support";

const RUNS = 1_000;
let cookie: string;

beforeAll(async () => {
  // One session for the whole file: no password hashing inside the loop. This throw-away
  // file need not survive power loss, so skip the fsync per write that makes it slow.
  await skipDurableWrites();
  ({ cookie } = await adminCookie());
});

const interesting = fc.constantFrom(
  "",
  " ",
  "\t\n",
  "\u0000",
  "\u200b",
  "line one\nline two",
  "a\r\nb\rc\n",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<b>x</b>",
  "https://example.org/image.png",
  "http://localhost/a.svg",
  "//evil.example/x.png",
  "ftp://example.org/x",
  "https://",
  "x".repeat(200),
  "x".repeat(201),
  `https://example.org/${"a".repeat(2_100)}`,
  "y".repeat(50_000),
  "y".repeat(50_001),
  "__proto__",
  "%00%ff%",
);
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 100 }),
  fc.webUrl(),
  interesting,
);

/** Entries with only the form's own field names, each at most once, so validity is predictable. */
const cleanEntries = fc.record({ title: value, content: value, image_url: value }, { requiredKeys: [] });

/** Anything a client could send: odd names (nested, array, prototype), repeats, junk. */
const wildEntries = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        "title",
        "content",
        "image_url",
        "title[0]",
        "title.x",
        "content[]",
        "__proto__",
        "constructor",
        "",
        "confirmed",
        "intent",
      ),
      fc.string({ maxLength: 20 }),
    ),
    value,
  ),
  { maxLength: 8 },
);

type Body =
  | { kind: "urlencoded" | "multipart"; entries: [string, string][] }
  | { kind: "raw"; contentType: string; text: string };

const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 4,
    arbitrary: cleanEntries.map((r) => ({
      kind: "urlencoded" as const,
      entries: Object.entries(r) as [string, string][],
    })),
  },
  {
    weight: 2,
    arbitrary: cleanEntries.map((r) => ({
      kind: "multipart" as const,
      entries: Object.entries(r) as [string, string][],
    })),
  },
  { weight: 2, arbitrary: wildEntries.map((entries) => ({ kind: "urlencoded" as const, entries })) },
  { weight: 1, arbitrary: wildEntries.map((entries) => ({ kind: "multipart" as const, entries })) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      contentType: fc.constantFrom(
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=abc",
        "multipart/form-data",
        "text/plain",
        "application/json",
        "",
      ),
      text: fc.string({ unit: "binary", maxLength: 400 }),
    }),
  },
);

function buildRequest(path: string, b: Body): Request {
  const headers: Record<string, string> = { Cookie: cookie, "Sec-Fetch-Site": "same-origin" };
  let payload: BodyInit;
  if (b.kind === "raw") {
    if (b.contentType) headers["Content-Type"] = b.contentType;
    payload = b.text;
  } else if (b.kind === "urlencoded") {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(b.entries);
  } else {
    const form = new FormData();
    for (const [name, v] of b.entries) form.append(name, v);
    payload = form;
  }
  return new Request(new URL(path, BASE).toString(), { method: "POST", headers, body: payload });
}

/** What a form post makes of lone surrogates: U+FFFD, like String.prototype.toWellFormed. */
const wellFormed = (v: string) =>
  v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** Independent statement of the article rules (docs/api.md#articles). */
function expectedArticle(b: Body): { title: string; content: string; imageUrl: string | null } | null {
  if (b.kind === "raw") throw new Error("only for generated fields");
  // A multipart body carries every line break as CRLF; the app stores content with LF.
  const onTheWire = (v: string) => (b.kind === "multipart" ? v.replace(/\r\n|\r|\n/g, "\r\n") : v);
  // A field sent twice is refused (the form reads it as a list, not a string).
  const names = b.entries.map(([name]) => name);
  if (names.some((name, i) => names.indexOf(name) !== i)) return null;
  const fields = Object.fromEntries(b.entries.map(([name, v]) => [name, onTheWire(wellFormed(v))]));
  const title = (fields.title ?? "").trim();
  const content = (fields.content ?? "").replace(/\r\n?/g, "\n").trim();
  const image = (fields.image_url ?? "").trim();
  if (!title || title.length > 200) return null;
  if (!content || content.length > 50_000) return null;
  // No control, bidi or invisible characters (tab and line breaks only in content).
  if (hasRefusedCharacter(title, false) || hasRefusedCharacter(content, true)) return null;
  if (image) {
    if (image.length > 2_048) return null;
    try {
      if (!["http:", "https:"].includes(new URL(image).protocol)) return null;
    } catch {
      return null;
    }
  }
  return { title, content, imageUrl: image || null };
}

/** Calls an action like Remix does; a thrown Response is an answer, anything else a failure. */
async function answer(action: unknown, request: Request, params: Record<string, string>): Promise<Response> {
  try {
    return (await (action as (args: unknown) => Promise<Response>)({ request, params, context: {} })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw new Error(`The action threw a non-Response: ${String(error)}`);
  }
}

const isClean = (b: Body) =>
  b.kind !== "raw" && b.entries.every(([name]) => ["title", "content", "image_url"].includes(name));

describe("fuzzing the admin article form", () => {
  it(`create: ${RUNS} generated bodies get a 3xx or 4xx, and a row only when valid`, async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const before = await countNews(getDb());
        const response = await answer(newRoute.action, buildRequest("/admin/dashboard/news/new", b), {});
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(500);
        const after = await countNews(getDb());
        expect(after - before).toBe(response.status === 303 ? 1 : 0);
        if (isClean(b)) {
          const expected = expectedArticle(b);
          expect(response.status).toBe(expected ? 303 : 400);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it(`edit: ${RUNS} generated bodies and ids get a 3xx or 4xx, and a change only when valid`, async () => {
    const original = { title: "Fuzz target", content: "Original content", imageUrl: null };
    const { id } = await createNews(getDb(), original);
    const idParam = fc.oneof(
      { weight: 5, arbitrary: fc.constant(String(id)) },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom("0", "-1", "1e3", "99999999", "9".repeat(40), "1.0"),
        ),
      },
    );
    await fc.assert(
      fc.asyncProperty(idParam, body, async (param, b) => {
        // Put the target back first, so every run starts from the same article.
        await getDb()
          .updateTable("news")
          .set({ title: original.title, content: original.content, image_url: original.imageUrl })
          .where("id", "=", id)
          .execute();
        const response = await answer(
          editRoute.action,
          buildRequest(`/admin/dashboard/news/${encodeURIComponent(param)}/edit`, b),
          {
            id: param,
          },
        );
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(500);
        const stored = await getNews(getDb(), id);
        if (response.status === 303) {
          // A random id may name another article (the add test made many): that is a real edit.
          if (param !== String(id)) expect(param).toMatch(/^[1-9][0-9]*$/);
          else expect(param).toBe(String(id));
        } else {
          expect(stored).toMatchObject(original);
        }
        if (isClean(b) && param === String(id)) {
          const expected = expectedArticle(b);
          expect(response.status).toBe(expected ? 303 : 400);
          if (expected) expect(stored).toMatchObject(expected);
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});

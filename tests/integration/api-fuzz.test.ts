// Property-based fuzzing of every API write endpoint: whatever the body and content type,
// the answer is 2xx or 4xx (never 5xx), JSON with the API's headers, and consistent with
// what an independent reading of the contract expects.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES_PER_CLIENT, recordLoginFailure } from "~/staff/models/login-throttle.server";
import { clientKey } from "~/infra/request-scope.server";
import { createNews, getNews } from "~/publishing/models/news.server";
import { encodeCursor } from "~/routes/_glue/api-news.server";
import * as login from "~/routes/api+/auth.login";
import * as collection from "~/routes/api+/news";
import * as item from "~/routes/api+/news.$id";
import { getDb } from "~/infra/db.server";
import { resetDatabase, skipDurableWrites } from "./helpers";
import { apiRequest, call, createApiUser, tokenFor } from "./api-support";
import { hasRefusedCharacter } from "./text-rule-support";

const RUNS = 1_000;
const LIMIT = 256 * 1024;

interface Sample {
  body: string | Uint8Array;
  contentType: string | null;
}

// ---- generators -----------------------------------------------------------------------

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON;charset=UTF-8"];
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=xyz",
      "application/json; charset=utf-16",
      "application/jsonx",
      "application/ld+json",
      "",
      null,
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const sizedString = (sizes: number[]) =>
  fc.tuple(fc.constantFrom(...sizes), fc.constantFrom("a", " ", "é", "😀", "<", "\n")).map(([n, ch]) => ch.repeat(n));

const urlLike = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    "javascript:alert(1)",
    "JaVaScRiPt:alert(document.cookie)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/x.png",
    "/relative.png",
    "http://",
    "https://example.org/" + "a".repeat(2030),
    "https://example.org/" + "a".repeat(2029),
    "http://example.org/a b.png",
    "https://[::1]/x.png",
  ),
);

/** A value for a field: sometimes the right type, often not. */
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: sizedString([0, 1, 199, 200, 201, 2048, 2049, 49_999, 50_000, 50_001, 300_000]) },
  { weight: 2, arbitrary: urlLike },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "'; DROP TABLE news; --",
      "\u0000",
      "\u202e",
      "   ",
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const fieldNames = (names: string[]) =>
  fc
    .record(Object.fromEntries(names.map((n) => [n, fieldValue])), { requiredKeys: [] })
    .chain((record) =>
      fc
        .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
        .map((extra) => ({ ...extra, ...record })),
    );

const asJson = (value: unknown): Sample => ({ body: JSON.stringify(value) ?? "", contentType: "application/json" });

function bodies(fields: string[]): fc.Arbitrary<Sample> {
  return fc.oneof(
    // The right shape with values of any type and size.
    { weight: 6, arbitrary: fieldNames(fields).map(asJson) },
    // Any JSON value at all.
    { weight: 2, arbitrary: fc.jsonValue().map(asJson) },
    // JSON under a random content type.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fieldNames(fields), contentType)
        .map(([value, type]) => ({ body: JSON.stringify(value), contentType: type })),
    },
    // JSON cut short or with a stray byte.
    {
      weight: 1,
      arbitrary: fc.tuple(fieldNames(fields), fc.nat(), fc.string({ maxLength: 3 })).map(([value, cut, junk]) => {
        const text = JSON.stringify(value);
        const at = cut % (text.length + 1);
        return { body: text.slice(0, at) + junk, contentType: "application/json" };
      }),
    },
    // Random bytes and random text under random content types.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 512 }), contentType)
        .map(([body, type]) => ({ body, contentType: type })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ unit: "binary", maxLength: 512 }), contentType)
        .map(([body, type]) => ({ body, contentType: type })),
    },
    // Bodies around and far beyond the size limit.
    {
      weight: 1,
      arbitrary: fc.constantFrom(LIMIT - 100, LIMIT + 1, LIMIT * 4).map((size) => {
        const base = JSON.stringify({ [fields[0]]: "" });
        return {
          body: JSON.stringify({ [fields[0]]: "x".repeat(size - base.length) }),
          contentType: "application/json",
        };
      }),
    },
  );
}

// ---- oracle ----------------------------------------------------------------------------

const byteLength = (body: string | Uint8Array) =>
  typeof body === "string" ? new TextEncoder().encode(body).byteLength : body.byteLength;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isJsonType = (type: string | null) => type !== null && JSON_TYPES.includes(type);

/** Limits count characters (code points), so an emoji counts once. */
const characters = (s: string) => [...s].length;

function httpUrlOk(value: string): boolean {
  const trimmed = value.trim();
  if (characters(trimmed) > 2048) return false;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The body as the client meant it: a JSON object, or undefined. */
function sentObject(sample: Sample): Record<string, unknown> | undefined {
  try {
    const text =
      typeof sample.body === "string" ? sample.body : new TextDecoder("utf-8", { fatal: true }).decode(sample.body);
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an independent reading of docs/api.md#articles says this article body must be accepted. */
function articleAcceptable(sample: Sample): boolean {
  const sent = sentObject(sample);
  if (!isJsonType(sample.contentType) || byteLength(sample.body) > LIMIT || !sent) return false;
  const { title, content, image_url } = sent;
  // docs/api.md: no control, bidi or invisible characters (tab and line breaks only in content).
  const textOk = (v: unknown, max: number, multiline: boolean) =>
    typeof v === "string" &&
    v.trim().length >= 1 &&
    characters(v.trim()) <= max &&
    !hasRefusedCharacter(v.trim(), multiline);
  // null, "" or only whitespace mean "no image".
  const imageOk =
    image_url === undefined ||
    image_url === null ||
    (typeof image_url === "string" && (image_url.trim() === "" || httpUrlOk(image_url)));
  return textOk(title, 200, false) && textOk(content, 50_000, true) && imageOk;
}

/** Lone surrogates cannot be stored as UTF-8; SQLite keeps U+FFFD in their place. */
const wellFormed = (s: string) => (s as string & { toWellFormed(): string }).toWellFormed();

async function expectJsonAnswer(response: Response, sample: Sample): Promise<any> {
  if (response.status >= 500) throw new Error(`status ${response.status} for ${show(sample)}`);
  expect(response.status).toBeGreaterThanOrEqual(200);
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  if (response.status === 204) return null;
  expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  const json = JSON.parse(await response.text());
  if (response.status >= 400) {
    expect(typeof json.error).toBe("string");
    if (json.issues !== undefined) {
      expect(isObject(json.issues)).toBe(true);
      for (const messages of Object.values(json.issues)) {
        expect(Array.isArray(messages)).toBe(true);
        for (const message of messages as unknown[]) expect(typeof message).toBe("string");
      }
    }
  }
  return json;
}

/** A short description of a sample for failure messages. */
function show(sample: Sample) {
  const body = typeof sample.body === "string" ? sample.body.slice(0, 200) : `<${sample.body.byteLength} bytes>`;
  return `${sample.contentType} ${body}`;
}

function requestFor(path: string, method: string, sample: Sample, token?: string): Request {
  const request = apiRequest(path, {
    method,
    token,
    body: sample.body as BodyInit,
    headers: sample.contentType === null ? {} : { "Content-Type": sample.contentType },
  });
  if (sample.contentType === null) request.headers.delete("Content-Type");
  return request;
}

function expectArticleMatches(json: any, sent: Record<string, unknown>) {
  expect(json.title).toBe(wellFormed((sent.title as string).trim()));
  expect(json.content).toBe(wellFormed((sent.content as string).trim()));
  const image = sent.image_url;
  expect(json.image_url).toBe(typeof image === "string" && image.trim() !== "" ? wellFormed(image.trim()) : null);
}

// ---- properties ------------------------------------------------------------------------

let token: string;
let articleId: number;

beforeAll(async () => {
  // Thousands of commits here test input handling, not the disk: skip the fsync per commit
  // (scripts/durability.ts tests durability with the real settings).
  await skipDurableWrites();
  await resetDatabase();
  token = await tokenFor(await createApiUser("fuzzer"));
  const created = await call(
    collection,
    apiRequest("/api/news", { method: "POST", token, json: { title: "Fuzz target", content: "Original" } }),
  );
  articleId = (await created.json()).id;
});

describe("fuzzing the API's write endpoints", () => {
  it(`POST /api/news answers ${RUNS} generated bodies with 2xx/4xx JSON`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(bodies(["title", "content", "image_url"]), fc.boolean(), async (sample, authorised) => {
        const response = await call(
          collection,
          requestFor("/api/news", "POST", sample, authorised ? token : undefined),
        );
        const json = await expectJsonAnswer(response, sample);
        seen.add(response.status);
        if (!authorised) {
          expect(response.status).toBe(401);
          return;
        }
        if (articleAcceptable(sample)) {
          expect(response.status, show(sample)).toBe(201);
          expectArticleMatches(json, sentObject(sample)!);
          expect(response.headers.get("Location")).toBe(`/api/news/${json.id}`);
          const stored = await getNews(getDb(), json.id);
          expect(stored?.title).toBe(json.title);
        } else {
          expect([400, 413, 415], show(sample)).toContain(response.status);
        }
      }),
      { numRuns: RUNS },
    );
    expect([...seen].sort()).toEqual([201, 400, 401, 413, 415]);
  }, 60_000);

  it(`PUT /api/news/{id} answers ${RUNS} generated bodies with 2xx/4xx JSON`, async () => {
    const ids = fc.oneof(
      { weight: 8, arbitrary: fc.constant<string | null>(null) },
      {
        weight: 1,
        arbitrary: fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.double().map(String)),
      },
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        bodies(["title", "content", "image_url"]),
        ids,
        fc.boolean(),
        async (sample, rawId, authorised) => {
          const id = rawId ?? String(articleId);
          const before = await getNews(getDb(), articleId);
          const response = await call(
            item,
            requestFor(`/api/news/${encodeURIComponent(id)}`, "PUT", sample, authorised ? token : undefined),
            { id },
          );
          const json = await expectJsonAnswer(response, sample);
          seen.add(response.status);
          if (!authorised) {
            expect(response.status).toBe(401);
          } else if (id !== String(articleId)) {
            // Random ids hardly ever name an article; when one does, it must be a real one.
            if (response.status !== 404) expect(await getNews(getDb(), Number(id))).toBeDefined();
          } else if (articleAcceptable(sample)) {
            expect(response.status, show(sample)).toBe(200);
            expectArticleMatches(json, sentObject(sample)!);
            expect(json.id).toBe(articleId);
            return;
          } else {
            expect([400, 413, 415], show(sample)).toContain(response.status);
          }
          // A refused write leaves the article as it was.
          if (response.status !== 200) expect(await getNews(getDb(), articleId)).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
    expect([...seen].sort()).toEqual([200, 400, 401, 404, 413, 415]);
  }, 60_000);

  it(`POST /api/auth/login answers ${RUNS} generated bodies with 2xx/4xx JSON carrying success`, async () => {
    // Each well-formed attempt costs a real scrypt hash until this client's throttle closes;
    // earlier failures elsewhere leave room for about 10 of them, so this stays fast.
    // Requests made here have no socket: every one is the same client ("unknown").
    const thisClient = clientKey(new Request("http://localhost/"));
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT - 10; i++)
      await recordLoginFailure(getDb(), { username: `someone-${i}`, client: thisClient });
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(bodies(["username", "password"]), async (sample) => {
        const response = await call(login, requestFor("/api/auth/login", "POST", sample));
        const json = await expectJsonAnswer(response, sample);
        // No generated body knows the fuzzer's password, so nothing may sign in.
        expect(response.status).not.toBe(200);
        expect([400, 401, 413, 415, 429]).toContain(response.status);
        expect(json.success).toBe(false);
        expect(json).not.toHaveProperty("token");
        if (response.status === 429) expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
        if (response.status === 401) expect(json.error).toBe("Invalid username or password");
        seen.add(response.status);
      }),
      { numRuns: RUNS },
    );
    // The generators reached every kind of refusal.
    expect([...seen].sort()).toEqual([400, 401, 413, 415, 429]);
  }, 60_000);
});

describe("fuzzing GET /api/news's paging parameters", () => {
  it(`answers ${RUNS} generated queries with 200 and a page, or 400 JSON`, async () => {
    for (let i = 0; i < 30; i++) await createNews(getDb(), { title: `Paged ${i}`, content: "x" });
    const real = encodeCursor((await getNews(getDb(), articleId))!);
    const value = fc.oneof(
      fc.constantFrom(
        "1",
        "50",
        "100",
        "101",
        "0",
        "-1",
        "1.5",
        "1e2",
        "",
        " 5",
        "0100",
        "abc",
        "%00",
        real,
        real + "x",
      ),
      fc.integer({ min: -5, max: 300 }).map(String),
      fc.string({ maxLength: 20 }),
      fc.base64String({ maxLength: 40 }),
    );
    const key = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("limit", "cursor") },
      { weight: 1, arbitrary: fc.constantFrom("page", "LIMIT", "offset", "") },
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 3 }), fc.boolean(), async (pairs, authorised) => {
        const query = new URLSearchParams(pairs);
        const response = await call(
          collection,
          apiRequest(`/api/news?${query}`, { token: authorised ? token : undefined }),
        );
        expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
        const json = JSON.parse(await response.text());
        seen.add(response.status);
        // An independent reading of the contract.
        const names = pairs.map(([k]) => k);
        const limits = pairs.filter(([k]) => k === "limit").map(([, v]) => v);
        const cursors = pairs.filter(([k]) => k === "cursor").map(([, v]) => v);
        const valid =
          names.every((k) => k === "limit" || k === "cursor") &&
          new Set(names).size === names.length &&
          limits.every((v) => /^[0-9]{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 100) &&
          cursors.every((v) => v === real);
        if (valid) {
          expect(response.status, query.toString()).toBe(200);
          expect(Array.isArray(json)).toBe(true);
          expect(json.length).toBeLessThanOrEqual(limits.length ? Number(limits[0]) : 50);
          const link = response.headers.get("Link");
          if (link)
            expect(link).toMatch(/^<http:\/\/localhost:3000\/api\/news\?limit=\d+&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
        } else {
          expect(response.status, query.toString()).toBe(400);
          expect(typeof json.error).toBe("string");
        }
      }),
      { numRuns: RUNS },
    );
    expect([...seen].sort()).toEqual([200, 400]);
  }, 60_000);
});

// Property-based fuzzing of the staff sign-in form (POST /admin/login), as api-fuzz does for
// POST /api/auth/login: whatever the body, content type, size and origin, the answer is a 4xx
// (never a 5xx) and nobody is signed in without the right password; with it, the answer is the
// redirect to an on-site page.
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_FORM_BYTES } from "~/infra/body.server";
import { getDb } from "~/infra/db.server";
import { MAX_FAILURES_PER_CLIENT, recordLoginFailure } from "~/staff/models/login-throttle.server";
import { clientKey } from "~/infra/request-scope.server";
import * as loginRoute from "~/routes/admin+/login";
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE, ensureAdmin, run, sessionCount } from "./admin-support";
import { resetDatabase, skipDurableWrites } from "./helpers";

const RUNS = 1_000;

interface Sample {
  body: string | Uint8Array;
  contentType: string | null;
  origin: "same" | "cross" | "none";
}

// ---- generators -----------------------------------------------------------------------

/** Never the right password: the first property must never sign anyone in. */
const notThePassword = (value: string) => value !== ADMIN_PASSWORD;

const fieldValue = fc
  .oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ADMIN_USERNAME,
        ADMIN_USERNAME.toUpperCase(),
        ` ${ADMIN_USERNAME} `,
        `${ADMIN_PASSWORD} `,
        ADMIN_PASSWORD.slice(0, -1),
        "",
        " ",
        "\u0000",
        "'; DROP TABLE users; --",
        "//evil.example",
        "https://evil.example/",
        "/admin/login",
        "/admin/dashboard/news",
        "javascript:alert(1)",
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(199, 200, 201, 1024, 1025, 100_000)
        .chain((n) => fc.constantFrom("a", "é", "😀").map((ch) => ch.repeat(n))),
    },
  )
  .filter(notThePassword);

const fieldName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("username", "password", "redirectTo") },
  { weight: 1, arbitrary: fc.constantFrom("username[]", "password[0]", "__proto__", "constructor", "", "intent") },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** Form entries: the form's own fields (sometimes repeated or missing) and strangers. */
const entries = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 });

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/x-www-form-urlencoded") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/x-www-form-urlencoded; charset=utf-8",
      "multipart/form-data",
      "multipart/form-data; boundary=xyz",
      "application/json",
      "text/plain",
      "",
      null,
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const origin = fc.oneof(
  { weight: 8, arbitrary: fc.constant("same" as const) },
  { weight: 1, arbitrary: fc.constantFrom("cross" as const, "none" as const) },
);

function multipart(pairs: [string, string][]): { body: string; contentType: string } {
  const boundary = "----fuzz-boundary";
  const parts = pairs.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

const samples: fc.Arbitrary<Sample> = fc.oneof(
  // A form body under any content type.
  {
    weight: 6,
    arbitrary: fc
      .tuple(entries, contentType, origin)
      .map(([pairs, type, from]) => ({ body: new URLSearchParams(pairs).toString(), contentType: type, origin: from })),
  },
  // A well-formed multipart form.
  {
    weight: 2,
    arbitrary: fc.tuple(entries, origin).map(([pairs, from]) => ({ ...multipart(pairs), origin: from })),
  },
  // JSON, random text and random bytes.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), contentType, origin)
      .map(([value, type, from]) => ({ body: JSON.stringify(value) ?? "", contentType: type, origin: from })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.uint8Array({ maxLength: 512 }), contentType, origin)
      .map(([body, type, from]) => ({ body, contentType: type, origin: from })),
  },
  // Bodies around and beyond the size limit.
  {
    weight: 1,
    arbitrary: fc.constantFrom(MAX_FORM_BYTES - 100, MAX_FORM_BYTES + 1, MAX_FORM_BYTES * 3).map((size) => ({
      body: `username=${ADMIN_USERNAME}&password=${"x".repeat(size)}`,
      contentType: "application/x-www-form-urlencoded",
      origin: "same" as const,
    })),
  },
);

function requestFor(sample: Sample): Request {
  const headers = new Headers();
  if (sample.contentType !== null) headers.set("Content-Type", sample.contentType);
  if (sample.origin === "same") {
    headers.set("Origin", BASE);
    headers.set("Sec-Fetch-Site", "same-origin");
  } else if (sample.origin === "cross") {
    headers.set("Origin", "https://evil.example");
    headers.set("Sec-Fetch-Site", "cross-site");
  }
  const request = new Request(`${BASE}/admin/login`, { method: "POST", body: sample.body as BodyInit, headers });
  // A string body makes fetch add text/plain: the null case means no Content-Type at all.
  if (sample.contentType === null) request.headers.delete("Content-Type");
  return request;
}

function show(sample: Sample) {
  const body = typeof sample.body === "string" ? sample.body.slice(0, 200) : `<${sample.body.byteLength} bytes>`;
  return `${sample.origin} ${sample.contentType} ${body}`;
}

/** Where a successful sign-in may send the browser: an on-site path, never back to the form. */
function expectOnSiteRedirect(response: Response) {
  expect(response.status).toBe(303);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location, BASE).origin).toBe(BASE);
  expect(new URL(location, BASE).pathname).not.toBe("/admin/login");
  expect(response.headers.get("Set-Cookie")).toMatch(/^__session=/);
}

// ---- properties ------------------------------------------------------------------------

beforeAll(async () => {
  // Thousands of posts test input handling, not the disk: skip the fsync per commit.
  await skipDurableWrites();
});

beforeEach(async () => {
  await resetDatabase();
  await ensureAdmin();
});

describe("fuzzing the staff sign-in form", () => {
  it(`answers ${RUNS} generated posts without the password with a 4xx, and signs nobody in`, async () => {
    // Each well-formed attempt costs a real password hash until this client's throttle closes;
    // leave room for about 10 of them, so the run stays fast and still reaches 401 and 429.
    // Requests made here have no socket: every one is the same client ("unknown").
    const thisClient = clientKey(new Request("http://localhost/"));
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT - 10; i++)
      await recordLoginFailure(getDb(), { username: `someone-${i}`, client: thisClient });
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(samples, async (sample) => {
        const response = await run(loginRoute.action, requestFor(sample));
        if (response.status >= 500) throw new Error(`status ${response.status} for ${show(sample)}`);
        expect([400, 401, 403, 413, 429]).toContain(response.status);
        expect(response.headers.get("Location")).toBeNull();
        expect(response.headers.get("Set-Cookie")).toBeNull();
        if (response.status === 429) expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
        seen.add(response.status);
      }),
      { numRuns: RUNS },
    );
    expect(await sessionCount()).toBe(0);
    // The generators reached every kind of refusal.
    expect([...seen].sort()).toEqual([400, 401, 403, 413, 429]);
  }, 120_000);

  it("signs in with the right password whatever else the form carries, and redirects on-site", async () => {
    // Short values only: a long one would make the body too large (413, tested above).
    const shortValue = fieldValue.filter((value) => value.length <= 1024);
    const extras = fc.array(fc.tuple(fc.constantFrom("redirectTo", "intent", "x", "remember"), shortValue), {
      maxLength: 4,
    });
    const type = fc.constantFrom("application/x-www-form-urlencoded", "multipart");
    await fc.assert(
      fc.asyncProperty(extras, type, async (pairs, kind) => {
        const fields: [string, string][] = [["username", ADMIN_USERNAME], ["password", ADMIN_PASSWORD], ...pairs];
        const sample: Sample =
          kind === "multipart"
            ? { ...multipart(fields), origin: "same" }
            : { body: new URLSearchParams(fields).toString(), contentType: kind, origin: "same" };
        const response = await run(loginRoute.action, requestFor(sample));
        if (response.status >= 500) throw new Error(`status ${response.status} for ${show(sample)}`);
        expectOnSiteRedirect(response);
      }),
      // Each run hashes the password for real.
      { numRuns: 25 },
    );
  }, 120_000);
});

// Every public form action (contact, donate, newsletter) and the theme toggle, fed bodies of
// the wrong type, size and shape: always a 4xx with the form's error shape, never a 500, and
// nothing stored. Then thousands of generated bodies (fast-check) with the same promise.
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UNREADABLE_SUBMISSION_MESSAGE } from "~/content/forms";
import { getDb } from "~/infra/db.server";
import * as contact from "~/routes/_public+/contact";
import * as donate from "~/routes/_public+/donate/route";
import * as publications from "~/routes/_public+/publications";
import * as theme from "~/routes/_public+/theme";
import { MAX_PUBLIC_FORM_BYTES } from "~/site/services/public-form.server";
import { resetDatabase, skipDurableWrites } from "./helpers";

type Action = (args: { request: Request; params: object; context: object }) => Promise<Response | unknown>;

const forms: {
  name: string;
  path: string;
  action: Action;
  table: "contact_enquiries" | "pledges" | "newsletter_subscribers";
}[] = [
  { name: "contact", path: "/contact", action: contact.action as Action, table: "contact_enquiries" },
  { name: "donate", path: "/donate", action: donate.action as Action, table: "pledges" },
  { name: "newsletter", path: "/publications", action: publications.action as Action, table: "newsletter_subscribers" },
];

const post = async (action: Action, path: string, body: BodyInit | null, contentType?: string) => {
  const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
  const request = new Request(`http://localhost${path}`, { method: "POST", body, headers });
  return (await action({ request, params: {}, context: {} })) as Response;
};

const stored = async (table: (typeof forms)[number]["table"]) => {
  const row = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

beforeAll(async () => {
  // A throw-away file: skip the fsync per write that makes thousands of posts slow.
  await skipDurableWrites();
});
beforeEach(resetDatabase);

const badBodies: { label: string; body: () => BodyInit | null; type?: string; status: number }[] = [
  { label: "JSON", body: () => JSON.stringify({ email: "a@example.com" }), type: "application/json", status: 400 },
  { label: "text/plain", body: () => "email=a@example.com", type: "text/plain", status: 400 },
  { label: "multipart without a boundary", body: () => "--x\r\n", type: "multipart/form-data", status: 400 },
  {
    label: "broken multipart",
    body: () => "not multipart at all",
    type: "multipart/form-data; boundary=zzz",
    status: 400,
  },
  { label: "no content type", body: () => "email=a@example.com", status: 400 },
  {
    label: "a body over the limit",
    body: () => `message=${"x".repeat(MAX_PUBLIC_FORM_BYTES + 1)}`,
    type: "application/x-www-form-urlencoded",
    status: 413,
  },
];

describe.each(forms)("$name form with a body it cannot use", ({ path, action, table }) => {
  it.each(badBodies)(
    "answers $label with $status, the form error and nothing stored",
    async ({ body, type, status }) => {
      const response = await post(action, path, body(), type);
      expect(response.status).toBe(status);
      const data = await response.json();
      expect(data.result.status).toBe("error");
      // The page shows this message above the form (FormError), so the visitor can try again.
      expect(data.result.error[""]).toEqual([UNREADABLE_SUBMISSION_MESSAGE]);
      expect(await stored(table)).toBe(0);
    },
  );

  it("answers an empty form with 400 and a field error for each required field", async () => {
    const response = await post(action, path, null, "application/x-www-form-urlencoded");
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.result.status).toBe("error");
    expect(Object.keys(data.result.error).filter((name) => name !== "").length).toBeGreaterThan(0);
    expect(await stored(table)).toBe(0);
  });

  it("answers a wrongly shaped form (fields repeated, unknown, mistyped) with 400 and field errors", async () => {
    const fields = new URLSearchParams([
      ["email", "a@example.com"],
      ["email", "b@example.com"],
      ["amount", "ten"],
      ["type", "weekly"],
      ["__proto__", "x"],
    ]);
    const response = await post(action, path, fields, "application/x-www-form-urlencoded");
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.result.status).toBe("error");
    expect(await stored(table)).toBe(0);
  });
});

describe("theme toggle with a body it cannot use", () => {
  it.each(badBodies)("answers $label with $status and sets no cookie", async ({ body, type, status }) => {
    const response = await post(theme.action as Action, "/theme", body(), type);
    expect(response.status).toBe(status);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await response.json()).error).toEqual(expect.any(String));
  });
});

describe("generated bodies", () => {
  const field = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.constantFrom("", "0", "-1", "1e9", "NaN", "one-time", "monthly", "on", "whatsapp", "general", "a@example.com"),
  );
  const names = fc.constantFrom(
    "name",
    "email",
    "subject",
    "message",
    "channel",
    "type",
    "amount",
    "customAmount",
    "firstName",
    "lastName",
    "phone",
    "inHonour",
    "website",
    "theme",
    "mode",
    "redirectTo",
    "x",
  );
  const entries = fc.array(fc.tuple(names, field), { maxLength: 12 });
  const contentType = fc.constantFrom(
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "text/plain",
    "application/json",
    undefined,
  );

  it.each([
    ...forms.map((f) => ({ path: f.path, action: f.action })),
    { path: "/theme", action: theme.action as Action },
  ])(
    "$path answers 1,000 generated posts with a redirect, a 200 or a 4xx, never a 5xx",
    async ({ path, action }) => {
      await fc.assert(
        fc.asyncProperty(entries, contentType, async (pairs, type) => {
          const response = await post(action, path, new URLSearchParams(pairs).toString(), type);
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect(response.status).toBeLessThan(430);
        }),
        { numRuns: 1_000 },
      );
    },
    60_000,
  );
});

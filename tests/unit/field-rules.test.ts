// The browser's half of the public forms (app/schemas/field-rules.ts, donation-rules.ts) must
// say what the server's zod schemas say: same fields refused, same words.
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/schemas/contact";
import { donationSchema } from "~/schemas/donation";
import { donationIssues } from "~/schemas/donation-rules";
import {
  contactRules,
  donationRules,
  fieldProblem,
  loginRules,
  newsletterRules,
  type FieldRules,
} from "~/schemas/field-rules";
import { loginSchema } from "~/schemas/login";
import { newsletterSchema } from "~/schemas/newsletter";
import type { z } from "zod";

/** The server's first message for one field of an otherwise empty form. */
function serverSays(schema: z.ZodType, field: string, value: unknown): string | null {
  const result = schema.safeParse({ [field]: value });
  const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
  return issue?.message ?? null;
}

const forms: [string, FieldRules, z.ZodType][] = [
  ["contact", contactRules, contactSchema],
  ["newsletter", newsletterRules, newsletterSchema],
  ["login", loginRules, loginSchema],
  ["donation", donationRules, donationSchema],
];

describe.each(forms)("the %s form", (_name, rules, schema) => {
  for (const [field, rule] of Object.entries(rules)) {
    const samples: unknown[] = [undefined, "   ", "x".repeat((rule.maxLength ?? 50) + 1), "not-an-email", "a@b.co"];
    it(`${field}: the browser and the server agree`, () => {
      for (const value of samples) {
        const browser = fieldProblem(rule, value);
        const server = serverSays(schema, field, value);
        if (browser !== null) expect(server, JSON.stringify(value)).toBe(browser);
        // What the browser lets through only the server's extra rules may refuse: the phone's
        // shape (donationIssues), a subject not in the list (a <select> cannot send one).
        else if (server !== null) expect(["phone", "subject"]).toContain(field);
      }
    });
  }
});

describe("the donate form's rules across fields", () => {
  it("are the schema's", () => {
    const value = { amount: "", giftAid: "on", postcode: "75001", phone: "abc" };
    const browser = donationIssues(value).map((i) => [i.path[0], i.message]);
    const parsed = donationSchema.safeParse({ ...value, giftAid: true });
    const server = parsed.success ? [] : parsed.error.issues.map((i) => [i.path[0], i.message]);
    for (const issue of browser) expect(server).toContainEqual(issue);
    expect(browser.map(([field]) => field)).toEqual(
      expect.arrayContaining(["amount", "phone", "house", "street", "town", "postcode"]),
    );
  });
});

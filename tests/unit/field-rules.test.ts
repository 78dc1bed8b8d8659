// The browser's half of the public forms (app/schemas/field-rules.ts, donation-rules.ts) must
// say what the server's zod schemas say: same fields refused, same words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/supporters/schemas/contact";
import { contactRules } from "~/supporters/schemas/contact-rules";
import { donationSchema } from "~/giving/schemas/donation";
import { donationRules } from "~/giving/schemas/donation-field-rules";
import { donationIssues } from "~/giving/schemas/donation-rules";
import {
  controlCharacterMessage,
  nameCharactersMessage,
  textProblem,
  type TextKind,
  fieldProblem,
  loginRules,
  newsletterRules,
  type FieldRules,
} from "~/schemas/field-rules";
import { loginSchema } from "~/staff/schemas/login";
import { newsletterSchema } from "~/publishing/schemas/subscription";
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

describe("text characters (names, titles, subjects, messages)", () => {
  const bidi = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

  it("refuses every C0 control and bidi control anywhere, in every kind of field", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(
          fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
          fc.constantFrom(...bidi, "\u007f"),
        ),
        fc.string(),
        fc.constantFrom<TextKind>("name", "line", "multiline"),
        (before, control, after, kind) => {
          const value = `a${before}${control}${after}`;
          const layout = kind === "multiline" && ["\t", "\n", "\r"].includes(control);
          if (!layout) expect(textProblem(kind, "Field", value)).not.toBeNull();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("allows tab and line breaks only in multi-line fields", () => {
    expect(textProblem("multiline", "Message", "Hello\r\n\tworld")).toBeNull();
    expect(textProblem("line", "Title", "Hello\nworld")).toBe(controlCharacterMessage("Title"));
  });

  it("lets a name hold letters of any alphabet, spaces, hyphens, apostrophes and full stops only", () => {
    for (const name of [
      "Ann O'Neil",
      "Zoë Smith-Jones",
      "J. R. R. Tolkien",
      "Siobhán Ó Briain",
      "محمد",
      "李小龙",
      "Nguyễn",
    ])
      expect(textProblem("name", "Full name", name), name).toBeNull();
    for (const name of [
      "http://evil.example",
      "www.evil.example/x",
      "Ann <b>",
      "Ann@example",
      "Ann 2",
      "-Ann",
      "Ann: click",
      "www.evil.example",
    ])
      expect(textProblem("name", "Full name", name), name).toBe(nameCharactersMessage("Full name"));
  });

  it("is the browser's rule as well as the server's", () => {
    expect(fieldProblem(contactRules.name, "visit http://x.example")).toBe(nameCharactersMessage("Full name"));
    expect(fieldProblem(contactRules.message, "line one\nline two")).toBeNull();
    expect(fieldProblem(contactRules.message, "hidden \u202e txet")).toBe(controlCharacterMessage("Message"));
  });
});

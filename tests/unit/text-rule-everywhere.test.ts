// One character rule for every text field we store (app/schemas/field-rules.ts `textProblem`):
// this walks every form schema exported from app/schemas and the domains' schemas/ folders, and checks that each of its string
// fields refuses the characters the rule is about, so a new field without the rule fails here.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_STACKED_MARKS, textProblem, type TextKind } from "~/schemas/field-rules";

const modules = import.meta.glob(["../../app/schemas/*.ts", "../../app/*/schemas/*.ts"], { eager: true }) as Record<
  string,
  Record<string, unknown>
>;

const A_DAY = "2026-11-26";

/** Fields that are never stored: a password (new or current) is only hashed or compared; `q` is a list's search box. */
const NOT_STORED = new Set(["password", "current", "q"]);

const HOSTILE: Record<string, string> = {
  "ESC (C0)": "Ab\u001bcd",
  "NEL (C1)": "Ab\u0085cd",
  "RLO (bidi)": "Ab\u202ecd",
  "RLI (bidi)": "Ab\u2067cd",
  "ALM (bidi)": "Ab\u061ccd",
  "zero-width space": "Ab\u200bcd",
  "line separator U+2028": "Ab\u2028cd",
  "paragraph separator U+2029": "Ab\u2029cd",
  "byte order mark U+FEFF": "Ab\ufeffcd",
  "stacked combining marks": `Ab${"\u0301".repeat(50)}cd`,
};

/** The object schema at the heart of an exported schema (through pipes, transforms and wrappers). */
function objectOf(schema: unknown): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return objectOf(schema.unwrap());
  return null;
}

/** What a schema-making function is walked with: one day for most; each page's fields for the site pages' form. */
function madeSchemas(name: string, make: (arg: unknown) => unknown, exports: Record<string, unknown>) {
  if (name === "sitePageFormSchema") {
    const pages = exports.sitePages as { key: string }[];
    return pages.map((page) => ({ label: `${name}(${page.key})`, value: make(page) }));
  }
  // Forms whose rules depend on the day (`recordPaymentSchema(today)`) are walked as made for one day.
  return [{ label: name, value: make(A_DAY) }];
}

const forms = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, exported]) => {
    const made =
      typeof exported === "function" && name.endsWith("Schema")
        ? madeSchemas(name, exported as (arg: unknown) => unknown, exports)
        : [{ label: name, value: exported }];
    return made.flatMap(({ label, value }) => {
      const object = objectOf(value);
      return object ? [{ form: `${file.replace(/^.*\//, "")} ${label}`, schema: value as z.ZodType, object }] : [];
    });
  }),
);

/** Whether the field keeps plain text as text (choices, amounts, dates and tick-boxes become something else). */
function takesText(field: z.ZodType): boolean {
  const result = field.safeParse("Abcd");
  return result.success && typeof result.data === "string";
}

/** The form's tick-boxes, all ticked: fields that count only when a box is ticked are read then. */
function allTicked(object: z.ZodObject): Record<string, boolean> {
  const ticked = Object.entries(object.shape).filter(([, field]) => (field as z.ZodType).safeParse(true).success);
  return Object.fromEntries(ticked.map(([name]) => [name, true]));
}

/** Whether the form refuses `value` in `field`, with everything else empty or else with every box ticked. */
function refuses(schema: z.ZodType, object: z.ZodObject, field: string, value: string): boolean {
  return [{}, allTicked(object)].some((others) => {
    const result = schema.safeParse({ ...others, [field]: value });
    return !result.success && result.error.issues.some((issue) => issue.path[0] === field);
  });
}

describe("every form schema's text fields", () => {
  it("finds the forms (the walk itself works)", () => {
    expect(forms.length).toBeGreaterThan(20);
    expect(forms.map((f) => f.form)).toEqual(
      expect.arrayContaining([expect.stringMatching(/contact\.ts contactSchema/)]),
    );
  });

  for (const { form, schema, object } of forms) {
    for (const [field, fieldSchema] of Object.entries(object.shape)) {
      if (NOT_STORED.has(field) || !takesText(fieldSchema as z.ZodType)) continue;
      it(`${form}: ${field} refuses invisible and reordering characters`, () => {
        for (const [what, value] of Object.entries(HOSTILE)) {
          expect(refuses(schema, object, field, value), `${form} ${field} took ${what}`).toBe(true);
        }
      });
    }
  }
});

describe("the rule itself", () => {
  const kinds: TextKind[] = ["name", "line", "multiline"];

  it("refuses every hostile character in every kind", () => {
    for (const kind of kinds) {
      for (const [what, value] of Object.entries(HOSTILE)) {
        expect(textProblem(kind, "Field", value), `${kind} took ${what}`).not.toBeNull();
      }
    }
  });

  it("keeps what people really type: accents, other alphabets, emoji, joiners inside words", () => {
    for (const value of ["Zoë Brontë-O’Neil", "Nguyễn Thị Minh", "Αλέξανδρος", "محمد", "José"]) {
      expect(textProblem("name", "Name", value)).toBeNull();
    }
    for (const value of ["Family 👨‍👩‍👧 and ❤️", "می‌خواهم", "ok"]) {
      expect(textProblem("line", "Line", value)).toBeNull();
    }
    expect(textProblem("multiline", "Message", "Hello\r\n\tthere")).toBeNull();
    expect(textProblem("line", "Line", "Hello\nthere")).not.toBeNull();
    expect(textProblem("name", "Name", `A${"\u0301".repeat(MAX_STACKED_MARKS)}`)).toBeNull();
    expect(textProblem("line", "Line", "\u200dstart")).not.toBeNull();
  });
});

// The part of the public forms' rules a browser can check without zod: which fields are
// required, how long they may be, which hold an e-mail address, and the messages for each.
// The zod schemas beside this file are built from the same rules and messages, so the
// browser's instant answer and the server's (the authority) read alike; the browser bundle
// imports only this file, never zod (see docs/decisions/0023-light-public-form-pages.md).

import type { Constraint, FormErrors, FormOptions } from "~/utils/light-form";

/** RFC 5321 caps a forward path at 254 characters; anything longer cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;

export const INVALID_EMAIL_MESSAGE = "Enter a valid email address, like name@example.com";

export const requiredMessage = (label: string) => `${label} is required`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * The e-mail shape zod's `z.email()` accepts (its default pattern), so an address the browser
 * lets through is not refused by the server for its shape.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * What a text field may hold: one rule for every text we store. Every kind refuses characters
 * that are invisible or change how the text around them reads: C0 and C1 control characters,
 * the Unicode bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), zero-width
 * and other invisible format characters (U+200B, U+2060–U+2064, U+FEFF, U+180E; a zero-width
 * joiner or non-joiner only between two visible characters, as in emoji and some scripts), the
 * line and paragraph separators U+2028 and U+2029, and more than four combining marks in a row
 * (a name that spills over the lines around it). "multiline" allows tab and line breaks. A
 * "name" is letters (any alphabet), spaces, hyphens, apostrophes and full stops (ending an
 * initial) only, so it cannot carry a link into a mail we send to an address nobody verified.
 */
export type TextKind = "name" | "line" | "multiline";

const INVISIBLE_OR_BIDI = String.raw`\u0080-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff`;
const VISIBLE = String.raw`[\p{L}\p{M}\p{N}\p{S}\p{P}\p{Extended_Pictographic}]`;
/** A joiner (U+200C, U+200D) not standing between two visible characters. */
const LOOSE_JOINER = new RegExp(String.raw`(?<!${VISIBLE})[\u200c\u200d]|[\u200c\u200d](?!${VISIBLE})`, "u");
/** Combining marks stacked on one character: more than this is refused. */
export const MAX_STACKED_MARKS = 4;
const STACKED_MARKS = new RegExp(String.raw`\p{M}{${MAX_STACKED_MARKS + 1},}`, "u");
const CONTROL = new RegExp(String.raw`[\u0000-\u001f\u007f${INVISIBLE_OR_BIDI}]`, "u");
// As above, less tab, line feed and carriage return.
const CONTROL_MULTILINE = new RegExp(
  String.raw`[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f${INVISIBLE_OR_BIDI}]`,
  "u",
);
// A full stop ends an initial or an abbreviation ("J. Smith", "St. John"), so it is followed by a
// space, a hyphen, an apostrophe or nothing: "www.example.org" is not a name.
const NAME = /^[\p{L}\p{M}](?:[\p{L}\p{M} '’-]|\.(?=[ '’-]|$))*$/u;

export const controlCharacterMessage = (label: string) =>
  `${label} contains an invisible control character: please type it again`;
export const nameCharactersMessage = (label: string) =>
  `${label} may contain only letters, spaces, hyphens, apostrophes and full stops`;

/** The problem with a text value's characters, or null (length and presence are checked apart). */
export function textProblem(kind: TextKind, label: string, value: string): string | null {
  if ((kind === "multiline" ? CONTROL_MULTILINE : CONTROL).test(value)) return controlCharacterMessage(label);
  if (LOOSE_JOINER.test(value) || STACKED_MARKS.test(value)) return controlCharacterMessage(label);
  if (kind === "name" && !NAME.test(value)) return nameCharactersMessage(label);
  return null;
}

export interface FieldRule {
  /** As in the messages: "Email address is required". */
  label: string;
  required?: boolean;
  maxLength?: number;
  email?: boolean;
  /** Spaces count as input (a password); other fields are trimmed first, as the server does. */
  untrimmed?: boolean;
  /** Said instead of "<label> is required", e.g. for a choice from a list. */
  missingMessage?: string;
  /** Which characters the text may hold (see TextKind); unset for choices and e-mail addresses. */
  text?: TextKind;
}

export type FieldRules = Readonly<Record<string, FieldRule>>;

export function emailRule(label = "Email address"): FieldRule {
  return { label, required: true, maxLength: EMAIL_MAX_LENGTH, email: true };
}

/**
 * The first problem with one field's value (trimmed, as the server trims it), or null.
 * Values that are not text (files, repeated fields) are left to the server.
 */
export function fieldProblem(rule: FieldRule, raw: unknown): string | null {
  if (raw !== undefined && typeof raw !== "string") return null;
  const value = rule.untrimmed ? (raw ?? "") : (raw ?? "").trim();
  if (!value) return rule.required ? (rule.missingMessage ?? requiredMessage(rule.label)) : null;
  if (rule.maxLength !== undefined && value.length > rule.maxLength) return tooLongMessage(rule.label, rule.maxLength);
  if (rule.email && !EMAIL_PATTERN.test(value)) return INVALID_EMAIL_MESSAGE;
  if (rule.text) return textProblem(rule.text, rule.label, value);
  return null;
}

export const CONTACT_LIMITS = { name: 100, message: 5_000 } as const;

export const newsletterRules = { email: emailRule() } satisfies FieldRules;

export const loginRules = {
  username: { label: "Username", required: true, maxLength: 200, text: "line" },
  password: { label: "Password", required: true, maxLength: 1024, untrimmed: true },
} satisfies FieldRules;

export const DONATION_FIELD_LIMITS = { name: 100, phone: 30 } as const;

// The light forms' checks in the browser, here with the rules they apply: a module of its own
// would be a chunk of its own on every form page.

type Issue = { path: string[]; message: string };
type CrossField = (payload: Record<string, unknown>) => Issue[];

/**
 * The options of a light form (app/utils/light-form.ts) that check it in the browser without
 * zod: each field against its rule (app/schemas/field-rules.ts), and optionally the form's rules
 * across fields (`crossField`, the same function the server's schema runs). The rules also
 * become `required` and `maxlength` attributes, so assistive technology announces them. The
 * server stays the authority: whatever it refuses arrives as the action's `lastResult`. With
 * `serverAnswersSubmit` the browser checks fields as they are left and edited, but a submit
 * always goes to the server (for a form whose Remix `<Form>` posts by fetch, not a reload).
 *
 * Create once per form, at module level: `const checks = browserValidation(contactRules)`.
 */
export function browserValidation(
  rules: FieldRules,
  crossField?: CrossField,
  options: { serverAnswersSubmit?: boolean } = {},
): FormOptions {
  const constraint: Record<string, Constraint> = {};
  for (const [name, rule] of Object.entries(rules)) {
    constraint[name] = { required: Boolean(rule.required), maxLength: rule.maxLength };
  }
  return {
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    validate(payload, submitting) {
      // A post the server answers as a whole (fetch, no reload), so every error shows at
      // once even where the browser knows only part of the rules.
      if (submitting && options.serverAnswersSubmit) return {};
      const error: FormErrors = {};
      for (const [name, rule] of Object.entries(rules)) {
        const problem = fieldProblem(rule, payload[name]);
        if (problem) error[name] = [problem];
      }
      for (const { path, message } of crossField?.(payload) ?? []) {
        const name = path.join(".");
        error[name] = [...(error[name] ?? []), message];
      }
      return error;
    },
  };
}

/**
 * Rules across fields whose code is loaded only when the visitor starts on the form
 * (`prepare`, e.g. on the form's first focus), keeping it out of the page's first load.
 * Until it has arrived `check` finds nothing, and the server's answer covers those rules.
 */
export function lazyCrossField(load: () => Promise<CrossField>): { check: CrossField; prepare: () => void } {
  let loaded: CrossField | null = null;
  let loading: Promise<void> | null = null;
  return {
    check: (payload) => loaded?.(payload) ?? [],
    prepare() {
      loading ??= load().then(
        (fn) => {
          loaded = fn;
        },
        () => {
          loading = null; // offline for a moment: try again on the next focus
        },
      );
    },
  };
}

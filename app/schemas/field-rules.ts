// The part of the public forms' rules a browser can check without zod: which fields are
// required, how long they may be, which hold an e-mail address, and the messages for each.
// The zod schemas beside this file are built from the same rules and messages, so the
// browser's instant answer and the server's (the authority) read alike; the browser bundle
// imports only this file, never zod (see docs/decisions.md, "Light form pages").

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
  return null;
}

export const CONTACT_LIMITS = { name: 100, message: 5_000 } as const;

export const contactRules = {
  name: { label: "Full name", required: true, maxLength: CONTACT_LIMITS.name },
  email: emailRule(),
  subject: { label: "Subject", required: true, missingMessage: "Choose a subject from the list" },
  message: { label: "Message", required: true, maxLength: CONTACT_LIMITS.message },
} satisfies FieldRules;

export const newsletterRules = { email: emailRule() } satisfies FieldRules;

export const loginRules = {
  username: { label: "Username", required: true, maxLength: 200 },
  password: { label: "Password", required: true, maxLength: 1024, untrimmed: true },
} satisfies FieldRules;

export const DONATION_FIELD_LIMITS = { name: 100, phone: 30 } as const;

/** The donate form's single fields; its rules across fields are in donation-rules.ts. */
export const donationRules = {
  firstName: { label: "First name", required: true, maxLength: DONATION_FIELD_LIMITS.name },
  lastName: { label: "Last name", required: true, maxLength: DONATION_FIELD_LIMITS.name },
  email: emailRule(),
  phone: { label: "Phone number", maxLength: DONATION_FIELD_LIMITS.phone },
} satisfies FieldRules;

import { z } from "./zod";
import {
  EMAIL_MAX_LENGTH,
  INVALID_EMAIL_MESSAGE,
  requiredMessage,
  textProblem,
  tooLongMessage,
  type TextKind,
} from "./field-rules";

export { EMAIL_MAX_LENGTH };

/**
 * An email address as visitors type it: surrounding spaces are forgiven (mobile keyboards
 * add them), then the address must be email-shaped. Conform sends an empty field as
 * undefined, which the string's own error reports as "required".
 */
export function emailField(label = "Email address") {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(EMAIL_MAX_LENGTH, tooLongMessage(label, EMAIL_MAX_LENGTH))
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));
}

/** A required text field, trimmed, with a length cap and the characters its kind allows. */
export function requiredText(label: string, max: number, kind: TextKind = "line") {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, tooLongMessage(label, max))
    .superRefine((value, ctx) => {
      const problem = textProblem(kind, label, value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** The same character rule for an optional field (checked when something was typed). */
export function textCharacters(kind: TextKind, label: string) {
  return (value: string | undefined, ctx: z.RefinementCtx) => {
    const problem = value ? textProblem(kind, label, value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

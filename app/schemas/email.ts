import { z } from "./zod";
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, requiredMessage, tooLongMessage } from "./field-rules";

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

/** A required single-line text field, trimmed, with a length cap. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, tooLongMessage(label, max));
}

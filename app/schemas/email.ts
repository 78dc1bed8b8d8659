import { z } from "./zod";

/** RFC 5321 caps a forward path at 254 characters; anything longer cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An email address as visitors type it: surrounding spaces are forgiven (mobile keyboards
 * add them), then the address must be email-shaped. Conform sends an empty field as
 * undefined, which the string's own error reports as "required".
 */
export function emailField(label = "Email address") {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(EMAIL_MAX_LENGTH, `${label} must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email({ error: "Enter a valid email address, like name@example.com" }));
}

/** A required single-line text field, trimmed, with a length cap. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

import { z } from "~/schemas/zod";
import { emailField } from "~/schemas/email";

/** The privacy request lookup (a GET form) and the erasure form: one e-mail address. */
export const privacyEmailSchema = z.object({ email: emailField("E-mail address") });

/** The address from a query or form, or the reason it cannot be used. */
export function parsePrivacyEmail(
  value: FormDataEntryValue | null,
): { ok: true; email: string } | { ok: false; error: string } {
  const parsed = privacyEmailSchema.safeParse({ email: typeof value === "string" ? value : undefined });
  if (parsed.success) return { ok: true, email: parsed.data.email };
  return { ok: false, error: parsed.error.issues[0]?.message ?? "Enter an e-mail address" };
}

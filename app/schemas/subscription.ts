import { z } from "./zod";
import { emailField } from "./email";
import { newsletterRules } from "./field-rules";
import { givingLinkRules } from "./giving-link-rules";

export const newsletterSchema = z.object({
  email: emailField(newsletterRules.email.label),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** Your giving's link request (/giving). */
export const givingLinkSchema = z.object({
  email: emailField(givingLinkRules.email.label),
});

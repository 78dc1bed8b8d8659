import { z } from "~/schemas/zod";
import { emailField } from "~/schemas/email";
import { newsletterRules } from "~/schemas/field-rules";
import { givingLinkRules } from "~/supporters/schemas/giving-link-rules";

export const newsletterSchema = z.object({
  email: emailField(newsletterRules.email.label),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** Your giving's link request (/giving). */
export const givingLinkSchema = z.object({
  email: emailField(givingLinkRules.email.label),
});

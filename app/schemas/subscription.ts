import { z } from "./zod";
import { emailField } from "./email";
import { newsletterRules } from "./field-rules";

export const newsletterSchema = z.object({
  email: emailField(newsletterRules.email.label),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

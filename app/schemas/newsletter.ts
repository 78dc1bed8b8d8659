import { z } from "./zod";
import { emailField } from "./email";

export const newsletterSchema = z.object({
  email: emailField("Email address"),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

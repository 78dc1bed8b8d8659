import { z } from "./zod";
import { contactChannels, contactSubjectValues } from "~/content/contact";
import { emailField, requiredText } from "./email";

export const CONTACT_LIMITS = { name: 100, message: 5_000 } as const;

export const contactSchema = z.object({
  name: requiredText("Full name", CONTACT_LIMITS.name),
  email: emailField("Email address"),
  subject: z.enum(contactSubjectValues, { error: "Choose a subject from the list" }),
  message: requiredText("Message", CONTACT_LIMITS.message),
  // Set by the button pressed. Pressing Enter in a field submits with the first button,
  // but a missing value (a script, an old browser) falls back to e-mail rather than failing.
  channel: z.enum(contactChannels, { error: "Choose e-mail or WhatsApp" }).default("email"),
});

export type ContactInput = z.infer<typeof contactSchema>;

import { z } from "~/schemas/zod";
import { contactChannels, contactSubjectValues } from "~/content/contact";
import { emailField, requiredText } from "~/schemas/email";
import { contactRules } from "./contact-rules";
import { CONTACT_LIMITS } from "~/schemas/field-rules";

export { CONTACT_LIMITS };

const { name, email, subject, message } = contactRules;

export const contactSchema = z.object({
  name: requiredText(name.label, name.maxLength, name.text),
  email: emailField(email.label),
  subject: z.enum(contactSubjectValues, { error: subject.missingMessage }),
  message: requiredText(message.label, message.maxLength, message.text),
  // Set by the button pressed. Pressing Enter in a field submits with the first button,
  // but a missing value (a script, an old browser) falls back to e-mail rather than failing.
  channel: z.enum(contactChannels, { error: "Choose e-mail or WhatsApp" }).default("email"),
});

export type ContactInput = z.infer<typeof contactSchema>;

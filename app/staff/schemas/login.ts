import { z } from "~/schemas/zod";
import { requiredText } from "~/schemas/email";
import { loginRules, requiredMessage, tooLongMessage } from "~/schemas/field-rules";

const { username, password } = loginRules;

export const loginSchema = z.object({
  username: requiredText(username.label, username.maxLength, username.text),
  // Not trimmed: spaces may be part of a password.
  password: z
    .string({ error: requiredMessage(password.label) })
    .min(1, requiredMessage(password.label))
    .max(password.maxLength, tooLongMessage(password.label, password.maxLength)),
});

export type LoginInput = z.infer<typeof loginSchema>;

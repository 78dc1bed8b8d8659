import { z } from "~/schemas/zod";
import { emailField } from "~/schemas/email";

/** The mail log's "send a test message" form: an address, or empty for STAFF_EMAIL. */
export const mailTestSchema = z.object({
  intent: z.literal("test"),
  to: emailField("Address").optional(),
});

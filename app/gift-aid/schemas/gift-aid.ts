import { z } from "~/schemas/zod";
import { giftDayField } from "~/giving/schemas/donations";
import { textCharacters } from "~/schemas/email";

// The staff Gift Aid forms. The service checks again (dates against the batch, locks).

export const CANCEL_REASON_MAX = 500;

export const cancelDeclarationSchema = z.object({
  reason: z
    .string({ error: "Say why the declaration is cancelled" })
    .trim()
    .min(1, "Say why the declaration is cancelled")
    .max(CANCEL_REASON_MAX, `The reason must be at most ${CANCEL_REASON_MAX} characters`)
    .superRefine(textCharacters("multiline", "The reason")),
});

/** `today` is the UK day by the server's clock: the action's own, the page's from its loader. */
export const markSubmittedSchema = (today: string) =>
  z.object({
    submittedOn: giftDayField("Enter the date you submitted the claim", "Enter a real date, like 30/04/2026", today),
  });

/** Payment ids as the claimable list's checkboxes send them. */
export const createBatchSchema = z.object({
  scope: z.enum(["all", "selected"], { error: "Choose all payments or the selected ones" }),
  paymentId: z
    .array(
      z
        .string()
        .regex(/^[1-9]\d{0,15}$/, "Not a payment")
        .transform(Number),
    )
    .max(10_000, "Too many payments selected")
    .default([]),
});

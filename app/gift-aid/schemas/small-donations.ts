import { z } from "~/schemas/zod";
import { giftDayField, paymentAmountField } from "~/giving/schemas/donations";
import { textCharacters } from "~/schemas/email";

// The staff form that records a small donation (Gift Aid Small Donations Scheme) and the one that
// deletes a mistaken one. Shared by page and action; the service checks again.

export const PLACE_MAX_LENGTH = 100;

export const smallDonationMethodLabels = { cash: "Cash", contactless: "Contactless" } as const;
export const smallDonationKindLabels = {
  gift: "One gift",
  collection: "A collection of gifts, none over £30",
} as const;

/** `today` is the UK day by the server's clock: the action's own, the page's from its loader. */
export const recordSmallDonationSchema = (today: string) =>
  z.object({
    intent: z.literal("record"),
    collectedOn: giftDayField("Enter the date it was collected", "Enter a date like 05/10/2025", today),
    amount: paymentAmountField("Enter the amount collected"),
    method: z.enum(["cash", "contactless"], { error: "Choose cash or contactless" }),
    kind: z.enum(["gift", "collection"], { error: "Choose one gift or a collection" }),
    place: z
      .string({ error: "Say where it was collected" })
      .trim()
      .min(1, "Say where it was collected")
      .max(PLACE_MAX_LENGTH, `Where must be at most ${PLACE_MAX_LENGTH} characters`)
      .superRefine(textCharacters("line", "Where")),
  });

export const deleteSmallDonationSchema = z.object({
  intent: z.literal("delete"),
  id: z
    .string({ error: "Not a small donation" })
    .regex(/^[1-9]\d{0,15}$/, "Not a small donation")
    .transform(Number),
});

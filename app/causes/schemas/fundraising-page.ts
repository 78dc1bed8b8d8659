import { z } from "~/schemas/zod";
import { emailField, requiredText, textCharacters } from "~/schemas/email";
import { tooLongMessage } from "~/schemas/field-rules";
import { FUNDRAISING_LIMITS, MAX_TARGET_PENCE, startPageRules } from "./fundraising-rules";
import { blankToUndefined, photoAlt, photoFile, requirePhotoAlt } from "~/schemas/photo-fields";
import { formatPence, poundsToPence } from "~/utils/money";

// The "Start your page" form (server side; the browser checks startPageRules without zod), and
// the staff review form of a supporter's page.

const { name, email, title, story, occasion, in_memory_of, image_alt } = startPageRules;

function optionalText(label: string, max: number, kind: "line" | "name") {
  return z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, tooLongMessage(label, max)).optional().superRefine(textCharacters(kind, label)),
  );
}

export const TARGET_MESSAGE = `Enter a target in pounds from £10 to ${formatPence(MAX_TARGET_PENCE)}, like 300`;

/** What the owner may change later too: title, target, story and an optional photo with its description. */
const pageFields = {
  title: requiredText(title.label, title.maxLength, "line"),
  target: z
    .string({ error: "Target is required" })
    .trim()
    .min(1, "Target is required")
    .transform((value, ctx) => {
      const pence = poundsToPence(value);
      if (pence === null || pence < 1000 || pence > MAX_TARGET_PENCE) {
        ctx.addIssue({ code: "custom", message: TARGET_MESSAGE });
        return z.NEVER;
      }
      return pence;
    }),
  story: requiredText(story.label, story.maxLength, "multiline"),
  image: photoFile,
  image_alt: photoAlt(image_alt.label, image_alt.maxLength),
};

export const startPageSchema = z
  .object({
    kind: z.enum(["share-my-day", "memoriam"], { error: "Choose a kind of page" }),
    name: requiredText(name.label, name.maxLength, "name"),
    email: emailField(email.label),
    ...pageFields,
    occasion: optionalText(occasion.label, FUNDRAISING_LIMITS.occasion, "line"),
    in_memory_of: optionalText(in_memory_of.label, FUNDRAISING_LIMITS.name, "name"),
    sponsored: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  })
  .superRefine((value, ctx) => {
    requirePhotoAlt(value, ctx);
    if (value.kind === "memoriam" && !value.in_memory_of) {
      ctx.addIssue({ code: "custom", path: ["in_memory_of"], message: "Their name is required" });
    }
  });

export type StartPageInput = z.infer<typeof startPageSchema>;

/** The owner's edit through the management link; "remove_image" takes the photo off. */
export const pageEditSchema = z
  .object({ ...pageFields, remove_image: z.preprocess((v) => v === "on" || v === true, z.boolean()) })
  .superRefine(requirePhotoAlt);

export type PageEditInput = z.infer<typeof pageEditSchema>;

export const PAGE_DECISIONS = ["approve", "changes", "reject", "take-down"] as const;
export type PageDecision = (typeof PAGE_DECISIONS)[number];

/** Staff's decision on a page, with the message the owner reads (required but for approval). */
export const pageDecisionSchema = z
  .object({
    decision: z.enum(PAGE_DECISIONS, { error: "Choose a decision" }),
    message: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(2_000, tooLongMessage("Message", 2_000))
        .optional()
        .superRefine(textCharacters("multiline", "Message")),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.decision !== "approve" && !value.message) {
      ctx.addIssue({ code: "custom", path: ["message"], message: "Tell the owner why: the message is required" });
    }
  });

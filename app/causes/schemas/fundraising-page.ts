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

export const TARGET_REQUIRED = "Target is required";

/** What the owner may change later too: title, target, story and an optional photo with its description. */
const pageFields = {
  title: requiredText(title.label, title.maxLength, "line"),
  // Optional here (an In Memoriam page need not have one); a Share My Day page requires it (requireTarget).
  target: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Target must be an amount in pounds" })
      .trim()
      .transform((value, ctx) => {
        const pence = poundsToPence(value);
        if (pence === null || pence < 1000 || pence > MAX_TARGET_PENCE) {
          ctx.addIssue({ code: "custom", message: TARGET_MESSAGE });
          return z.NEVER;
        }
        return pence;
      })
      .optional(),
  ),
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
    /** The open appeal the page raises money for (its address), or none. */
    appeal: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(80)
        .regex(/^[a-z0-9-]+$/, "Choose an appeal from the list")
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    requirePhotoAlt(value, ctx);
    if (value.kind === "share-my-day") requireTarget(value, ctx);
    if (value.kind === "memoriam" && !value.in_memory_of) {
      ctx.addIssue({ code: "custom", path: ["in_memory_of"], message: "Their name is required" });
    }
  });

export type StartPageInput = z.infer<typeof startPageSchema>;

/** A Share My Day page has a target; an In Memoriam page may have none. */
function requireTarget(value: { target?: number }, ctx: z.RefinementCtx) {
  if (value.target === undefined) ctx.addIssue({ code: "custom", path: ["target"], message: TARGET_REQUIRED });
}

const pageEditFields = z.object({
  ...pageFields,
  remove_image: z.preprocess((v) => v === "on" || v === true, z.boolean()),
});

/** The owner's edit of a tribute page through the management link; "remove_image" takes the photo off. */
export const tributeEditSchema = pageEditFields.superRefine(requirePhotoAlt);

/** The owner's edit of a Share My Day page: its target stays required. */
export const pageEditSchema = pageEditFields.superRefine((value, ctx) => {
  requirePhotoAlt(value, ctx);
  requireTarget(value, ctx);
});

export type PageEditInput = z.infer<typeof pageEditFields>;

/** Staff's decisions on a page; "take-down" is its own warning button, never a radio. */
export const PAGE_DECISIONS = ["approve", "changes", "reject", "take-down", "approve-edit", "reject-edit"] as const;
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
    if (value.decision !== "approve" && value.decision !== "approve-edit" && !value.message) {
      ctx.addIssue({ code: "custom", path: ["message"], message: "Tell the owner why: the message is required" });
    }
  });

import { z } from "~/schemas/zod";
import { requiredText, textCharacters } from "~/schemas/email";
import { CONTENT_INTENTS, publishAtField } from "~/publishing/schemas/site-pages";
import { blankToUndefined, MAX_IMAGE_BYTES, photoAlt, photoFile, SLUG_PATTERN } from "~/schemas/photo-fields";

// Projects (issue 52): what the public pages show of one (client-safe types) and the staff form
// (zod + Conform). Every picture has alt text, or is marked decorative by a tick: never by leaving
// the description empty.

export const PROJECT_STATUSES = ["Active", "Completed", "Planned"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Every project picture (card and gallery) is drawn on the same 8:5 canvas. */
export const PROJECT_IMAGE_SIZE = { width: 800, height: 500 } as const;

/** A picture as a public page draws it: a site file (src only) or an upload (with its sources). */
export interface ProjectPicture {
  src: string;
  /** An upload's JPEG and WebP sources by width; absent for the site's own files. */
  srcSet?: string;
  webpSrcSet?: string;
  /** Empty for a picture marked decorative. */
  alt: string;
  width: number;
  height: number;
}

/** A project as the public pages show it (loader data: no server code in the browser). */
export interface Project {
  slug: string;
  title: string;
  summary: string;
  status: ProjectStatus;
  image: ProjectPicture | null;
  gallery: ProjectPicture[];
}

/** The staff form's id: its fields' ids (`project-form-body`) are known to the server's messages. */
export const PROJECT_FORM_ID = "project-form";

export const PROJECT_LIMITS = { title: 120, summary: 300, slug: 80, body: 50_000, alt: 250 } as const;
/** Empty rows for new gallery pictures the form starts with; "More rows" adds NEW_PICTURE_SLOTS at a time. */
export const NEW_PICTURE_SLOTS = 3;
/** The most new pictures one save takes (the form's size); after a save, as many again. */
export const MAX_NEW_PICTURES = 12;

/** How many new-picture rows the form shows, from its address (`?rows=6`): 3 to MAX_NEW_PICTURES. */
export function newPictureRows(url: string): number {
  const asked = Number(new URL(url, "http://x").searchParams.get("rows"));
  if (!Number.isInteger(asked) || asked < NEW_PICTURE_SLOTS) return NEW_PICTURE_SLOTS;
  return Math.min(asked, MAX_NEW_PICTURES);
}

/** The form's body: the card and each new gallery picture up to 10 MB, and the words. */
export const PROJECT_FORM_LIMITS = {
  maxBytes: (1 + MAX_NEW_PICTURES) * MAX_IMAGE_BYTES + 2 * 1024 * 1024,
  maxFileBytes: MAX_IMAGE_BYTES,
};
/** Addresses under /projects/ that are the section's own pages. */
export const RESERVED_PROJECT_SLUGS = ["recent"] as const;

export const ALT_OR_DECORATIVE =
  "Describe the picture for people who use screen readers, or tick “Decorative” if it adds nothing to the page";

const checkbox = z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean());
const alt = photoAlt("Description", PROJECT_LIMITS.alt);

const existingPicture = z.object({
  id: z.coerce.number().int().positive(),
  alt,
  decorative: checkbox,
  remove: checkbox,
  position: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Order must be a whole number" })
      .int("Order must be a whole number")
      .min(1, "Order must be 1 or more")
      .max(999, "Order must be at most 999")
      .optional(),
  ),
});

const newPicture = z.object({ file: photoFile, alt, decorative: checkbox });

export const projectFormSchema = z
  .object({
    intent: z.enum([...CONTENT_INTENTS, "unpublish"], { error: "Choose Save draft or Publish" }),
    publish_at: publishAtField,
    title: requiredText("Title", PROJECT_LIMITS.title),
    slug: z
      .string({ error: "Address is required" })
      .trim()
      .max(PROJECT_LIMITS.slug, `Address must be at most ${PROJECT_LIMITS.slug} characters`)
      .regex(SLUG_PATTERN, "Address may hold only small letters, digits and single hyphens, e.g. clean-water")
      .refine(
        (slug) => !(RESERVED_PROJECT_SLUGS as readonly string[]).includes(slug),
        "This address is one of the Projects section's own pages: choose another",
      ),
    summary: requiredText("Summary", PROJECT_LIMITS.summary),
    status: z.enum(PROJECT_STATUSES, { error: "Choose the project's status" }),
    body: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(PROJECT_LIMITS.body, `Body must be at most ${PROJECT_LIMITS.body.toLocaleString("en-GB")} characters`)
        .optional()
        .superRefine(textCharacters("multiline", "Body")),
    ),
    in_menu: checkbox,
    in_footer: checkbox,
    /** Set by the edit form when the project already has a card picture. */
    has_card: checkbox,
    card_file: photoFile,
    card_alt: alt,
    card_decorative: checkbox,
    gallery: z.array(existingPicture).max(100).default([]),
    new_pictures: z.array(newPicture).max(MAX_NEW_PICTURES).default([]),
  })
  .superRefine(
    (value, ctx) => {
      if (!value.card_file && !value.has_card) {
        ctx.addIssue({ code: "custom", path: ["card_file"], message: "Choose a card picture: a JPEG, PNG or WebP" });
      }
      if (!value.card_decorative && !value.card_alt) {
        ctx.addIssue({ code: "custom", path: ["card_alt"], message: ALT_OR_DECORATIVE });
      }
      (Array.isArray(value.gallery) ? value.gallery : []).forEach((picture, i) => {
        if (!picture.remove && !picture.decorative && !picture.alt) {
          ctx.addIssue({ code: "custom", path: ["gallery", i, "alt"], message: ALT_OR_DECORATIVE });
        }
      });
      (Array.isArray(value.new_pictures) ? value.new_pictures : []).forEach((picture, i) => {
        if (picture.file && !picture.decorative && !picture.alt) {
          ctx.addIssue({ code: "custom", path: ["new_pictures", i, "alt"], message: ALT_OR_DECORATIVE });
        }
        if (!picture.file && (picture.alt || picture.decorative)) {
          ctx.addIssue({
            code: "custom",
            path: ["new_pictures", i, "file"],
            message: "Choose the picture this description is for, or clear the description",
          });
        }
      });
    },
    // The pictures' rules run even when another field is wrong: one refusal lists every problem.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

export type ProjectFormValue = z.infer<typeof projectFormSchema>;

/** The form's file fields that held a file, by their labels: a refused form cannot keep them. */
export function chosenFileLabels(form: FormData): string[] {
  const labels: string[] = [];
  const chosen = (value: FormDataEntryValue | null) =>
    typeof value === "object" && value !== null && (value.size > 0 || value.name !== "");
  if (chosen(form.get("card_file"))) labels.push("the card picture");
  for (let i = 0; i < MAX_NEW_PICTURES; i++) {
    if (chosen(form.get(`new_pictures[${i}].file`))) labels.push(`new gallery picture ${i + 1}`);
  }
  return labels;
}

/** The plain sentence a refused form shows when it had files: they must be chosen again. */
export function chooseAgainMessage(labels: readonly string[]): string | null {
  if (labels.length === 0) return null;
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
  return `The form was not saved, so the file${labels.length === 1 ? "" : "s"} you chose for ${list} ${
    labels.length === 1 ? "was" : "were"
  } not kept: choose ${labels.length === 1 ? "it" : "them"} again before you save.`;
}

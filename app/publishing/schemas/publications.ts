import { z } from "~/schemas/zod";
import { requiredText } from "~/schemas/email";
import { isCalendarDay } from "~/utils/dates";
import { CONTENT_INTENTS, publishAtField } from "~/publishing/schemas/site-pages";

// The staff publication forms (Publications section): zod + Conform like every staff form. The
// document's content (a real PDF) is checked by the service (services/publications.server.ts),
// which reads it; here only whether a file was chosen and its size.

/** The largest document staff may upload: the one place this limit is set (the form states it). */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** The limit in words, as the form and the refusals say it. */
export const MAX_PDF_LABEL = "20 MB";

/**
 * The publication form's body: a document up to MAX_PDF_BYTES is kept; a larger one (up to the
 * whole limit) is read, cut and answered with a field error naming it, the other fields kept;
 * a body beyond that is a 413 (app/infra/body.server.ts).
 */
export const PUBLICATION_FORM_LIMITS = { maxBytes: 32 * 1024 * 1024, maxFileBytes: MAX_PDF_BYTES };

export const PUBLICATION_LIMITS = { title: 200, description: 1000, typeName: 60 } as const;

export const PUBLICATION_STATUSES = ["published", "hidden"] as const;

/** A chosen file's name as the person knows it: without a folder, one line, not too long. */
export function fileLabel(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((char) => char.charCodeAt(0) >= 32 && char.charCodeAt(0) !== 127)
    .join("")
    .trim();
  if (!clean) return "The file";
  return clean.length > 100 ? `${clean.slice(0, 97)}...` : clean;
}

export const documentMessages = {
  missing: "Choose the PDF document to upload",
  notPdf: (name: string | undefined) => `${fileLabel(name)} is not a PDF document`,
  tooLarge: (name: string | undefined) =>
    `${fileLabel(name)} is larger than ${MAX_PDF_LABEL}, the largest document we take`,
  empty: (name: string | undefined) => `${fileLabel(name)} is empty`,
  /** A file is not part of a version: on a publication visitors see, a new one is public at once. */
  needsPublish: (name: string | undefined) =>
    `${fileLabel(name)} would replace the document visitors download straight away, so it goes with Publish: choose Publish, or save the words without the file`,
  /** Shown on a refused form: a browser never keeps a chosen file across a page load. */
  chooseAgain: "For your safety the browser does not keep a chosen file: choose the document again before you save.",
} as const;

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** A file input left empty arrives as an unnamed empty file (or not at all): no document. */
const optionalDocument = z.preprocess(
  (v) => (isFile(v) && v.size === 0 && !v.name ? undefined : v),
  z
    .custom<File>(isFile, documentMessages.missing)
    .superRefine((file, ctx) => {
      if (file.size === 0) ctx.addIssue({ code: "custom", message: documentMessages.empty(file.name) });
      else if (file.size > MAX_PDF_BYTES)
        ctx.addIssue({ code: "custom", message: documentMessages.tooLarge(file.name) });
    })
    .optional(),
);

const publicationFields = {
  title: requiredText("Title", PUBLICATION_LIMITS.title),
  type_id: z.coerce.number({ error: "Choose a type" }).int("Choose a type").positive("Choose a type"),
  published_on: z
    .string({ error: "Date is required" })
    .trim()
    .refine((value) => isCalendarDay(value), "Date must be a date, e.g. 2026-03-31"),
  description: requiredText("Description", PUBLICATION_LIMITS.description, "multiline"),
  status: z.enum(PUBLICATION_STATUSES, { error: "Choose whether visitors see it" }),
  // Which button (none: the new form's one button, Add publication); a UK time for Publish at.
  intent: z.enum(CONTENT_INTENTS).default("publish"),
  publish_at: publishAtField,
};

/** A new publication: the document is required. */
export const newPublicationSchema = z
  .object({ ...publicationFields, document: optionalDocument })
  .superRefine((value, ctx) => {
    if (!value.document) ctx.addIssue({ code: "custom", path: ["document"], message: documentMessages.missing });
  });

/** An edit: a chosen document replaces the current one; none keeps it. */
export const editPublicationSchema = z.object({ ...publicationFields, document: optionalDocument });

export type PublicationFormValue = z.output<typeof editPublicationSchema>;

/** Adding or renaming a type. */
export const publicationTypeSchema = z.object({
  name: requiredText("Type name", PUBLICATION_LIMITS.typeName),
});

/** What a card on /publications shows. */
export interface PublicationCard {
  slug: string;
  title: string;
  typeName: string;
  publishedOn: string;
  description: string;
  /** The download, or null when the document is not there yet. */
  download: { url: string; bytes: number } | null;
}

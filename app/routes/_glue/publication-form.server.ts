// Route glue (app/routes/_glue/, never a route): the staff publication form's action, new and
// edit alike. A refused form is a 400 with the words kept and field errors (Conform), and says
// whether it carried a file (the browser does not keep it: the form says to choose it again).
import { json } from "@remix-run/node";
import type { z } from "zod";
import {
  ContentRefusal,
  PublicationRefusal,
  checkDocument,
  documentFromFile,
  publicationFieldsFromForm,
  type Publication,
} from "~/publishing/index.server";
import {
  PUBLICATION_FORM_LIMITS,
  editPublicationSchema,
  newPublicationSchema,
} from "~/publishing/schemas/publications";
import { staffAction } from "./action-guard.server";
import type { User } from "~/staff/index.server";
import type { DocumentUpload } from "~/publishing/index.server";
import type { ContentIntent } from "~/publishing/index.server";
import { fromLondonLocal } from "~/utils/dates";

type Save = (
  fields: ReturnType<typeof publicationFieldsFromForm>,
  upload: DocumentUpload | undefined,
  user: User,
  save: { intent: ContentIntent; publishAt: string | null },
) => Promise<Publication | undefined>;

/** Whether the post carried a chosen file (a non-empty file input). */
function carriedFile(form: FormData | undefined): boolean {
  const value = form?.get("document");
  return typeof File !== "undefined" && value instanceof File && (value.size > 0 || value.name !== "");
}

export async function publicationFormAction(request: Request, { isNew, save }: { isNew: boolean; save: Save }) {
  const schema: z.ZodType<unknown, unknown> = isNew ? newPublicationSchema : editPublicationSchema;
  const { user, form, submission } = await staffAction(request, "publications", {
    schema,
    limits: PUBLICATION_FORM_LIMITS,
  });
  const fileDropped = carriedFile(form);
  if (submission.status !== "success") {
    // The file is checked too, so every problem is told at once (not the file's after the rest).
    const file = form.get("document");
    const fileErrors = submission.error?.document;
    let fieldErrors: Record<string, string[]> | undefined;
    if (fileDropped && !fileErrors?.length && file instanceof File) {
      try {
        await checkDocument(await documentFromFile(file));
      } catch (error) {
        if (!(error instanceof PublicationRefusal)) throw error;
        fieldErrors = { ...submission.error, document: [error.message] } as Record<string, string[]>;
      }
    }
    return {
      response: json({ result: submission.reply(fieldErrors ? { fieldErrors } : {}), fileDropped }, { status: 400 }),
    };
  }
  const value = submission.value as z.output<typeof editPublicationSchema>;
  const publishAt = value.intent === "schedule" && value.publish_at ? fromLondonLocal(value.publish_at) : null;
  if (value.intent === "schedule" && !publishAt) {
    const fieldErrors = { publish_at: ["Enter the day and time to publish at (UK time)"] };
    return { response: json({ result: submission.reply({ fieldErrors }), fileDropped }, { status: 400 }) };
  }
  try {
    const upload = value.document ? await documentFromFile(value.document) : undefined;
    const saved = await save(publicationFieldsFromForm(value), upload, user, { intent: value.intent, publishAt });
    return { saved, intent: value.intent };
  } catch (error) {
    if (error instanceof ContentRefusal) {
      const reply =
        error.status === 409
          ? submission.reply({ fieldErrors: { publish_at: [error.message] } })
          : submission.reply({ formErrors: [error.message] });
      return { response: json({ result: reply, fileDropped }, { status: error.status === 409 ? 400 : error.status }) };
    }
    if (error instanceof PublicationRefusal) {
      const reply = error.field
        ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return { response: json({ result: reply, fileDropped }, { status: error.status === 404 ? 400 : error.status }) };
    }
    throw error;
  }
}

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { staffValidation } from "~/components/admin/staff-validation";
import { Form } from "@remix-run/react";
import { PublishControls } from "~/components/admin/site-page-history";
import { adminPaths } from "~/utils/admin-paths";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FileField, SelectField, TextareaField, TextField } from "~/components/ui/form";
import {
  documentMessages,
  editPublicationSchema,
  MAX_PDF_LABEL,
  newPublicationSchema,
} from "~/publishing/schemas/publications";
import { formatFileSize } from "~/publishing/utils/publication-paths";

// A type, not an interface: Conform's form metadata wants an index signature.
export type PublicationFormValues = {
  title: string;
  type_id: string;
  published_on: string;
  description: string;
  status: "published" | "hidden";
  /** Never filled in: a browser chooses a file only when the person does. */
  document?: undefined;
  publish_at?: string;
};

export const statusOptions = [
  { value: "published", label: "Published: shown on the Publications page" },
  { value: "hidden", label: "Unpublished: kept here, not shown to visitors" },
] as const;

/**
 * The staff publication form (new and edit), posted as multipart/form-data; it works without
 * JavaScript. A refused form comes back with the words kept and field errors; a browser never
 * keeps a chosen file across a refusal, so the form says to choose the document again (and with
 * JavaScript the chooser is emptied too, so both ways behave the same).
 */
export function PublicationForm({
  lastResult,
  defaultValue,
  types,
  current,
  fileDropped,
  submitLabel,
  editing,
}: {
  /** An existing publication: its words are saved as versions (Save draft, Publish, Publish at, Preview, History). */
  editing?: { id: number; mayPublish: boolean };
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: PublicationFormValues;
  types: { id: number; name: string }[];
  /** The document it has (edit): kept unless another is chosen. */
  current?: { name: string; bytes: number; url: string } | null;
  /** The refused post carried a file (which the browser does not keep). */
  fileDropped?: boolean;
  submitLabel: string;
}) {
  const schema = defaultValue ? editPublicationSchema : newPublicationSchema;
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaultValue ?? ({ status: "published" } as Partial<PublicationFormValues>),
    ...staffValidation(schema),
  });
  const refused = lastResult?.status === "error" && fileDropped;
  const limit = `A PDF document of at most ${MAX_PDF_LABEL}. It is checked by its content: a file that is not a PDF is refused whatever its name.`;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-5">
      <ErrorSummary form={form} />
      <TextField meta={fields.title} label="Title" autoComplete="off" />
      <SelectField
        meta={fields.type_id}
        label="Type"
        placeholder="Choose a type"
        options={types.map((type) => ({ value: String(type.id), label: type.name }))}
      />
      <TextField
        meta={fields.published_on}
        label="Date"
        type="date"
        hint="The date shown on the card, e.g. 2026-03-31."
      />
      <TextareaField
        meta={fields.description}
        label="Description"
        rows={4}
        hint="One or two sentences, shown on the card."
      />
      <SelectField meta={fields.status} label="Shown on the website" options={statusOptions} />
      <div>
        {current ? (
          <p className="mb-2 text-sm text-slate-800 dark:text-slate-200">
            Current document:{" "}
            <a href={current.url} className="link">
              {current.name}
            </a>{" "}
            (PDF, {formatFileSize(current.bytes)}). Choose a file only to replace it; its download address stays the
            same.
          </p>
        ) : null}
        {/* A new element after each refused post: the chooser is empty, as it is without JavaScript. */}
        <FileField
          key={lastResult ? JSON.stringify(lastResult.error ?? {}) : "first"}
          meta={fields.document}
          label={defaultValue ? "Replace the document" : "Document (PDF)"}
          accept="application/pdf,.pdf"
          optional={Boolean(defaultValue)}
          hint={limit}
        />
        {refused ? (
          <p className="mt-2 text-sm font-medium text-slate-800 dark:text-slate-200">{documentMessages.chooseAgain}</p>
        ) : null}
      </div>
      {editing ? (
        <PublishControls
          mayPublish={editing.mayPublish}
          previewPath={adminPaths.publicationPreview(editing.id)}
          historyPath={adminPaths.publicationHistory(editing.id)}
          note="A new document replaces the download when you press Publish (not with a draft, nor at a later time); the words wait for Publish."
          publishAt={fields.publish_at}
          publishes="the new words go public"
        />
      ) : (
        <button type="submit" className="btn-primary">
          {submitLabel}
        </button>
      )}
    </Form>
  );
}

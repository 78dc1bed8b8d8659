import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { z } from "~/schemas/zod";
import { ErrorSummary, type Problem } from "~/components/ui/error-summary";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/ui/form";
import {
  BLANK_ROWS,
  sitePageFormSchema,
  type PageDocument,
  type PageField,
  type PageList,
  type SitePageDef,
} from "~/publishing/schemas/site-pages";
import { adminPaths } from "~/utils/admin-paths";
import { PublishControls } from "~/components/admin/site-page-history";

// The edit form of one of the charity's pages (docs/site-editor.md), drawn from the page's fields
// (app/publishing/schemas/site-pages.ts). Plain fields and textareas: it works without JavaScript
// (the server answers a refused form with its field errors and the input kept), and each list has
// a blank item at its end to add one; emptying every box of an item removes it.

/** Where a page stands, in the list's and the form's words. */
export const pageStateWords: Record<string, string> = {
  original: "Published (original words)",
  published: "Published",
  draft: "Draft waiting (not public)",
  submitted: "Submitted for review (not public)",
  scheduled: "Scheduled",
};

const anyWords = z.object({}).passthrough();

type Meta = Parameters<typeof TextField>[0]["meta"];

function FieldInput({ field, meta, label }: { field: PageField; meta: Meta; label: string }) {
  if (field.kind === "flag") return <CheckboxField meta={meta} label={label} />;
  if (field.kind === "choice") {
    return <SelectField meta={meta} label={label} options={field.options ?? []} placeholder="Choose…" />;
  }
  if (field.kind === "line") {
    return <TextField meta={meta} label={label} hint={field.hint} optional={field.optional} autoComplete="off" />;
  }
  return (
    <TextareaField
      meta={meta}
      label={label}
      hint={field.hint}
      optional={field.optional}
      rows={field.kind === "markdown" ? 12 : 3}
    />
  );
}

/** The upload beside a picture's address field: stored by the image pipeline on save, its address filling the field. */
function PictureUpload({ id, list, index, field }: { id: string; list: PageList; index: number; field: PageField }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        Upload a picture <span className="font-normal">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
        JPEG, PNG or WebP, at most 10 MB: it replaces the address above when you save. Describe it in the alt text, or
        tick Decorative if it only decorates.
      </p>
      <input
        id={id}
        type="file"
        name={`lists.${list.name}[${index}].${field.name}File`}
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        className="field-input"
      />
    </div>
  );
}

export function SitePageForm({
  def,
  document,
  lastResult,
  problems = [],
  mayPublish,
  publishNote,
}: {
  def: SitePageDef;
  document: PageDocument;
  lastResult?: SubmissionResult<string[]> | null;
  /** Content-check problems beyond each field's first (the summary lists every one). */
  problems?: readonly { field: string; message: string }[];
  mayPublish: boolean;
  /** Why this person does not publish (an editor; a legal page). */
  publishNote: string | null;
}) {
  const schema = sitePageFormSchema(def);
  const [form, fields] = useForm<{
    fields: Record<string, string>;
    lists: Record<string, Record<string, string>[]>;
    intent: string;
    publish_at?: string;
  }>({
    id: `page-${def.key}`,
    lastResult,
    defaultValue: {
      fields: document.fields,
      lists: Object.fromEntries(
        def.lists.map((list) => [
          list.name,
          [
            ...(document.lists[list.name] ?? []),
            ...Array.from({ length: BLANK_ROWS }, (): Record<string, string> => ({})),
          ],
        ]),
      ),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The schema's lists are built per page, so their types are looser than the form's.
    // Preview shows the words as typed, whatever they are: nothing is checked (or saved).
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, { schema: submitter?.getAttribute("value") === "preview" ? anyWords : schema }) as never,
  });
  const pageFields = fields.fields.getFieldset();
  const hasPictures = def.lists.some((list) => list.fields.some((field) => field.picture));
  const lists = fields.lists.getFieldset();
  const extra: Problem[] = problems.map((problem) => ({
    message: problem.message,
    fieldId: `${form.id}-${problem.field}`,
  }));
  return (
    <Form
      method="post"
      encType={hasPictures ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      className="mt-6 max-w-3xl space-y-6"
    >
      <ErrorSummary form={form} problems={extra} />
      <fieldset className="space-y-5">
        <legend className="text-lg font-semibold">Words</legend>
        {def.fields.map((field) => (
          <FieldInput key={field.name} field={field} meta={pageFields[field.name] as Meta} label={field.label} />
        ))}
      </fieldset>
      {def.lists.map((list) => {
        const items = lists[list.name].getFieldList();
        return (
          <fieldset key={list.name} className="space-y-4">
            <legend className="text-lg font-semibold">{list.label}</legend>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Fill in the blank {list.itemLabel.toLowerCase()} at the end to add one; empty every box of one to remove
              it.
            </p>
            {items.map((item, i) => {
              const itemFields = item.getFieldset();
              const blank = i >= (document.lists[list.name]?.length ?? 0);
              return (
                <fieldset
                  key={item.key ?? i}
                  className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
                >
                  <legend className="px-1 font-semibold">
                    {list.itemLabel} {i + 1}
                    {blank ? " (new)" : ""}
                  </legend>
                  {list.fields.map((field) => (
                    <div key={field.name} className="space-y-4">
                      <FieldInput
                        field={{ ...field, optional: field.optional || blank }}
                        meta={itemFields[field.name] as Meta}
                        label={field.label}
                      />
                      {field.picture ? (
                        <PictureUpload
                          id={`${form.id}-${list.name}-${i}-${field.name}File`}
                          list={list}
                          index={i}
                          field={field}
                        />
                      ) : null}
                    </div>
                  ))}
                </fieldset>
              );
            })}
          </fieldset>
        );
      })}
      <PublishControls
        mayPublish={mayPublish}
        previewPath={adminPaths.sitePagePreview(def.key)}
        // The words as typed, shown as visitors will see them, without saving (the preview route's action).
        unsavedPreviewPath={adminPaths.sitePagePreview(def.key)}
        historyPath={adminPaths.sitePageHistory(def.key)}
        note={publishNote}
        publishAt={fields.publish_at}
        publishes="the page goes public"
      />
    </Form>
  );
}

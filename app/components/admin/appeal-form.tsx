import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField, FileField, TextareaField, TextField } from "~/components/ui/form";
import { appealFormSchema } from "~/causes/schemas/appeals";

export interface AppealFormValues {
  title: string;
  slug: string;
  story: string;
  goal: string;
  goal_donors: string;
  starts_on: string;
  ends_on: string;
  is_open: boolean;
  image_alt: string;
  has_photo: boolean;
}

/**
 * The staff appeal form (new and edit). `manage` is false for an editor: the goal, dates and
 * open/closed are shown but not editable (the server keeps them as they were).
 */
export function AppealForm({
  lastResult,
  defaultValue,
  manage,
  submitLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: AppealFormValues;
  manage: boolean;
  submitLabel: string;
}) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaultValue
      ? { ...defaultValue, is_open: defaultValue.is_open ? "on" : undefined }
      : { is_open: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: appealFormSchema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 max-w-2xl space-y-5">
      <ErrorSummary form={form} />
      <TextField meta={fields.title} label="Title" autoComplete="off" />
      <TextField
        meta={fields.slug}
        label="Address"
        optional
        autoComplete="off"
        hint="The page's address: /appeals/ and this, e.g. winter-appeal (small letters, digits, hyphens). Left empty, it is made from the title."
      />
      <TextareaField
        meta={fields.story}
        label="Story"
        rows={10}
        hint="Markdown as in news: paragraphs, **bold**, *italic*, links, lists."
      />
      {manage ? (
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold">Goal and dates</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.goal} label="Goal (£)" inputMode="decimal" autoComplete="off" />
            <TextField
              meta={fields.goal_donors}
              label="Goal in number of donors"
              inputMode="numeric"
              autoComplete="off"
              optional
            />
            <TextField meta={fields.starts_on} label="Start" type="date" optional />
            <TextField meta={fields.ends_on} label="End" type="date" optional />
          </div>
          <CheckboxField meta={fields.is_open} label="Open: the appeal takes gifts (between its start and end)" />
        </fieldset>
      ) : (
        <>
          {/* An editor's form carries the goal unchanged, so it validates; the server ignores it. */}
          <input type="hidden" name={fields.goal.name} value={defaultValue?.goal ?? ""} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Goal {defaultValue?.goal ? `£${defaultValue.goal}` : ""}: admin and fundraising staff set the goal, the
            dates and whether the appeal is open.
          </p>
        </>
      )}
      <FileField
        meta={fields.image}
        label="Photo"
        accept="image/jpeg,image/png,image/webp"
        optional
        hint={defaultValue?.has_photo ? "A new photo replaces the current one." : "JPEG, PNG or WebP, at most 10 MB."}
      />
      <TextField meta={fields.image_alt} label="Photo description (alt text)" optional autoComplete="off" />
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}

import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { SelectField, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { newsletterDraftSchema, type NewsletterDraftForm } from "~/publishing/schemas/newsletter-issues";

export interface NewsletterFormValues {
  subject: string;
  preheader: string | null;
  body: string;
  image: string | null;
}

/**
 * Write or edit a newsletter draft: subject, the inbox preview line, the text (Markdown, as
 * news) and a photo chosen from those uploaded with news articles. Posts to its own route.
 */
export function NewsletterForm({
  lastResult,
  defaultValue,
  uploads,
  submitLabel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: NewsletterFormValues;
  uploads: readonly { key: string; label: string }[];
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<NewsletterDraftForm>({
    id: "newsletter-draft",
    lastResult,
    defaultValue: {
      subject: defaultValue?.subject ?? "",
      preheader: defaultValue?.preheader ?? "",
      body: defaultValue?.body ?? "",
      image: defaultValue?.image ?? "",
    },
    constraint: getZodConstraint(newsletterDraftSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterDraftSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 max-w-3xl space-y-4">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="save" />
      <TextField meta={fields.subject} label="Subject" />
      <TextField
        meta={fields.preheader}
        label="Preview line"
        optional
        hint="Shown after the subject in most inboxes, not in the message itself."
      />
      <SelectField
        meta={fields.image}
        label="Photo (from the news uploads)"
        placeholder="No photo"
        options={uploads.map((u) => ({ value: u.key, label: u.label }))}
      />
      <TextareaField meta={fields.body} label="Text" rows={14} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        As in news: an empty line starts a paragraph; **bold**, *italic*, [words](https://link) and lists with “- ”.
      </p>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </button>
    </Form>
  );
}

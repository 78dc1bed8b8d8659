import { useIsPending } from "~/utils/pending";
import type { ReactNode } from "react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation } from "@remix-run/react";
import { CheckboxField, FileField, SelectField, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { IMAGE_TYPES, newsArticleFormSchema, type NewsArticleFormInput } from "~/publishing/schemas/news";
import { adminPaths } from "~/utils/admin-paths";
import { LinkWarning, type LinkWarningData } from "./link-warning";
import { Modal } from "./modal";

export interface ArticleFormValues {
  title: string;
  content: string;
  image_url: string | null;
  image_alt?: string | null;
  status?: "draft" | "published";
  /** UK wall-clock time for the datetime-local field ("2025-10-06T09:00"), or "". */
  publish_at?: string;
  /** Whether the article has an uploaded photo (which the form can replace or remove). */
  has_upload?: boolean;
}

const STATUS_OPTIONS = [
  { value: "published", label: "Published (at the publish time)" },
  { value: "draft", label: "Draft (only staff can see it)" },
] as const;

/**
 * The add/edit article form in a dialog over the news list. It posts to the route that
 * renders it; the server validates with the same schema and answers 400 with the input kept.
 * Multipart, because it can carry a photo.
 */
export function ArticleDialog({
  heading,
  submitLabel,
  lastResult,
  defaultValue,
  children,
  linkWarning,
}: {
  heading: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: ArticleFormValues;
  /** Shown below the form (the article's history when editing). */
  children?: ReactNode;
  /** The published pages linking to a live article this save would take off the site, to confirm first. */
  linkWarning?: LinkWarningData;
}) {
  const location = useLocation();
  const [form, fields] = useForm<NewsArticleFormInput>({
    lastResult,
    defaultValue: {
      title: defaultValue?.title,
      content: defaultValue?.content,
      status: defaultValue?.status ?? "published",
      image_url: defaultValue?.image_url ?? "",
      image_alt: defaultValue?.image_alt ?? "",
      publish_at: defaultValue?.publish_at ?? "",
    },
    constraint: getZodConstraint(newsArticleFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsArticleFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = useIsPending({ formAction: location.pathname, state: "submitting" });

  return (
    <Modal title={heading} closeTo={adminPaths.news}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <ErrorSummary form={form} />
        <TextField meta={fields.title} label="Title" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField meta={fields.status} label="Status" options={STATUS_OPTIONS} />
          <TextField
            meta={fields.publish_at}
            label="Publish time (UK time)"
            type="datetime-local"
            optional
            hint="Leave empty to publish now. A later time schedules the article."
          />
        </div>
        <FileField
          meta={fields.image}
          label={defaultValue?.has_upload ? "Replace the photo" : "Photo"}
          accept={IMAGE_TYPES.join(",")}
          optional
          hint="JPEG, PNG or WebP, at most 10 MB. Location and camera details are removed."
        />
        {defaultValue?.has_upload ? (
          <CheckboxField meta={fields.remove_image} label="Remove the uploaded photo" />
        ) : null}
        <TextField meta={fields.image_url} label="Or an image URL" type="url" inputMode="url" optional />
        <TextField
          meta={fields.image_alt}
          label="Photo description (alt text)"
          optional
          hint="Required for an uploaded photo: people using screen readers hear it instead of seeing the picture."
        />
        <TextareaField meta={fields.content} label="Content" rows={10} />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Link to={adminPaths.news} className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : submitLabel}
          </button>
        </div>
      </Form>
      {linkWarning ? <LinkWarning linkWarning={linkWarning} formId={form.id} intent="save" /> : null}
      {children}
    </Modal>
  );
}

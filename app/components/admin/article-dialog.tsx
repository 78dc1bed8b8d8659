import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { FormError, TextareaField, TextField } from "~/components/ui/form";
import { newsArticleSchema } from "~/schemas/news";
import { adminPaths } from "~/utils/admin-paths";
import { Modal } from "./modal";

export interface ArticleFormValues {
  title: string;
  content: string;
  image_url: string | null;
}

/**
 * The add/edit article form in a dialog over the news list. It posts to the route that
 * renders it; the server validates with the same schema and answers 400 with the input kept.
 */
export function ArticleDialog({
  heading,
  submitLabel,
  lastResult,
  defaultValue,
}: {
  heading: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: ArticleFormValues;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaultValue ? { ...defaultValue, image_url: defaultValue.image_url ?? "" } : undefined,
    constraint: getZodConstraint(newsArticleSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsArticleSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formAction === location.pathname;

  return (
    <Modal title={heading} closeTo={adminPaths.news}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <TextField meta={fields.title} label="Title" />
        <TextField meta={fields.image_url} label="Image URL" type="url" inputMode="url" optional />
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
    </Modal>
  );
}

import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { ErrorSummary } from "~/components/ui/error-summary";
import type { z } from "~/schemas/zod";
import { adminPaths } from "~/utils/admin-paths";
import { useIsPending } from "~/utils/pending";
import { Modal } from "./modal";
import { dangerButtonClass } from "./styles";

// A dialog over a pledge's page about one of its payments (record a refund, remove it): a nested
// route of the pledge, so without JavaScript the server renders the same dialog over the page.
// It either says why nothing can be done (with the way back), or asks its question and holds the
// short form that does it, whose danger button posts to the route.

/**
 * The dialog's form: checked in the browser with the schema the server uses, and showing the
 * server's answer once the post has settled (not over a submission still on its way).
 */
export function usePaymentDialogForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  options: { id?: string; defaultValue?: Record<string, string> } = {},
) {
  const navigation = useNavigation();
  return useForm({
    ...options,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

export function PaymentDialog<Schema extends Record<string, unknown>>({
  title,
  role = "dialog",
  pledgeId,
  refusal,
  question,
  note,
  form,
  cancelLabel,
  submitLabel,
  busyLabel,
  children,
}: {
  title: string;
  role?: "dialog" | "alertdialog";
  pledgeId: number;
  /** Why the payment cannot be acted on, and links beside "Back to the pledge"; null when it can. */
  refusal: { message: ReactNode; links?: ReactNode } | null;
  /** What the dialog asks or does, naming the payment (it describes the dialog). */
  question: ReactNode;
  /** A further paragraph under the question. */
  note?: ReactNode;
  form: FormMetadata<Schema, string[]>;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  /** The form's fields. */
  children: ReactNode;
}) {
  const questionId = useId();
  const busy = useIsPending({ state: "submitting" });
  const back = adminPaths.donation(pledgeId);
  return (
    <Modal title={title} closeTo={back} role={role} descriptionId={questionId}>
      {refusal ? (
        <>
          <p id={questionId} role="alert" className="text-slate-800 dark:text-slate-200">
            {refusal.message}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {refusal.links}
            <Link to={back} className="btn-primary">
              Back to the pledge
            </Link>
          </div>
        </>
      ) : (
        <>
          <p id={questionId} className="text-slate-800 dark:text-slate-200">
            {question}
          </p>
          {note ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <ErrorSummary form={form} />
            {children}
            <div className="flex flex-wrap justify-end gap-3">
              <Link to={back} className="btn-secondary">
                {cancelLabel}
              </Link>
              <button type="submit" className={dangerButtonClass} disabled={busy}>
                {busy ? busyLabel : submitLabel}
              </button>
            </div>
          </Form>
        </>
      )}
    </Modal>
  );
}

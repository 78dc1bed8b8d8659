import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary } from "~/components/ui/form";

/**
 * A one-line staff form that posts an `intent` to its page's action (send a test, schedule,
 * start from an article): its errors, the field and the button side by side from the small
 * breakpoint up (stacked on a phone), and an optional note below.
 */
export function IntentForm<S extends Record<string, unknown>>({
  form,
  intent,
  className = "mt-3 max-w-xl",
  note,
  children,
}: {
  form: FormMetadata<S, string[]>;
  intent: string;
  /** The form's margin and width. */
  className?: string;
  /** Shown under the line (what the action does). */
  note?: ReactNode;
  /** The field and the submit button (a button gets `sm:mt-7` to line up with the input). */
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={intent} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">{children}</div>
      {note ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
    </Form>
  );
}

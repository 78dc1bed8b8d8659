import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useFetcher } from "@remix-run/react";
import { Honeypot, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { givingLinkWords as words } from "~/content/giving-link";
import { browserValidation } from "~/schemas/field-rules";
import { givingLinkRules } from "~/supporters/schemas/giving-link-rules";
import { getFormProps, useForm } from "~/utils/light-form";
import { givingPaths } from "~/utils/giving-paths";

/** What /giving's action answers to a link request. */
export interface LinkRequestReply {
  result: SubmissionResult<string[]>;
  sent?: boolean;
  /** The address the link was asked for, said back in the answer. */
  email?: string;
}

/** The browser checks the address without zod (kept out of the page's JavaScript). */
const checks = browserValidation(givingLinkRules);

/**
 * "Send me a link": the e-mail address, always the same answer. Posts to /giving's action from
 * any page of Your giving (the link page offers it again); without JavaScript the answer is
 * /giving itself with the form's reply.
 */
export function GivingLinkForm({ headingId }: { headingId?: string }) {
  const fetcher = useFetcher<LinkRequestReply>({ key: "giving-link" });
  const actionData = useActionData<LinkRequestReply>();
  const data = fetcher.data ?? actionData;
  const [form, fields] = useForm({ id: "giving-link", lastResult: data?.result, ...checks });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={`${givingPaths.home}?index`}
      {...getFormProps(form)}
      aria-labelledby={headingId}
      className="max-w-xl"
    >
      <ErrorSummary form={form} />
      <Honeypot />
      {/* The button under the field, lined up with its left edge at every width (GOV.UK's pattern),
          wherever the hint and an error move the box. */}
      <TextField
        meta={fields.email}
        label={words.emailLabel}
        hint={words.emailHint}
        type="email"
        autoComplete="email"
      />
      <button type="submit" className="btn-primary mt-4" disabled={busy}>
        {busy ? words.sending : words.sendLink}
      </button>
      <div role="status" className="mt-4">
        {!busy && data?.sent && data.email ? (
          <>
            <p className="font-medium break-words text-brand-800 dark:text-brand-200">{words.sent(data.email)}</p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{words.sentHint}</p>
          </>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

import { getFormProps, useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { staffAccountPages } from "~/content/staff-accounts";
import { pageHeaders } from "~/routes/_glue/page-headers.server";
import { visitorForm } from "~/routes/_glue/action-guard.server";
import { requestPasswordReset, ResetThrottledError } from "~/staff/index.server";
import { parseForgotForm } from "~/staff/index.server";
import { LOGIN_PATH } from "~/utils/staff-entry-paths";
import { pageMeta } from "~/utils/meta";
import { SignInCard } from "~/components/admin/sign-in-card";

// Asks for the e-mail address and always answers the same, in the same time: whether an
// account has that address is never revealed.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: staffAccountPages.forgotTitle,
      description: `Staff password reset for ${site.name}.`,
      noindex: true,
    },
    matches,
  );

export const headers: HeadersFunction = (args) =>
  pageHeaders(args, { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export async function loader() {
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForgotForm(await visitorForm(request));
  if (submission.status !== "success") {
    return json({ result: submission.reply(), sent: false }, { status: 400 });
  }
  try {
    await requestPasswordReset(submission.value.email, request);
  } catch (error) {
    if (!(error instanceof ResetThrottledError)) throw error;
    return json(
      { result: submission.reply({ formErrors: [error.message] }), sent: false },
      { status: error.status, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <SignInCard>
      <h1 className="text-2xl font-bold">{staffAccountPages.forgotTitle}</h1>
      {actionData?.sent ? (
        <p role="status" className="mt-4 text-slate-800 dark:text-slate-200">
          {staffAccountPages.forgotSent}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{staffAccountPages.forgotIntro}</p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <ErrorSummary form={form} />
            <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" />
            <button type="submit" className="btn-primary w-full">
              Send the link
            </button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={LOGIN_PATH} className="link">
          Back to sign-in
        </Link>
      </p>
    </SignInCard>
  );
}

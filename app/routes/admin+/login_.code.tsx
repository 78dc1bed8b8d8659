import { getFormProps, useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { pageHeaders } from "~/routes/_glue/page-headers.server";
import { visitorForm } from "~/routes/_glue/action-guard.server";
import { checkSignInCode, LoginError } from "~/services/auth.server";
import { createUserSession } from "~/routes/_glue/sign-in.server";
import { getPendingUser } from "~/services/session.server";
import { parseCodeForm } from "~/services/staff-forms.server";
import { DASHBOARD_PATH, LOGIN_PATH } from "~/utils/staff-entry-paths";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { SignInCard } from "~/components/admin/sign-in-card";

// The second step of signing in: the password was right, now a code from the authenticator
// app (or a recovery code). Until then the browser holds a pending sign-in, not a session.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Two-step sign-in", description: `Staff sign-in for ${site.name}.`, noindex: true }, matches);

export const headers: HeadersFunction = (args) => pageHeaders(args, { "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getPendingUser(request))) throw redirect(LOGIN_PATH);
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await visitorForm(request);
  const user = await getPendingUser(request);
  if (!user) throw redirect(LOGIN_PATH, 303);
  const submission = parseCodeForm(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  try {
    await checkSignInCode(user, submission.value.code, request);
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return json(
      { result: submission.reply({ formErrors: [error.message], hideFields: ["code"] }) },
      { status: error.status, headers },
    );
  }
  return createUserSession({
    request,
    userId: user.id,
    redirectTo: safeRedirect(formData.get("redirectTo"), DASHBOARD_PATH),
  });
}

export default function SignInCode() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <SignInCard>
      <h1 className="text-2xl font-bold">Two-step sign-in</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Enter the six-digit code your authenticator app shows for {site.name}, or one of your recovery codes.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <ErrorSummary form={form} />
        <TextField meta={fields.code} label="Code" autoComplete="one-time-code" inputMode="text" />
        <button type="submit" className="btn-primary w-full">
          Continue
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={LOGIN_PATH} className="link">
          Start again
        </Link>
      </p>
    </SignInCard>
  );
}

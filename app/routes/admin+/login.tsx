import { useIsPending } from "~/utils/pending";
import { getFormProps, useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextField } from "~/components/ui/form";
import { DASHBOARD_PATH, FORGOT_PASSWORD_PATH, LOGIN_PATH } from "~/utils/staff-entry-paths";
import { useCharity } from "~/components/charity";
import { mailtoHref, site } from "~/content/site";
import { browserValidation, loginRules } from "~/schemas/field-rules";
import {
  json,
  redirect,
  authenticator,
  LoginError,
  parseLoginForm,
  requestLogger,
  pageHeaders,
  visitorForm,
  completePasswordStep,
  getUser,
} from "~/routes/_glue/login-page.server";
import { supportAddressOf } from "~/utils/charity-links";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { SignInCard } from "~/components/admin/sign-in-card";
import { CurrentPasswordField } from "~/components/admin/password-fields";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Admin Login", description: `Staff sign-in for ${site.name}.` }, matches);

// Unlike the rest of /admin, the sign-in page is public (every page's footer links to it),
// so search engines may index it; it is still never cached.
export const headers: HeadersFunction = (args) => pageHeaders(args, { "Cache-Control": "private, no-store" });

/** Where to go after signing in: an on-site path, never back to this page (no loop). */
function afterLogin(redirectTo: FormDataEntryValue | string | null): string {
  const target = safeRedirect(redirectTo, DASHBOARD_PATH);
  return new URL(target, "http://site.invalid").pathname === LOGIN_PATH ? DASHBOARD_PATH : target;
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) {
    throw redirect(afterLogin(new URL(request.url).searchParams.get("redirectTo")));
  }
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  // FormStrategy reads the body itself, so validate a copy read from a clone.
  const formData = await visitorForm(request, { clone: true });
  const submission = parseLoginForm(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }

  try {
    const user = await authenticator.authenticate("form", request);
    const redirectTo = afterLogin(formData.get("redirectTo"));
    // With a second factor on, the right password only leads to the code page.
    return await completePasswordStep({ request, userId: user.id, redirectTo });
  } catch (error) {
    if (error instanceof Response) throw error;
    const reply = (message: string) => submission.reply({ formErrors: [message], hideFields: ["password"] });
    if (error instanceof LoginError) {
      const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
      return json({ result: reply(error.message) }, { status: error.status, headers });
    }
    requestLogger(request, "routes/admin+/login").error(
      { event: "auth.sign_in_error", err: error },
      "Sign-in failed unexpectedly",
    );
    return json({ result: reply("Login failed. Please try again.") }, { status: 500 });
  }
}

/** The browser checks the form without zod (kept out of the page's JavaScript). */
const checks = browserValidation(loginRules);

export default function AdminLogin() {
  const charity = useCharity();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    ...checks,
  });

  // After a refused attempt the password field starts empty again, as it does without
  // JavaScript (the server never sends a password back).
  const { update } = form;
  const passwordName = fields.password.name;
  useEffect(() => {
    if (actionData?.result.status === "error") update({ name: passwordName, value: "", validated: false });
  }, [actionData, update, passwordName]);

  // Busy from the moment the form is sent until the dashboard after it has loaded.
  const signingIn = useIsPending({ formAction: LOGIN_PATH });

  // The server's message when it gave one; a failure without any message still says so.
  const serverErrors = (actionData?.result.error ?? {}) as Record<string, string[] | null | undefined>;
  const failed = actionData?.result.status === "error";
  const hasFieldErrors = Object.entries(serverErrors).some(([name, errors]) => name !== "" && errors?.length);
  const serverMessage = serverErrors[""]?.length ? serverErrors[""] : undefined;
  const formErrors = serverMessage ?? (failed && !hasFieldErrors ? ["Login failed"] : []);
  // The server's message from its answer: emptying the password above resets the form's own state.
  const fieldErrors = Object.fromEntries(Object.entries(form.allErrors).filter(([name]) => name !== ""));

  return (
    <SignInCard>
      <h1 className="text-2xl font-bold">Admin Login</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Sign in to the staff area: news, donations, Gift Aid, enquiries and mail.
      </p>

      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <ErrorSummary
          form={{ id: form.id, errorId: form.errorId, allErrors: fieldErrors }}
          problems={formErrors.map((message) => ({ message }))}
        />
        <TextField meta={fields.username} label="Username" autoComplete="username" />
        <CurrentPasswordField meta={fields.password} label="Password" />
        <button type="submit" className="btn-primary w-full" disabled={signingIn}>
          {signingIn ? "Signing in..." : "Sign In"}
        </button>
      </Form>

      <p className="mt-6 text-center text-sm">
        <Link to={FORGOT_PASSWORD_PATH} className="link">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-700 dark:text-slate-300">
        Trouble signing in?{" "}
        <a href={mailtoHref(supportAddressOf(charity))} className="link">
          Contact support
        </a>
      </p>
    </SignInCard>
  );
}

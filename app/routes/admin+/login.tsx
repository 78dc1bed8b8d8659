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
  createUserSession,
  getUser,
  PasskeyError,
  passkeySignInOptions,
  verifyPasskeySignIn,
} from "~/routes/_imports/login-page.server";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { PasskeyButton } from "~/components/admin/passkey-button";
import { supportAddressOf } from "~/utils/charity-links";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { SignInCard } from "~/components/admin/sign-in-card";
import { CurrentPasswordField } from "~/components/admin/password-fields";

/**
 * The browser side of signing in with a passkey, fetched when the button is pressed: the sign-in
 * pages are on the public pages' JavaScript budget, so they do not carry it up front.
 */
async function startAuthentication(args: { optionsJSON: PublicKeyCredentialRequestOptionsJSON }) {
  const browser = await import("@simplewebauthn/browser");
  return browser.startAuthentication(args);
}

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
  const intent = formData.get("intent");
  if (intent === "passkey-options" || intent === "passkey") return passkeyStep(request, formData, intent);
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

/**
 * Signing in with a passkey alone (no password; it counts as two-step sign-in): the options for
 * the browser, then its answer, which decides whose account opens. A refusal answers the page.
 */
async function passkeyStep(request: Request, formData: FormData, intent: "passkey-options" | "passkey") {
  try {
    if (intent === "passkey-options") return json({ passkeyOptions: await passkeySignInOptions(request) });
    const user = await verifyPasskeySignIn(formData.get("credential"), request);
    const redirectTo = afterLogin(formData.get("redirectTo"));
    return await createUserSession({ request, userId: user.id, redirectTo, via: "passkey" });
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return json({ passkeyError: error.message }, { status: error.status, headers });
  }
}

/** The browser checks the form without zod (kept out of the page's JavaScript). */
const checks = browserValidation(loginRules);

export default function AdminLogin() {
  const charity = useCharity();
  const reply = useActionData<typeof action>();
  const actionData = reply && "result" in reply ? reply : undefined;
  const passkeyError = reply && "passkeyError" in reply ? reply.passkeyError : null;
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

      <section aria-labelledby="passkey-heading" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
        <h2 id="passkey-heading" className="text-base font-semibold">
          Passkey
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          A passkey you added on Your account signs you in on its own: no password, no code.
        </p>
        <div className="mt-3">
          <PasskeyButton
            label="Use a passkey"
            busyLabel="Waiting for your passkey..."
            ceremony={startAuthentication}
            fields={{ redirectTo: searchParams.get("redirectTo") ?? "" }}
            action={LOGIN_PATH}
            className="btn-secondary w-full"
            serverError={passkeyError}
            noScript={
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Signing in with a passkey needs JavaScript, which is off in this browser. Sign in with your username and
                password above instead.
              </p>
            }
          />
        </div>
      </section>

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

import { getFormProps, useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { pageHeaders } from "~/routes/_glue/page-headers.server";
import { visitorForm } from "~/routes/_glue/action-guard.server";
import { checkSignInCode, LoginError } from "~/staff/index.server";
import { createUserSession } from "~/routes/_glue/sign-in.server";
import { getPendingUser } from "~/staff/index.server";
import { PasskeyError, passkeySignInOptions, verifyPasskeySignIn } from "~/staff/index.server";
import { secondStepOf } from "~/staff/index.server";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { PasskeyButton } from "~/components/admin/passkey-button";
import type { User } from "~/staff/index.server";
import { parseCodeForm } from "~/staff/index.server";
import { DASHBOARD_PATH, LOGIN_PATH } from "~/utils/staff-entry-paths";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { SignInCard } from "~/components/admin/sign-in-card";

// The second step of signing in: the password was right, now a code from the authenticator
// app (or a recovery code). Until then the browser holds a pending sign-in, not a session.

/**
 * The browser side of signing in with a passkey, fetched when the button is pressed: the sign-in
 * pages are on the public pages' JavaScript budget, so they do not carry it up front.
 */
async function startAuthentication(args: { optionsJSON: PublicKeyCredentialRequestOptionsJSON }) {
  const browser = await import("@simplewebauthn/browser");
  return browser.startAuthentication(args);
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Two-step sign-in", description: `Staff sign-in for ${site.name}.`, noindex: true }, matches);

export const headers: HeadersFunction = (args) => pageHeaders(args, { "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getPendingUser(request);
  if (!user) throw redirect(LOGIN_PATH);
  // A code from the app, the person's passkey, or either.
  return json((await secondStepOf(user.id)) ?? { code: true, passkey: false });
}

/** The second step by passkey: options for this person's passkeys only, then the browser's answer. */
async function passkeyStep(request: Request, user: User, formData: FormData, intent: "passkey-options" | "passkey") {
  try {
    if (intent === "passkey-options") return json({ passkeyOptions: await passkeySignInOptions(request, user) });
    await verifyPasskeySignIn(formData.get("credential"), request, user);
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return json({ passkeyError: error.message }, { status: error.status, headers });
  }
  const redirectTo = safeRedirect(formData.get("redirectTo"), DASHBOARD_PATH);
  return createUserSession({ request, userId: user.id, redirectTo, via: "passkey" });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await visitorForm(request);
  const user = await getPendingUser(request);
  if (!user) throw redirect(LOGIN_PATH, 303);
  const intent = formData.get("intent");
  if (intent === "passkey-options" || intent === "passkey") return passkeyStep(request, user, formData, intent);
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
  const step = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const actionData = reply && "result" in reply ? reply : undefined;
  const passkeyError = reply && "passkeyError" in reply ? reply.passkeyError : null;
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <SignInCard>
      <h1 className="text-2xl font-bold">Two-step sign-in</h1>
      {step.passkey ? (
        <div className="mt-4">
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
            {step.code ? "Use your passkey, or enter a code below." : "Confirm it is you with your passkey."}
          </p>
          <PasskeyButton
            label="Use your passkey"
            busyLabel="Waiting for your passkey..."
            ceremony={startAuthentication}
            fields={{ redirectTo }}
            className="btn-primary w-full"
            serverError={passkeyError}
            noScript={
              <p className="text-sm text-slate-700 dark:text-slate-300">
                A passkey needs JavaScript, which is off in this browser.
                {step.code
                  ? " Enter a code from your authenticator app below instead."
                  : " Turn JavaScript on, or ask an admin to help you set up an authenticator app."}
              </p>
            }
          />
        </div>
      ) : null}
      {step.code ? <CodeForm form={form} fields={fields} redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-center text-sm">
        <Link to={LOGIN_PATH} className="link">
          Start again
        </Link>
      </p>
    </SignInCard>
  );
}

function CodeForm({
  form,
  fields,
  redirectTo,
}: {
  form: ReturnType<typeof useForm>[0];
  fields: ReturnType<typeof useForm>[1];
  redirectTo: string;
}) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Enter the six-digit code your authenticator app shows for {site.name}, or one of your recovery codes.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ErrorSummary form={form} />
        <TextField meta={fields.code} label="Code" autoComplete="one-time-code" inputMode="text" />
        <button type="submit" className="btn-primary w-full">
          Continue
        </button>
      </Form>
    </>
  );
}

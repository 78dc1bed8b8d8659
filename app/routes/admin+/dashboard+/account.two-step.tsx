import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { dangerButtonClass } from "~/components/admin/styles";
import { StaffSection } from "~/components/admin/table";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { pageHeaders } from "~/routes/_glue/page-headers.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import {
  beginTwoStepSetup,
  confirmTwoStep,
  regenerateRecoveryCodes,
  turnOffTwoStep,
  TwoStepError,
  twoStepOverview,
} from "~/staff/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

// Setting up the second factor: the secret and its otpauth:// QR code (an SVG made on the
// server), a code to confirm, then 10 recovery codes shown once. With it on: new recovery
// codes or turning it off, each with a current code.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Two-step sign-in", description: `Two-step sign-in at ${site.name}.`, noindex: true });

/** The staff area's headers, and the action's Retry-After when it refused too many tries. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "account");
  const overview = await twoStepOverview(user.id);
  const setup = overview.enabled ? null : await beginTwoStepSetup(user);
  return json({
    overview,
    setup: setup
      ? {
          secret: setup.secret,
          uri: setup.uri,
          qr: `data:image/svg+xml;base64,${Buffer.from(setup.qrSvg).toString("base64")}`,
        }
      : null,
  });
}

type Outcome = { notice?: { ok: boolean; message: string }; recoveryCodes?: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "account");
  const intent = form.get("intent");
  const code = String(form.get("code") ?? "").slice(0, 40);
  if (!code.trim()) {
    return json<Outcome>({ notice: { ok: false, message: "Enter the code from your authenticator app." } }, 400);
  }
  try {
    if (intent === "confirm") {
      const codes = await confirmTwoStep(user, code);
      return json<Outcome>({ notice: { ok: true, message: "Two-step sign-in is on." }, recoveryCodes: codes });
    }
    if (intent === "recovery-codes") {
      const codes = await regenerateRecoveryCodes(user, code, request);
      return json<Outcome>({
        notice: { ok: true, message: "New recovery codes made: the old ones no longer work." },
        recoveryCodes: codes,
      });
    }
    if (intent === "turn-off") {
      await turnOffTwoStep(user, code, request);
      return json<Outcome>({ notice: { ok: true, message: "Two-step sign-in is off." } });
    }
  } catch (error) {
    if (!(error instanceof TwoStepError)) throw error;
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return json<Outcome>({ notice: { ok: false, message: error.message } }, { status: error.status, headers });
  }
  return json<Outcome>({ notice: { ok: false, message: "Unknown request." } }, 400);
}

function CodeField({ id }: { id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        Code from your app
      </label>
      <input
        id={id}
        type="text"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={40}
        className="field-input"
      />
    </div>
  );
}

export default function TwoStep() {
  const { overview, setup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.account}>Back to your account</BackLink>
      <h2 className="mt-4 text-2xl font-bold">Two-step sign-in</h2>
      {overview.required && !overview.enabled ? (
        <p role="alert" className="mt-4 font-semibold text-amber-900 dark:text-amber-200">
          The team requires two-step sign-in: set it up to use the staff area, or add a passkey on{" "}
          <Link to={adminPaths.account} className="link">
            Your account
          </Link>{" "}
          (a passkey counts as two-step sign-in).
        </p>
      ) : null}
      <ActionNotice notice={actionData?.notice} />
      {actionData?.recoveryCodes ? (
        <StaffSection id="recovery" title="Your recovery codes">
          <p className="mt-2 max-w-2xl text-slate-800 dark:text-slate-200">
            Keep these somewhere safe (a password manager, or printed): each signs you in once if you lose your phone.
            They are shown only now.
          </p>
          <ul className="mt-3 grid max-w-md grid-cols-2 gap-2 font-mono" aria-label="Recovery codes">
            {actionData.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </StaffSection>
      ) : null}
      {setup ? (
        <StaffSection id="setup" title="Set up your authenticator app">
          <ol className="mt-2 max-w-2xl list-decimal space-y-2 pl-6 text-slate-800 dark:text-slate-200">
            <li>Open an authenticator app (for example a password manager, Google Authenticator or Aegis).</li>
            <li>Scan the QR code, or type the secret key by hand.</li>
            <li>Enter the six-digit code the app shows.</li>
          </ol>
          <img
            src={setup.qr}
            alt="QR code for your authenticator app (the same as the secret key below)"
            width={200}
            height={200}
            className="mt-4 rounded bg-white p-2"
          />
          <p className="mt-3">
            Secret key:{" "}
            <code className="font-mono break-all" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <CodeField id="confirm-code" />
            <button type="submit" name="intent" value="confirm" className="btn-primary">
              Turn on two-step sign-in
            </button>
          </Form>
        </StaffSection>
      ) : (
        <>
          <p className="mt-4 text-slate-800 dark:text-slate-200">
            Two-step sign-in is on. {overview.recoveryCodesLeft} unused recovery code
            {overview.recoveryCodesLeft === 1 ? "" : "s"} left.
          </p>
          <StaffSection id="new-codes" title="New recovery codes">
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <CodeField id="codes-code" />
              <button type="submit" name="intent" value="recovery-codes" className="btn-secondary">
                Make new recovery codes
              </button>
            </Form>
          </StaffSection>
          {overview.required ? null : (
            <StaffSection id="turn-off" title="Turn it off">
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                <CodeField id="off-code" />
                <button type="submit" name="intent" value="turn-off" className={dangerButtonClass}>
                  Turn off two-step sign-in
                </button>
              </Form>
            </StaffSection>
          )}
        </>
      )}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

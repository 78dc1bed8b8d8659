import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { startRegistration } from "@simplewebauthn/browser";
import { PasskeyButton } from "~/components/admin/passkey-button";
import { useHydrated } from "~/utils/hydrated";
import { RowActionForm } from "~/components/admin/row-action";
import { CurrentPasswordField, NewPasswordField } from "~/components/admin/password-fields";
import { ActionNotice } from "~/components/admin/notice";
import { dangerButtonClass } from "~/components/admin/styles";
import { listCell, StaffSection, StaffTable } from "~/components/admin/table";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import { staffAccountPages } from "~/content/staff-accounts";
import { MAX_PASSKEY_NAME } from "~/content/passkeys";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { pageHeaders } from "~/routes/_glue/page-headers.server";
import {
  AccountError,
  changeMyName,
  changeMyPassword,
  endMyOtherSessions,
  endMySession,
  mySessions,
  requestEmailChange,
} from "~/staff/index.server";
import { getSessionToken, renewBrowserSession } from "~/staff/index.server";
import { parseOwnEmailForm, parseOwnNameForm, parseOwnPasswordForm } from "~/staff/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { twoStepOverview } from "~/staff/index.server";
import {
  addPasskey,
  myPasskeys,
  PasskeyError,
  passkeyRegistrationOptions,
  removeMyPasskey,
  renameMyPasskey,
} from "~/staff/index.server";
import { adminPaths, roleLabels } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

// The signed-in person's own account: who they are, their second factor, their sessions.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Your account", description: `Your staff account at ${site.name}.`, noindex: true });

/** The staff area's headers, and the action's Retry-After when it refused too many password tries. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "account");
  return json({
    user,
    twoStep: await twoStepOverview(user.id),
    passkeys: await myPasskeys(user),
    sessions: await mySessions(user, await getSessionToken(request)),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "account");
  const intent = form.get("intent");
  if (intent === "end") {
    const ended = await endMySession(user, String(form.get("session") ?? ""));
    return json(
      { notice: { ok: ended, message: ended ? "Session ended." : "That session had already ended." } },
      { status: ended ? 200 : 404 },
    );
  }
  if (intent === "name") {
    const submission = parseOwnNameForm(form);
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    await changeMyName(user, submission.value.name);
    return json({
      intent,
      result: submission.reply({ resetForm: true }),
      notice: { ok: true, message: "Name saved." },
    });
  }
  if (intent === "email") {
    const submission = parseOwnEmailForm(form);
    if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
    try {
      await requestEmailChange(user, submission.value.email);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return json({ intent, result: submission.reply({ fieldErrors: { email: [error.message] } }) }, error.status);
    }
    const message = staffAccountPages.emailChangeSent(submission.value.email);
    return json({ intent, result: submission.reply({ resetForm: true }), notice: { ok: true, message } });
  }
  if (intent === "password") {
    const submission = parseOwnPasswordForm(form);
    const hide = { hideFields: ["current", "password"] };
    if (submission.status !== "success") return json({ intent, result: submission.reply(hide) }, { status: 400 });
    try {
      await changeMyPassword(user, submission.value.current, submission.value.password, request);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const fieldErrors = { [error.field]: [error.message] };
      const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
      return json({ intent, result: submission.reply({ ...hide, fieldErrors }) }, { status: error.status, headers });
    }
    const message = "Password changed. Every other session has ended.";
    return json(
      { intent, result: submission.reply({ resetForm: true }), notice: { ok: true, message } },
      { headers: { "Set-Cookie": await renewBrowserSession(request, user.id) } },
    );
  }
  if (typeof intent === "string" && intent.startsWith("passkey")) return passkeyAction(user, form, intent);
  if (intent === "end-others") {
    const count = await endMyOtherSessions(user, await getSessionToken(request));
    return json({ notice: { ok: true, message: `${count} other session${count === 1 ? "" : "s"} ended.` } });
  }
  return json({ notice: { ok: false, message: "Unknown request." } }, { status: 400 });
}

/**
 * Adding (options for the browser, then its answer), renaming and removing one's own passkeys;
 * each change is audited and e-mailed by the service. A refusal answers on the page.
 */
async function passkeyAction(user: Awaited<ReturnType<typeof requireRole>>, form: FormData, intent: string) {
  const id = Number(form.get("passkey"));
  const name = String(form.get("name") ?? "").slice(0, 200);
  try {
    if (intent === "passkey-options") return json({ passkeyOptions: await passkeyRegistrationOptions(user) });
    if (intent === "passkey") {
      const added = await addPasskey(user, form.get("credential"), name);
      return json({ notice: { ok: true, message: `Passkey "${added.name}" added: you can sign in with it alone.` } });
    }
    if ((intent === "passkey-rename" || intent === "passkey-remove") && Number.isSafeInteger(id) && id > 0) {
      const done =
        intent === "passkey-rename" ? await renameMyPasskey(user, id, name) : await removeMyPasskey(user, id);
      const message = !done
        ? "That passkey had already been removed."
        : intent === "passkey-rename"
          ? "Passkey renamed."
          : "Passkey removed: it no longer signs in.";
      return json({ notice: { ok: done, message } }, { status: done ? 200 : 404 });
    }
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    return json(
      { passkeyError: error.message, notice: { ok: false, message: error.message } },
      { status: error.status },
    );
  }
  return json({ notice: { ok: false, message: "Unknown request." } }, { status: 400 });
}

export default function Account() {
  const { user, twoStep, passkeys, sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading" className="text-2xl font-bold">
        Your account
      </h2>
      <ActionNotice notice={actionData && "notice" in actionData ? actionData.notice : undefined} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Username</dt>
        <dd>{user.username}</dd>
        <dt className="font-medium">Name</dt>
        <dd>{user.name ?? "—"}</dd>
        <dt className="font-medium">Email</dt>
        <dd className="break-all">{user.email ?? "—"}</dd>
        <dt className="font-medium">Role</dt>
        <dd>{roleLabels[user.role]}</dd>
      </dl>

      <StaffSection id="own-details" title="Change your details">
        <OwnForm intent="name" label="Save name" defaults={{ name: user.name ?? "" }}>
          {(fields) => <TextField meta={fields.name} label="Name" autoComplete="name" />}
        </OwnForm>
        <OwnForm
          intent="email"
          label="Send a confirmation link"
          note="The address changes when you open the link we send to it."
        >
          {(fields) => <TextField meta={fields.email} label="New e-mail address" type="email" autoComplete="email" />}
        </OwnForm>
        <OwnForm intent="password" label="Change password" note="Every other session and API token ends.">
          {(fields) => (
            <>
              <CurrentPasswordField meta={fields.current} label="Current password" />
              <NewPasswordField meta={fields.password} label="New password" />
            </>
          )}
        </OwnForm>
      </StaffSection>

      <StaffSection id="two-step" title="Two-step sign-in">
        <p className="mt-2 text-slate-800 dark:text-slate-200">
          {twoStep.enabled
            ? `On. ${twoStep.recoveryCodesLeft} unused recovery code${twoStep.recoveryCodesLeft === 1 ? "" : "s"} left.`
            : "Off: signing in needs only your password."}
        </p>
        <Link to={adminPaths.twoStep} className="btn-secondary mt-3">
          {twoStep.enabled ? "Manage two-step sign-in" : "Turn on two-step sign-in"}
        </Link>
      </StaffSection>

      <PasskeysSection passkeys={passkeys} />

      <StaffSection id="sessions" title="Where you are signed in">
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          A browser session ends after 12 hours without use and 30 days at most; API tokens after 30 days.
        </p>
        <StaffTable
          className="mt-3"
          caption="Your sessions and API tokens"
          columns={["Device", "Started", "Last seen", "Action"]}
        >
          {sessions.map((session) => (
            <tr key={session.id} className="border-b border-slate-200 dark:border-slate-700">
              <td className={listCell}>
                {session.device}
                {session.passkey ? ", signed in with a passkey" : ""}
                {session.current ? " (this browser)" : ""}
              </td>
              <td className={listCell}>{formatDateTime(session.startedAt)}</td>
              <td className={listCell}>{session.lastSeenAt ? formatDateTime(session.lastSeenAt) : "—"}</td>
              <td className={listCell}>
                {session.current ? (
                  "—"
                ) : (
                  <RowActionForm
                    post={{ intent: "end", session: session.id }}
                    verb="End"
                    what={`the session of ${session.device}`}
                  />
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
        <Form method="post" className="mt-3">
          <button type="submit" name="intent" value="end-others" className={dangerButtonClass}>
            End all other sessions
          </button>
        </Form>
      </StaffSection>
    </section>
  );
}

/** The person's passkeys: listed with a name to change and a button to remove each, and one to add another. */
function PasskeysSection({
  passkeys,
}: {
  passkeys: { id: number; name: string; createdAt: string; lastUsedAt: string | null }[];
}) {
  const [name, setName] = useState("");
  const hydrated = useHydrated();
  return (
    <StaffSection id="passkeys" title="Passkeys">
      <p className="mt-2 max-w-2xl text-slate-800 dark:text-slate-200">
        A passkey (your phone, computer or security key, unlocked with your fingerprint, face or PIN) signs you in on
        its own: no password, and a look-alike site cannot use it. It counts as two-step sign-in.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">You have no passkeys.</p>
      ) : (
        <StaffTable className="mt-3" caption="Your passkeys" columns={["Name", "Added", "Last used", "Actions"]}>
          {passkeys.map((passkey) => (
            <tr key={passkey.id} className="border-b border-slate-200 dark:border-slate-700">
              <td className={listCell}>{passkey.name}</td>
              <td className={listCell}>{formatDateTime(passkey.createdAt)}</td>
              <td className={listCell}>{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "Never"}</td>
              <td className={listCell}>
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="passkey" value={passkey.id} />
                    <label className="text-sm">
                      <span className="sr-only">New name for {passkey.name}</span>
                      <input
                        type="text"
                        name="name"
                        defaultValue={passkey.name}
                        maxLength={MAX_PASSKEY_NAME}
                        required
                        className="field-input w-40"
                      />
                    </label>
                    <button type="submit" name="intent" value="passkey-rename" className="btn-secondary">
                      Rename<span className="sr-only"> {passkey.name}</span>
                    </button>
                  </Form>
                  <RowActionForm
                    post={{ intent: "passkey-remove", passkey: passkey.id }}
                    className={dangerButtonClass}
                    verb="Remove"
                    what={`the passkey ${passkey.name}`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <div className="mt-4 max-w-2xl space-y-3">
        {/* Without JavaScript a passkey cannot be added: no name to type either (the button's place explains). */}
        {hydrated ? (
          <>
            <label className="block text-sm font-medium" htmlFor="passkey-name">
              Name for a new passkey (optional)
            </label>
            <input
              id="passkey-name"
              type="text"
              name="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={MAX_PASSKEY_NAME}
              placeholder="Work laptop"
              className="field-input sm:w-80"
            />
          </>
        ) : null}
        <PasskeyButton
          label="Add a passkey"
          busyLabel="Waiting for your passkey..."
          ceremony={startRegistration}
          fields={{ name }}
          noScript={
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Adding a passkey needs JavaScript, which is off in this browser. Your password (and two-step sign-in) keep
              working without it.
            </p>
          }
        />
      </div>
    </StaffSection>
  );
}

type OwnField = "name" | "email" | "current" | "password";

/** One of the forms that change the person's own details, answered on this page. */
function OwnForm({
  intent,
  label,
  note,
  defaults,
  children,
}: {
  intent: "name" | "email" | "password";
  label: string;
  note?: string;
  defaults?: Record<string, string>;
  children: (fields: ReturnType<typeof useForm<Record<OwnField, string>>>[1]) => ReactNode;
}) {
  const actionData = useActionData<{ intent?: string; result?: SubmissionResult<string[]> }>();
  const [form, fields] = useForm<Record<OwnField, string>>({
    id: `own-${intent}`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 max-w-2xl space-y-3">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={intent} />
      {/* Its fields share the row evenly. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start [&>*]:flex-1">{children(fields)}</div>
      {note ? <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
      <button type="submit" className="btn-secondary">
        {label}
      </button>
    </Form>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RowActionForm } from "~/components/admin/row-action";
import { ActionNotice } from "~/components/admin/notice";
import { dangerButtonClass } from "~/components/admin/styles";
import { listCell, StaffSection, StaffTable } from "~/components/admin/table";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { endMyOtherSessions, endMySession, mySessions } from "~/services/account.server";
import { getSessionToken } from "~/services/session.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { twoStepOverview } from "~/services/two-step.server";
import { adminPaths, roleLabels } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

// The signed-in person's own account: who they are, their second factor, their sessions.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Your account", description: `Your staff account at ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "account");
  return json({
    user,
    twoStep: await twoStepOverview(user.id),
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
  if (intent === "end-others") {
    const count = await endMyOtherSessions(user, await getSessionToken(request));
    return json({ notice: { ok: true, message: `${count} other session${count === 1 ? "" : "s"} ended.` } });
  }
  return json({ notice: { ok: false, message: "Unknown request." } }, { status: 400 });
}

export default function Account() {
  const { user, twoStep, sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading" className="text-2xl font-bold">
        Your account
      </h2>
      <ActionNotice notice={actionData?.notice} />
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
                {session.current ? " (this browser)" : ""}
              </td>
              <td className={listCell}>{formatDateTime(session.startedAt)}</td>
              <td className={listCell}>{session.lastSeenAt ? formatDateTime(session.lastSeenAt) : "—"}</td>
              <td className={listCell}>
                {session.current ? (
                  "—"
                ) : (
                  <RowActionForm field="session" id={session.id} intent="end">
                    End<span className="sr-only"> the session of {session.device}</span>
                  </RowActionForm>
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

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { ConfirmDeletePanel } from "~/components/admin/confirm-delete";
import { ConfirmForm } from "~/components/admin/confirm-form";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { dangerButtonClass } from "~/components/admin/styles";
import { StaffSection } from "~/components/admin/table";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { changeRole, setMemberStatus, TeamError, teamMemberDetail } from "~/staff/index.server";
import { resetTwoStep } from "~/staff/index.server";
import { adminPaths, isRole, roleLabels, ROLES } from "~/utils/admin-paths";
import { isConfirmed } from "~/utils/confirmation";
import { formatDateTime } from "~/utils/dates";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Team member", description: `A member of the staff of ${site.name}.`, noindex: true });

function memberId(param: string | undefined): number {
  const id = /^\d{1,12}$/.test(param ?? "") ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound("There is no such person in the team.");
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "team");
  const detail = await teamMemberDetail(memberId(params.id));
  if (!detail) throw notFound("There is no such person in the team.");
  return json({ ...detail, me: user.id });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "team");
  const id = memberId(params.id);
  const intent = form.get("intent");
  if (intent === "disable" && !isConfirmed(form)) {
    // Without JavaScript nobody was asked yet: the page asks, and its button carries the answer.
    return json({ confirmDisable: true as const });
  }
  let message: string;
  try {
    if (intent === "role") {
      const role = form.get("role");
      if (!isRole(role)) return json({ notice: { ok: false, message: "Choose a role." } }, { status: 400 });
      message = await changeRole(user, id, role);
    } else if (intent === "disable" || intent === "enable") {
      message = await setMemberStatus(user, id, intent === "disable" ? "disabled" : "active");
    } else if (intent === "reset-two-step") {
      if (!(await resetTwoStep(id, user))) {
        return json({ notice: { ok: false, message: "There is no such person in the team." } }, { status: 404 });
      }
      message = "Two-step sign-in reset: they set it up again at their next sign-in.";
    } else {
      return json({ notice: { ok: false, message: "Unknown request." } }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof TeamError)) throw error;
    return json({ notice: { ok: false, message: error.message } }, { status: error.status });
  }
  return json({ notice: { ok: true, message } });
}

export default function TeamMemberPage() {
  const { member, actions, me } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const self = member.id === me;
  const notice = actionData && "notice" in actionData ? actionData.notice : undefined;
  const disableQuestion = `Disable ${member.username}? Their sessions and API tokens end at once, and they cannot sign in until an admin enables them again.`;
  return (
    <>
      <BackLink to={adminPaths.team}>Back to the team</BackLink>
      <h2 className="mt-4 text-2xl font-semibold break-all">{member.username}</h2>
      <ActionNotice notice={notice} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Name</dt>
        <dd>{member.name ?? "—"}</dd>
        <dt className="font-medium">Email</dt>
        <dd className="break-all">{member.email ?? "—"}</dd>
        <dt className="font-medium">Role</dt>
        <dd>{roleLabels[member.role]}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{member.status === "active" ? "Active" : "Disabled"}</dd>
        <dt className="font-medium">Last sign-in</dt>
        <dd>{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "Never"}</dd>
        <dt className="font-medium">Two-step sign-in</dt>
        <dd>
          {member.twoStep ? (member.passkey ? "On (app and passkey)" : "On") : member.passkey ? "On (passkey)" : "Off"}
        </dd>
      </dl>

      {self ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          This is you: another admin changes your role or disables your account.
        </p>
      ) : (
        <>
          <StaffSection id="role" title="Role">
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="role" />
              <div>
                <label htmlFor="member-role" className="block font-medium">
                  Role
                </label>
                <select id="member-role" name="role" defaultValue={member.role} className="field-input">
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleLabels[role]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-primary">
                Change the role
              </button>
            </Form>
          </StaffSection>
          <StaffSection id="access" title="Access">
            {actionData && "confirmDisable" in actionData ? (
              <ConfirmDeletePanel
                questionId="disable-question"
                question={disableQuestion}
                hidden={{ intent: "disable" }}
                deleteLabel={`Disable ${member.username}`}
                cancelTo={adminPaths.teamMember(member.id)}
              />
            ) : null}
            <div className="mt-3 flex flex-wrap gap-3">
              {member.status === "active" ? (
                <ConfirmForm
                  action={adminPaths.teamMember(member.id)}
                  question={disableQuestion}
                  hidden={{ intent: "disable" }}
                >
                  <button type="submit" className={dangerButtonClass}>
                    Disable {member.username}
                  </button>
                </ConfirmForm>
              ) : (
                <Form method="post">
                  <button type="submit" name="intent" value="enable" className="btn-secondary">
                    Enable {member.username}
                  </button>
                </Form>
              )}
              {member.twoStep || member.passkey ? (
                <Form method="post">
                  <button type="submit" name="intent" value="reset-two-step" className={dangerButtonClass}>
                    Reset two-step sign-in
                  </button>
                </Form>
              ) : null}
            </div>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              Disabling ends their sessions and API tokens at once; enabling lets them sign in again.
            </p>
          </StaffSection>
        </>
      )}

      <AuditTrail
        heading="Recent actions"
        events={actions.map((event) => ({
          ...event,
          detail: [event.entity, event.detail].filter(Boolean).join(" · "),
        }))}
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

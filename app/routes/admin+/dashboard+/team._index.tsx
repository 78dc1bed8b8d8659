import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RowActionForm } from "~/components/admin/row-action";
import { ActionNotice } from "~/components/admin/notice";
import { dangerButtonClass } from "~/components/admin/styles";
import { listCell, listRow, StaffSection, StaffTable } from "~/components/admin/table";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { takeFlash } from "~/site/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { resendInvitation, TeamError, teamOverview, withdrawPendingInvitation } from "~/staff/index.server";
import { setTeamTwoStepRequirement } from "~/staff/index.server";
import { getSessionToken } from "~/staff/index.server";
import { adminPaths, roleLabels } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { StaffPageTitle } from "~/components/admin/page-title";

// The staff team (admins only): people with their role, status, last sign-in and second
// factor; invitations waiting; and whether the whole team must use two-step sign-in.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Team", description: `The staff team of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "team");
  const flash = await takeFlash(request);
  return json({ ...(await teamOverview()), me: user.id, flash: flash.message }, { headers: flash.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "team");
  const intent = form.get("intent");
  const id = Number(form.get("invitation"));
  if (intent === "require-two-step" || intent === "two-step-optional") {
    const ended = await setTeamTwoStepRequirement(user, intent === "require-two-step", await getSessionToken(request));
    return json({
      notice: {
        ok: true,
        message:
          intent === "require-two-step"
            ? `Two-step sign-in is now required: people without it set it up before any other staff page. ${ended} session${ended === 1 ? "" : "s"} and API token${ended === 1 ? "" : "s"} of people without it ended.`
            : "Two-step sign-in is now optional.",
      },
    });
  }
  if ((intent === "resend" || intent === "withdraw") && Number.isSafeInteger(id) && id > 0) {
    try {
      const message =
        intent === "resend" ? await resendInvitation(user, id) : await withdrawPendingInvitation(user, id);
      return json({ notice: { ok: true, message } });
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      return json({ notice: { ok: false, message: error.message } }, { status: error.status });
    }
  }
  return json({ notice: { ok: false, message: "Unknown request." } }, { status: 400 });
}

export default function Team() {
  const { members, invitations, requireTwoStep, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = actionData?.notice ?? (flash ? { ok: true, message: flash } : null);
  return (
    <section aria-labelledby="team-heading">
      <StaffPageTitle id="team-heading" title="Team">
        <Link to={adminPaths.teamInvite} className="btn-primary">
          Invite someone
        </Link>
      </StaffPageTitle>
      <ActionNotice notice={notice} />
      <StaffTable
        className="mt-6"
        caption="People in the staff team"
        columns={["Username", "Name", "Role", "Status", "Last sign-in", "Two-step"]}
      >
        {members.map((member) => (
          <tr key={member.id} className={listRow}>
            <td className={listCell}>
              <Link to={adminPaths.teamMember(member.id)} className="link">
                {member.username}
              </Link>
            </td>
            <td className={listCell}>{member.name ?? "—"}</td>
            <td className={listCell}>{roleLabels[member.role]}</td>
            <td className={listCell}>{member.status === "active" ? "Active" : "Disabled"}</td>
            <td className={listCell}>{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "Never"}</td>
            <td className={listCell}>
              {member.twoStep
                ? member.passkey
                  ? "On (app and passkey)"
                  : "On"
                : member.passkey
                  ? "On (passkey)"
                  : "Off"}
            </td>
          </tr>
        ))}
      </StaffTable>

      <StaffSection id="invitations" title="Invitations waiting">
        <StaffTable
          className="mt-3"
          empty="No invitations are waiting."
          caption="Invitations not yet accepted"
          columns={["Name", "Email", "Role", "Status", "Actions"]}
        >
          {invitations.map((invitation) => (
            <tr key={invitation.id} className={listRow}>
              <td className={listCell}>{invitation.name}</td>
              <td className={`${listCell} break-all`}>{invitation.email}</td>
              <td className={listCell}>{roleLabels[invitation.role]}</td>
              <td className={listCell}>
                {invitation.expired ? "Expired" : `Invited, link valid until ${formatDateTime(invitation.expires_at)}`}
              </td>
              <td className={listCell}>
                <div className="flex flex-wrap gap-2">
                  <RowActionForm
                    post={{ intent: "resend", invitation: invitation.id }}
                    verb="Resend"
                    what={`the invitation to ${invitation.email}`}
                  />
                  <RowActionForm
                    post={{ intent: "withdraw", invitation: invitation.id }}
                    className={dangerButtonClass}
                    verb="Withdraw"
                    what={`the invitation to ${invitation.email}`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </StaffTable>
      </StaffSection>

      <StaffSection id="two-step" title="Two-step sign-in">
        <p className="mt-2 text-slate-800 dark:text-slate-200">
          {requireTwoStep
            ? "Required: everyone signs in with a code from an authenticator app or with a passkey; anyone without either sets one up before any other staff page."
            : "Optional: each person may turn it on for their own account. Requiring it ends every session and API token of people without it."}
        </p>
        <Form method="post" className="mt-3">
          {requireTwoStep ? (
            <button type="submit" name="intent" value="two-step-optional" className="btn-secondary">
              Make two-step sign-in optional
            </button>
          ) : (
            <button type="submit" name="intent" value="require-two-step" className="btn-primary">
              Require two-step sign-in
            </button>
          )}
        </Form>
      </StaffSection>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

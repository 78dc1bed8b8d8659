import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { SelectField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { parseInviteForm } from "~/staff/index.server";
import { invitePerson, TeamError } from "~/staff/index.server";
import { adminPaths, roleLabels, ROLES } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Invite someone", description: `Invite a person to the staff of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "team");
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "team");
  const submission = parseInviteForm(form);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await invitePerson(user, submission.value);
  } catch (error) {
    if (!(error instanceof TeamError)) throw error;
    return json({ result: submission.reply({ fieldErrors: { email: [error.message] } }) }, { status: error.status });
  }
  return savedRedirect(adminPaths.team, "invitation-sent");
}

const roleOptions = ROLES.map((role) => ({ value: role, label: roleLabels[role] }));

export default function InvitePerson() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <>
      <BackLink to={adminPaths.team}>Back to the team</BackLink>
      <h2 className="mt-4 text-2xl font-bold">Invite someone</h2>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
        They get an e-mail with a link (it works once, for 72 hours) to choose their username and password. Admin:
        everything, the team included. Fundraising: donations, Gift Aid, enquiries, subscribers, mail, privacy requests
        and statistics. Editor: news and statistics.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 max-w-md space-y-4">
        <ErrorSummary form={form} />
        <TextField meta={fields.name} label="Name" autoComplete="off" />
        <TextField meta={fields.email} label="Email address" type="email" autoComplete="off" />
        <SelectField meta={fields.role} label="Role" options={roleOptions} placeholder="Choose a role" />
        <button type="submit" className="btn-primary">
          Send the invitation
        </button>
      </Form>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

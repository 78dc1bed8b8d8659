import { EmailLinkForm, EmailLinkPage } from "~/components/admin/bad-link";
import { NewPasswordField } from "~/components/admin/password-fields";
import { useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import { staffAccountPages } from "~/content/staff-accounts";
import {
  json,
  visitorForm,
  TOKEN_PAGE_HEADERS,
  createUserSession,
  parseAcceptForm,
  acceptInvitation,
  TeamError,
  openInvitation,
  roleLabels,
} from "~/routes/_imports/invitation-page.server";
import { DASHBOARD_PATH, LOGIN_PATH } from "~/utils/staff-entry-paths";
import { pageMeta } from "~/utils/meta";

// The link in an invitation: the invited person chooses a username and a password. The link
// works once, for 72 hours; accepting signs them in.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Join the staff area", description: `Staff invitation for ${site.name}.`, noindex: true }, matches);

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export async function loader({ params }: LoaderFunctionArgs) {
  const invitation = await openInvitation(params.token);
  return json(
    { invitation: invitation ? { name: invitation.name, role: roleLabels[invitation.role] } : null },
    { status: invitation ? 200 : 410, headers: TOKEN_PAGE_HEADERS },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseAcceptForm(await visitorForm(request));
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }), gone: false }, { status: 400 });
  }
  let user;
  try {
    user = await acceptInvitation(params.token, submission.value);
  } catch (error) {
    if (!(error instanceof TeamError)) throw error;
    if (error.field === "username") {
      return json(
        {
          result: submission.reply({ fieldErrors: { username: [error.message] }, hideFields: ["password"] }),
          gone: false,
        },
        { status: error.status },
      );
    }
    return json({ result: submission.reply({ hideFields: ["password"] }), gone: true }, { status: 410 });
  }
  return createUserSession({ request, userId: user.id, redirectTo: DASHBOARD_PATH });
}

export default function AcceptInvitation() {
  const { invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  const usable = invitation && !actionData?.gone;
  return (
    <EmailLinkPage
      usable={Boolean(usable)}
      badLink={{ text: staffAccountPages.badInvitationText, to: LOGIN_PATH, label: "Go to sign-in" }}
    >
      <h1 className="text-2xl font-bold">Join the staff area</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Welcome, {invitation?.name}. You are invited as {invitation?.role}. Choose the username and password you will
        sign in with.
      </p>
      <EmailLinkForm form={form} submitLabel="Create my account">
        <TextField
          meta={fields.username}
          label="Username"
          autoComplete="username"
          hint="3 to 50 letters, digits, dots, hyphens or underscores."
        />
        <NewPasswordField meta={fields.password} label="Password" />
      </EmailLinkForm>
    </EmailLinkPage>
  );
}

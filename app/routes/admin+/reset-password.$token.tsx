import { EmailLinkForm, EmailLinkPage } from "~/components/admin/bad-link";
import { NewPasswordField } from "~/components/admin/password-fields";
import { useForm } from "~/utils/light-form";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { staffAccountPages } from "~/content/staff-accounts";
import { visitorForm } from "~/routes/_glue/action-guard.server";
import { TOKEN_PAGE_HEADERS } from "~/routes/_glue/token-page.server";
import { resetLinkWorks, resetPasswordWithToken } from "~/staff/index.server";
import { completePasswordStep } from "~/routes/_glue/sign-in.server";
import { parseResetForm } from "~/staff/index.server";
import { DASHBOARD_PATH, FORGOT_PASSWORD_PATH } from "~/utils/staff-entry-paths";
import { pageMeta } from "~/utils/meta";

// The link in a password-reset e-mail: works once, for one hour. Setting the password ends
// every session and API token of the person and signs this browser in, after a code from the
// authenticator app when the person has two-step sign-in on (a reset never skips it).

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    { title: "Set a new password", description: `Staff password reset for ${site.name}.`, noindex: true },
    matches,
  );

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export async function loader({ params }: LoaderFunctionArgs) {
  const valid = await resetLinkWorks(params.token);
  return json({ valid }, { status: valid ? 200 : 410, headers: TOKEN_PAGE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseResetForm(await visitorForm(request));
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }), valid: true }, { status: 400 });
  }
  const user = await resetPasswordWithToken(params.token, submission.value.password);
  if (!user) return json({ result: submission.reply({ hideFields: ["password"] }), valid: false }, { status: 410 });
  return completePasswordStep({ request, userId: user.id, redirectTo: DASHBOARD_PATH });
}

export default function ResetPassword() {
  const { valid: linkValid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const valid = actionData ? actionData.valid : linkValid;
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <EmailLinkPage
      usable={valid}
      badLink={{ text: staffAccountPages.badResetText, to: FORGOT_PASSWORD_PATH, label: "Ask for a new link" }}
    >
      <h1 className="text-2xl font-bold">Set a new password</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{staffAccountPages.resetIntro}</p>
      <EmailLinkForm form={form} submitLabel="Save the password">
        <NewPasswordField meta={fields.password} label="New password" />
      </EmailLinkForm>
    </EmailLinkPage>
  );
}

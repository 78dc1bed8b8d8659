import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EmailLinkPage } from "~/components/admin/bad-link";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { staffAccountPages } from "~/content/staff-accounts";
import {
  json,
  refuseCrossSite,
  TOKEN_PAGE_HEADERS,
  confirmEmailChange,
  emailChangeLinkWorks,
} from "~/routes/_imports/confirm-email-page.server";
import { ACCOUNT_PATH, LOGIN_PATH } from "~/utils/staff-entry-paths";
import { pageMeta } from "~/utils/meta";

// The link in the e-mail that confirms a person's new address (Your account): works once, for
// EMAIL_CHANGE_HOURS. Opening it shows a button (a mail scanner's visit changes nothing); the
// post makes the address the person's.

export const meta: MetaFunction = () =>
  pageMeta({ title: staffAccountPages.emailChangeTitle, description: `Staff account at ${site.name}.`, noindex: true });

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export async function loader({ params }: LoaderFunctionArgs) {
  const valid = await emailChangeLinkWorks(params.token);
  return json({ valid }, { status: valid ? 200 : 410, headers: TOKEN_PAGE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  refuseCrossSite(request);
  const outcome = await confirmEmailChange(params.token);
  return json(outcome, { status: outcome.ok ? 200 : 410, headers: TOKEN_PAGE_HEADERS });
}

export default function ConfirmEmail() {
  const { valid } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <EmailLinkPage
      usable={valid || outcome !== undefined}
      badLink={{ text: staffAccountPages.badEmailChangeText, to: LOGIN_PATH, label: "Go to sign-in" }}
    >
      <h1 className="text-2xl font-bold">{staffAccountPages.emailChangeTitle}</h1>
      {outcome?.ok ? (
        <>
          <p role="status" className="mt-4 text-slate-800 dark:text-slate-200">
            {staffAccountPages.emailChangeDone(outcome.email)}
          </p>
          <Link to={ACCOUNT_PATH} className="btn-primary mt-6">
            Go to your account
          </Link>
        </>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          {outcome ? <FormError errors={[outcome.message]} /> : null}
          <button type="submit" className="btn-primary w-full">
            Use this address
          </button>
        </Form>
      )}
    </EmailLinkPage>
  );
}

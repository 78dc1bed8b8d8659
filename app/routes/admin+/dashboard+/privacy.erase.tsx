import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmedForm } from "~/components/admin/confirm-form";
import { PersonalDataSections } from "~/components/admin/personal-data";
import { dangerButtonClass } from "~/components/admin/styles";
import { FormError } from "~/components/ui/form";
import { privacyRequestMessages } from "~/content/privacy-requests";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { parsePrivacyEmail } from "~/supporters/schemas/privacy";
import { erasePersonalData, findPersonalData } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { isConfirmed } from "~/utils/confirmation";
import { pageMeta } from "~/utils/meta";
import { savedRedirect } from "~/routes/_glue/saved.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Erase personal data", description: `Erase a person's data held by ${site.name}.`, noindex: true });

const lookup = (email: string) => `${adminPaths.privacy}?${new URLSearchParams({ email })}`;

// The confirmation step for browsers without JavaScript (with it, confirm() asks instead).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "privacy");
  const parsed = parsePrivacyEmail(new URL(request.url).searchParams.get("email"));
  if (!parsed.ok) return json({ error: parsed.error, email: null, data: null }, { status: 400 });
  return json({ error: null, email: parsed.email, data: await findPersonalData(parsed.email) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "privacy");
  const parsed = parsePrivacyEmail(form.get("email"));
  if (!parsed.ok) return json({ error: parsed.error, email: null, data: null }, { status: 400 });
  if (!isConfirmed(form))
    return redirect(`${adminPaths.privacyErase}?${new URLSearchParams({ email: parsed.email })}`, 303);
  await erasePersonalData(parsed.email, user.username);
  return savedRedirect(lookup(parsed.email), "personal-data-erased");
}

export default function ErasePersonalData() {
  const { error, email, data } = useLoaderData<typeof loader>();
  if (error || !email || !data) {
    return (
      <>
        <h2 className="text-2xl font-semibold">Erase personal data</h2>
        <div className="mt-4">
          <FormError errors={[error ?? "Enter an e-mail address"]} />
        </div>
        <Link to={adminPaths.privacy} className="btn-primary mt-6">
          Back to Privacy requests
        </Link>
      </>
    );
  }
  return (
    <>
      <h2 className="text-2xl font-semibold">Erase personal data</h2>
      <p className="mt-4 font-semibold break-all">{email}</p>
      <p className="mt-2 max-w-3xl">{privacyRequestMessages.eraseConfirmation}</p>
      <p className="mt-2 max-w-3xl">{privacyRequestMessages.paidPledgesKept}</p>
      <PersonalDataSections data={data} headingLevel={3} />
      <ConfirmedForm action={adminPaths.privacyErase} hidden={{ email }} className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={dangerButtonClass}>
          Erase
        </button>
        <Link to={lookup(email)} className="btn-secondary">
          Cancel
        </Link>
      </ConfirmedForm>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppealForm } from "~/components/admin/appeal-form";
import { AuditTrail } from "~/components/admin/audit-trail";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { site } from "~/content/site";
import { ImageRejected } from "~/infra/images.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { appealFormSchema } from "~/causes/schemas/appeals";
import { AppealRefusal, appealIsOpen, appealRecord, mayManageAppeals, reviseAppeal } from "~/causes/index.server";
import { takeFlash } from "~/site/index.server";
import { appealInput } from "~/staff/index.server";
import { ARTICLE_FORM_LIMITS } from "~/publishing/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatPence, penceToDecimal } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Appeal", description: `An appeal of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "appeals");
  const { appeal, totals, history } = await findRecordOr404(params.id, appealRecord, "No such appeal");
  const flash = await takeFlash(request);
  return json(
    {
      flash: flash.message,
      manage: mayManageAppeals(user.role),
      appeal: {
        id: appeal.id,
        title: appeal.title,
        slug: appeal.slug,
        open: appealIsOpen(appeal),
        values: {
          title: appeal.title,
          slug: appeal.slug,
          story: appeal.story,
          goal: penceToDecimal(appeal.goalPence).replace(/\.00$/, ""),
          goal_donors: appeal.goalDonors === null ? "" : String(appeal.goalDonors),
          starts_on: appeal.startsOn ?? "",
          ends_on: appeal.endsOn ?? "",
          is_open: appeal.isOpen,
          image_alt: appeal.imageAlt ?? "",
          has_photo: Boolean(appeal.imageUpload),
        },
      },
      totals,
      goalPence: appeal.goalPence,
      history: history.map(({ id: eventId, action, detail, actor, createdAt }) => ({
        id: eventId,
        action,
        detail,
        actor,
        createdAt,
      })),
    },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "appeals", {
    schema: appealFormSchema,
    limits: ARTICLE_FORM_LIMITS,
  });
  const id = requireRecordId(params.id, "No such appeal");
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await reviseAppeal(
      id,
      appealInput(submission.value),
      { photo: submission.value.image, imageAlt: submission.value.image_alt ?? null },
      user,
    );
    return savedRedirect(adminPaths.appeal(id), "appeal-saved");
  } catch (error) {
    if (error instanceof AppealRefusal) {
      const field = error.status === 404 ? "title" : "slug";
      return json(
        { result: submission.reply({ fieldErrors: { [field]: [error.message] } }) },
        { status: error.status },
      );
    }
    if (error instanceof ImageRejected) {
      return json({ result: submission.reply({ fieldErrors: { image: [error.message] } }) }, { status: 400 });
    }
    throw error;
  }
}

export default function EditAppeal() {
  const { appeal, totals, goalPence, history, manage, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const publicPath = `/appeals/${appeal.slug}`;
  return (
    <>
      <BackLink to={adminPaths.appeals}>Back to appeals</BackLink>
      <h2 className="mt-4 text-2xl font-bold">{appeal.title}</h2>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <p className="mt-2">
        <a href={publicPath} className="link">
          Public page: {publicPath}
        </a>{" "}
        ({appeal.open ? "open" : "closed"})
      </p>
      <dl className="mt-4 grid max-w-2xl grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["Goal", formatPence(goalPence)],
          ["Given", formatPence(totals.givenPence)],
          ["Promised (not yet paid, unverified)", formatPence(totals.promisedPence)],
          ["Donors", String(totals.donors)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <AppealForm
        key={appeal.id}
        lastResult={actionData?.result}
        defaultValue={appeal.values}
        manage={manage}
        submitLabel="Save the appeal"
      />
      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AppealForm } from "~/components/admin/appeal-form";
import { BackLink } from "~/components/admin/back-link";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { appealFormSchema } from "~/causes/schemas/appeals";
import { ARTICLE_FORM_LIMITS } from "~/publishing/index.server";
import { ImageRejected } from "~/infra/images.server";
import { AppealRefusal, createAppeal } from "~/causes/index.server";
import { appealInput } from "~/staff/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "New appeal", description: `A new appeal of ${site.name}.`, noindex: true });

/** Admin and fundraising create appeals; an editor edits their words. */
const MANAGE = ["admin", "fundraising"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, MANAGE);
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, MANAGE, {
    schema: appealFormSchema,
    limits: ARTICLE_FORM_LIMITS,
  });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const appeal = await createAppeal(
      appealInput(submission.value),
      { photo: submission.value.image, imageAlt: submission.value.image_alt ?? null },
      user,
    );
    return savedRedirect(adminPaths.appeal(appeal.id), "appeal-saved");
  } catch (error) {
    if (error instanceof AppealRefusal) {
      return json({ result: submission.reply({ fieldErrors: { slug: [error.message] } }) }, { status: error.status });
    }
    if (error instanceof ImageRejected) {
      return json({ result: submission.reply({ fieldErrors: { image: [error.message] } }) }, { status: 400 });
    }
    throw error;
  }
}

export default function NewAppeal() {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.appeals}>Back to appeals</BackLink>
      <h2 className="mt-4 text-2xl font-bold">New appeal</h2>
      <AppealForm lastResult={actionData?.result} manage submitLabel="Create the appeal" />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

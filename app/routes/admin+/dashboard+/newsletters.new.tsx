import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { NewsletterForm } from "~/components/admin/newsletter-form";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { newsletterDraftSchema } from "~/publishing/schemas/newsletter-issues";
import { composeChoices, NewsletterIssueError, saveNewsletterDraft } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Write a newsletter", description: `A new newsletter of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "newsletters");
  const { uploads } = await composeChoices();
  return json({ uploads });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form: formData } = await staffAction(request, "newsletters");
  const body = formData.get("body");
  if (typeof body === "string") formData.set("body", body.replace(/\r\n?/g, "\n"));
  const submission = parseWithZod(formData, { schema: newsletterDraftSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const saved = await saveNewsletterDraft(null, submission.value, user.username);
    return savedRedirect(adminPaths.newsletter(saved.id), "newsletter-saved");
  } catch (error) {
    if (!(error instanceof NewsletterIssueError)) throw error;
    const { field, message } = error;
    const reply = submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
    return json({ result: reply }, { status: error.status });
  }
}

export default function NewNewsletter() {
  const { uploads } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.newsletters}>Back to the newsletters</BackLink>
      <h2 className="mt-4 text-2xl font-semibold">Write a newsletter</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Save it as a draft first: its page then shows the preview, sends you a test and sends it.
      </p>
      <NewsletterForm lastResult={actionData?.result} uploads={uploads} submitLabel="Save draft" />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

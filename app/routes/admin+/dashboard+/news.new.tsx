import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ArticleDialog } from "~/components/admin/article-dialog";
import { adminMessages } from "~/content/admin";
import { site } from "~/content/site";
import { ImageRejected } from "~/infra/images.server";
import { publishArticle } from "~/publishing/index.server";
import { ARTICLE_FORM_LIMITS, articleInputFromForm, parseArticleForm } from "~/publishing/index.server";
import { requestLogger } from "~/infra/logger.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Add News Article", description: `Add a news article to ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "news");
  return json(null);
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "news", { limits: ARTICLE_FORM_LIMITS });
  const log = requestLogger(request, "routes/admin+/dashboard+/news.new", { user_id: user.id });
  const submission = parseArticleForm(form);
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  try {
    await publishArticle(articleInputFromForm(submission.value), { photo: submission.value.image, log, actor: user });
  } catch (error) {
    if (error instanceof ImageRejected) {
      return json({ result: submission.reply({ fieldErrors: { image: [error.message] } }) }, { status: 400 });
    }
    log.error({ event: "news.create_failed", err: error }, "Creating a news article failed");
    return json({ result: submission.reply({ formErrors: [adminMessages.saveError] }) }, { status: 500 });
  }
  return savedRedirect(adminPaths.news, "article-saved");
}

export default function NewArticle() {
  const actionData = useActionData<typeof action>();
  return <ArticleDialog heading="Add News Article" submitLabel="Add Article" lastResult={actionData?.result} />;
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

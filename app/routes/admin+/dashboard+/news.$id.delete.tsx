import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { ArticleMissingDialog } from "~/components/admin/article-missing";
import { ConfirmedForm } from "~/components/admin/confirm-form";
import { Modal } from "~/components/admin/modal";
import { dangerButtonClass } from "~/components/admin/styles";
import { FormError } from "~/components/ui/form";
import { adminMessages } from "~/content/admin";
import { site } from "~/content/site";
import { findArticleByParam, linksTo, removeArticle } from "~/publishing/index.server";
import { parseRecordId } from "~/utils/record-id";
import { requestLogger } from "~/infra/logger.server";
import { adminPaths } from "~/utils/admin-paths";
import { isConfirmed } from "~/utils/confirmation";
import { pageMeta } from "~/utils/meta";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Delete News Article", description: `Delete a news article of ${site.name}.`, noindex: true });

// The confirmation step for browsers without JavaScript (with it, confirm() asks instead).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "news");
  const article = await findArticleByParam(params.id);
  if (!article) return json({ article: null }, { status: 404 });
  // Published pages and articles linking here would lead nowhere (the link checker, docs/site-editor.md).
  const linkedFrom = (await linksTo(`/news/${article.id}`)).map((link) => link.source);
  return json({ article: { id: article.id, title: article.title }, linkedFrom });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "news");
  const log = requestLogger(request, "routes/admin+/dashboard+/news.$id.delete", { user_id: user.id });
  const id = parseRecordId(params.id);
  if (id === null) return json({ error: adminMessages.deleteError }, { status: 404 });
  // Nothing is deleted without an explicit confirmation: ask on the confirmation page.
  if (!isConfirmed(form)) return redirect(adminPaths.deleteArticle(id), 303);
  try {
    if (!(await removeArticle(id, log, user))) return json({ error: adminMessages.deleteError }, { status: 404 });
  } catch (error) {
    log.error({ event: "news.delete_failed", news_id: id, err: error }, "Deleting a news article failed");
    return json({ error: adminMessages.deleteError }, { status: 500 });
  }
  return savedRedirect(adminPaths.news, "article-deleted");
}

export default function DeleteArticle() {
  const data = useLoaderData<typeof loader>();
  const { article } = data;
  const linkedFrom = "linkedFrom" in data ? data.linkedFrom : [];
  const actionData = useActionData<typeof action>();
  const questionId = useId();

  if (actionData?.error || !article) {
    return actionData?.error ? (
      <ArticleMissingDialog title="Delete News Article" role="alertdialog">
        <FormError errors={[actionData.error]} />
      </ArticleMissingDialog>
    ) : (
      <ArticleMissingDialog role="alertdialog" />
    );
  }

  return (
    <Modal title="Delete News Article" closeTo={adminPaths.news} role="alertdialog" descriptionId={questionId}>
      <p id={questionId} className="text-slate-800 dark:text-slate-200">
        {adminMessages.deleteConfirmation}
      </p>
      <p className="mt-2 break-words font-semibold">{article.title}</p>
      {linkedFrom.length > 0 ? (
        <p className="mt-3 text-amber-900 dark:text-amber-100">
          Linked from {linkedFrom.join(", ")}: those links will lead nowhere once it is deleted.
        </p>
      ) : null}
      <ConfirmedForm className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={adminPaths.news} className="btn-secondary">
          Cancel
        </Link>
        <button type="submit" className={dangerButtonClass}>
          Delete
        </button>
      </ConfirmedForm>
    </Modal>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

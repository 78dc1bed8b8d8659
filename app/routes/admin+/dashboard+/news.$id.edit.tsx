import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ArticleDialog } from "~/components/admin/article-dialog";
import { ArticleMissingDialog } from "~/components/admin/article-missing";
import type { LinkWarningData } from "~/components/admin/link-warning";
import { adminMessages } from "~/content/admin";
import { site } from "~/content/site";
import { articleChangeWarning, articleHistory, findArticleByParam, reviseArticle } from "~/publishing/index.server";
import { chooseAgainMessage } from "~/publishing/schemas/projects";
import { CONFIRM_LINKS_FIELD } from "~/publishing/schemas/redirects";
import { AuditTrail } from "~/components/admin/audit-trail";
import { parseRecordId } from "~/utils/record-id";
import { ARTICLE_FORM_LIMITS, articleInputFromForm, parseArticleForm } from "~/publishing/index.server";
import { ImageRejected } from "~/infra/images.server";
import { nowIsoString } from "~/infra/clock.server";
import { toLondonLocal } from "~/utils/dates";
import { requestLogger } from "~/infra/logger.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Edit News Article", description: `Edit a news article of ${site.name}.`, noindex: true });

// A missing article is answered with data and a 404 status rather than a thrown response,
// because this loader also runs after a failed save, whose message must still show.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "news");
  const article = await findArticleByParam(params.id);
  if (!article) return json({ article: null, history: [] }, { status: 404 });
  return json({
    article: {
      id: article.id,
      title: article.title,
      content: article.content,
      image_url: article.imageUrl,
      image_alt: article.imageAlt,
      status: article.status,
      // A draft's stored time is only when it was saved, unless it is a time still to come.
      publish_at:
        article.status === "published" || article.publishAt > nowIsoString() ? toLondonLocal(article.publishAt) : "",
      has_upload: Boolean(article.imageUpload),
    },
    // Who created and changed it, and when (the person, not a shared name).
    history: (await articleHistory(article.id)).map(({ id, action, detail, actor, createdAt }) => ({
      id,
      action,
      detail,
      actor,
      createdAt,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "news", { limits: ARTICLE_FORM_LIMITS });
  const log = requestLogger(request, "routes/admin+/dashboard+/news.$id.edit", { user_id: user.id });
  const id = parseRecordId(params.id);
  const submission = parseArticleForm(form);
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const { image, remove_image, image_alt } = submission.value;
  try {
    const current = await findArticleByParam(params.id);
    // The photo kept from before needs its description as much as a new one.
    if (current?.imageUpload && !image && !remove_image && !image_alt) {
      const message = "Describe the photo: people who use screen readers hear this text instead of seeing it";
      return json({ result: submission.reply({ fieldErrors: { image_alt: [message] } }) }, { status: 400 });
    }
    const input = articleInputFromForm(submission.value);
    // Taking a live article off the site (Draft, or a later time) that published pages link to:
    // they are listed, to confirm first (the link checker, docs/site-editor.md). Nothing is saved yet.
    const linkWarning = current ? await articleChangeWarning(current, input, form.get(CONFIRM_LINKS_FIELD)) : null;
    if (linkWarning) {
      // A browser never sends a chosen file back, so a photo chosen now must be chosen again.
      const chooseAgain = image ? chooseAgainMessage(["the photo"]) : null;
      return json(
        { result: submission.reply(chooseAgain ? { formErrors: [chooseAgain] } : undefined), linkWarning },
        { status: 409 },
      );
    }
    // Undefined when the article does not exist (or was deleted while the form was open).
    const updated =
      id === null || !current
        ? undefined
        : await reviseArticle(id, input, {
            photo: image,
            removePhoto: remove_image,
            log,
            actor: user,
          });
    if (!updated) {
      return json({ result: submission.reply({ formErrors: [adminMessages.saveError] }) }, { status: 404 });
    }
  } catch (error) {
    if (error instanceof ImageRejected) {
      return json({ result: submission.reply({ fieldErrors: { image: [error.message] } }) }, { status: 400 });
    }
    log.error({ event: "news.update_failed", news_id: id, err: error }, "Updating a news article failed");
    return json({ result: submission.reply({ formErrors: [adminMessages.saveError] }) }, { status: 500 });
  }
  return savedRedirect(adminPaths.news, "article-saved");
}

export default function EditArticle() {
  const { article, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!article && !actionData) return <ArticleMissingDialog />;
  return (
    <ArticleDialog
      key={article?.id ?? "missing"}
      heading="Edit News Article"
      submitLabel="Save Changes"
      lastResult={actionData?.result}
      defaultValue={article ?? undefined}
      linkWarning={actionData && "linkWarning" in actionData ? (actionData.linkWarning as LinkWarningData) : undefined}
    >
      {article ? <AuditTrail events={history} /> : null}
    </ArticleDialog>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

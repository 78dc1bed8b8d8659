import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { IntentForm } from "~/components/admin/intent-form";
import { NewsletterState } from "~/components/admin/newsletter-state";
import { listCell, listRow, StaffSection, StaffTable } from "~/components/admin/table";
import { SelectField } from "~/components/ui/form";
import { newsletterStaff } from "~/content/newsletters";
import { site } from "~/content/site";
import { requestLogger } from "~/infra/logger.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { newsletterFromArticleSchema } from "~/publishing/schemas/newsletter-issues";
import {
  composeChoices,
  confirmedRecipientCount,
  draftFromArticle,
  staffNewsletterList,
} from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { StaffPageTitle } from "~/components/admin/page-title";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Newsletters", description: `Newsletters of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "newsletters");
  const [newsletters, { articles }, recipients] = await Promise.all([
    staffNewsletterList(),
    composeChoices(),
    confirmedRecipientCount(),
  ]);
  return json({
    newsletters: newsletters.map((n) => ({
      id: n.id,
      subject: n.subject,
      status: n.status,
      scheduledAt: n.scheduledAt,
      sentAt: n.sentAt,
      recipientCount: n.recipientCount,
      updatedAt: n.updatedAt,
    })),
    articles,
    recipients,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "newsletters", { schema: newsletterFromArticleSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const newsletter = await draftFromArticle(submission.value.article, user.username);
  if (!newsletter) {
    return json(
      { result: submission.reply({ fieldErrors: { article: [newsletterStaff.unknownArticle] } }) },
      { status: 400 },
    );
  }
  requestLogger(request, "routes/admin+/dashboard+/newsletters._index", { user_id: user.id }).info(
    { event: "newsletter.from_article", newsletter_id: newsletter.id },
    "Newsletter started from an article",
  );
  return savedRedirect(adminPaths.newsletter(newsletter.id), "newsletter-saved");
}

function FromArticleForm({ articles }: { articles: { id: number; title: string }[] }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "from-article",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterFromArticleSchema }),
    shouldValidate: "onSubmit",
  });
  if (articles.length === 0) {
    return <p className="mt-3 text-slate-700 dark:text-slate-300">No article has been published yet.</p>;
  }
  return (
    <IntentForm
      form={form}
      intent="from-article"
      className="mt-3 max-w-3xl"
      note="The draft takes the article’s title, photo and first paragraphs, and links to the whole article."
    >
      <SelectField
        meta={fields.article}
        label="Published article"
        placeholder="Choose an article"
        options={articles.map((a) => ({ value: String(a.id), label: a.title }))}
        className="min-w-0 flex-1"
      />
      <button type="submit" className="btn-primary sm:mt-7">
        Start from this article
      </button>
    </IntentForm>
  );
}

export default function Newsletters() {
  const { newsletters, articles, recipients } = useLoaderData<typeof loader>();
  return (
    <>
      <StaffPageTitle title="Newsletters">
        <Link to={adminPaths.newNewsletter} className="btn-primary">
          Write a newsletter
        </Link>
      </StaffPageTitle>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {recipients === 1 ? "1 confirmed subscriber" : `${recipients} confirmed subscribers`} would receive a newsletter
        sent now. Sent newsletters are public on the website’s{" "}
        <a href="/newsletters" className="link">
          newsletter archive
        </a>
        .
      </p>
      <StaffSection id="from-article" title="Start from a published article" size="lg">
        <FromArticleForm articles={articles} />
      </StaffSection>
      <StaffSection id="newsletter-list" title={`All newsletters (${newsletters.length})`} size="lg">
        {newsletters.length === 0 ? (
          <p className="mt-3 text-slate-700 dark:text-slate-300">No newsletter yet.</p>
        ) : (
          <StaffTable className="mt-3" caption="Newsletters" columns={["Subject", "Status", "When", "Recipients"]}>
            {newsletters.map((n) => (
              <tr key={n.id} className={listRow}>
                <td className={`${listCell} break-words`}>
                  <Link to={adminPaths.newsletter(n.id)} className="link">
                    {n.subject}
                  </Link>
                </td>
                <td className={listCell}>
                  <NewsletterState status={n.status} />
                </td>
                <td className={`${listCell} whitespace-nowrap`}>
                  {n.status === "sent" && n.sentAt
                    ? formatDateTime(n.sentAt)
                    : n.status === "scheduled" && n.scheduledAt
                      ? formatDateTime(n.scheduledAt)
                      : `Saved ${formatDateTime(n.updatedAt)}`}
                </td>
                <td className={listCell}>{n.recipientCount ?? "—"}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

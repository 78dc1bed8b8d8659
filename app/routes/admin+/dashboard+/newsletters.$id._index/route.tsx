// A newsletter's page does several things staff expect on one screen: edit the draft, preview it
// (newsletter-preview.tsx), send a test and schedule it (intent-forms.tsx), send it, and watch
// its progress (progress.tsx: reload link without JavaScript, revalidation with it).
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { NewsletterForm } from "~/components/admin/newsletter-form";
import { NewsletterState } from "~/components/admin/newsletter-state";
import { StaffSection } from "~/components/admin/table";
import { newsletterStaff } from "~/content/newsletters";
import { site } from "~/content/site";
import { getEnv } from "~/infra/env.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import {
  newsletterDraftSchema,
  newsletterScheduleSchema,
  newsletterTestSchema,
} from "~/publishing/schemas/newsletter-issues";
import { takeFlash } from "~/site/index.server";
import {
  composeChoices,
  confirmedRecipientCount,
  newsletterProgress,
  newsletterWebPath,
  previewNewsletter,
  requireNewsletter,
  NewsletterIssueError,
  saveNewsletterDraft,
  scheduleNewsletter,
  sendNewsletterTest,
} from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDateTime, fromLondonLocal } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { ScheduleForm, TestForm } from "./intent-forms";
import { NewsletterPreview } from "./newsletter-preview";
import { Progress } from "./progress";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data ? `Newsletter: ${data.newsletter.subject}` : "Newsletter",
    description: `A newsletter of ${site.name}.`,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "newsletters");
  const newsletter = await requireNewsletter(params.id);
  const sent = newsletter.status === "sent";
  const [{ uploads }, recipients, progress, flash] = await Promise.all([
    composeChoices(),
    sent ? Promise.resolve(null) : confirmedRecipientCount(),
    sent ? newsletterProgress(newsletter.id) : Promise.resolve(null),
    takeFlash(request),
  ]);
  const preview = await previewNewsletter(newsletter);
  return json(
    {
      newsletter: {
        id: newsletter.id,
        subject: newsletter.subject,
        preheader: newsletter.preheader,
        body: newsletter.body,
        image: newsletter.imageUpload,
        status: newsletter.status,
        scheduledAt: newsletter.scheduledAt,
        sentAt: newsletter.sentAt,
        recipientCount: newsletter.recipientCount,
        webPath: newsletter.slug ? newsletterWebPath(newsletter.slug) : null,
        createdBy: newsletter.createdBy,
      },
      uploads,
      recipients,
      progress,
      previewText: preview.text,
      flash: flash.message,
      // The signed-in person's own address first (staff accounts have one since the team arrived).
      staffEmail: user.email ?? getEnv().STAFF_EMAIL ?? "",
      mailConfigured: Boolean(getEnv().SMTP_URL),
      mailPerMinute: getEnv().MAIL_MAX_PER_MINUTE,
    },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form: formData } = await staffAction(request, "newsletters");
  const newsletter = await requireNewsletter(params.id);
  const intent = formData.get("intent");

  if (intent === "save") {
    const body = formData.get("body");
    if (typeof body === "string") formData.set("body", body.replace(/\r\n?/g, "\n"));
    const submission = parseWithZod(formData, { schema: newsletterDraftSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply(), notice: null }, 400);
    try {
      await saveNewsletterDraft(newsletter.id, submission.value, user.username);
    } catch (error) {
      if (!(error instanceof NewsletterIssueError)) throw error;
      const { field, message } = error;
      const reply = submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
      return json({ intent, result: reply, notice: null }, error.status);
    }
    return savedRedirect(adminPaths.newsletter(newsletter.id), "newsletter-saved");
  }

  if (intent === "test") {
    const submission = parseWithZod(formData, { schema: newsletterTestSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply(), notice: null }, 400);
    await sendNewsletterTest(newsletter, submission.value.to, user.username);
    return json({ intent, result: submission.reply(), notice: newsletterStaff.testQueued(submission.value.to) });
  }

  if (intent === "schedule") {
    const submission = parseWithZod(formData, { schema: newsletterScheduleSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply(), notice: null }, 400);
    try {
      await scheduleNewsletter(newsletter.id, fromLondonLocal(submission.value.send_at)!, user.username);
    } catch (error) {
      if (!(error instanceof NewsletterIssueError)) throw error;
      const reply = submission.reply({ fieldErrors: { send_at: [error.message] } });
      return json({ intent, result: reply, notice: null }, error.status);
    }
    return json({ intent, result: submission.reply(), notice: newsletterStaff.scheduled });
  }

  if (intent === "unschedule") {
    try {
      await scheduleNewsletter(newsletter.id, null, user.username);
    } catch (error) {
      if (!(error instanceof NewsletterIssueError)) throw error;
      return json({ intent, result: null, notice: error.message }, error.status);
    }
    return json({ intent, result: null, notice: newsletterStaff.unscheduled });
  }

  return json({ intent: null, result: null, notice: "Unknown action." }, 400);
}

export default function NewsletterPage() {
  const { newsletter, uploads, recipients, progress, previewText, flash, staffEmail, mailConfigured, mailPerMinute } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const sent = newsletter.status === "sent";
  const notice = actionData?.notice ?? flash ?? "";
  return (
    <>
      <BackLink to={adminPaths.newsletters}>Back to the newsletters</BackLink>
      <h2 className="mt-4 flex flex-wrap items-center gap-3 text-2xl font-semibold break-words">
        {newsletter.subject} <NewsletterState status={newsletter.status} />
      </h2>
      <p role="status" className="mt-3 font-medium text-brand-800 dark:text-brand-200">
        {notice}
      </p>
      {mailConfigured ? null : (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          No mail server is set up for this site yet, so nothing is sent: messages wait in the mail log.
        </p>
      )}

      {sent && progress ? (
        <StaffSection id="progress" title="Progress" size="lg" className="mt-4">
          <p className="mt-2">
            Sent {newsletter.sentAt ? formatLongDateTime(newsletter.sentAt) : ""} (UK time).{" "}
            {newsletter.webPath ? (
              <a href={newsletter.webPath} className="link">
                Web version
              </a>
            ) : null}
          </p>
          <Progress
            id={newsletter.id}
            progress={progress}
            recipientCount={newsletter.recipientCount}
            perMinute={mailPerMinute}
          />
        </StaffSection>
      ) : (
        <StaffSection id="send" title="Send" size="lg" className="mt-4">
          {newsletter.status === "scheduled" && newsletter.scheduledAt ? (
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <p>Scheduled for {formatLongDateTime(newsletter.scheduledAt)} (UK time).</p>
              <Form method="post">
                <input type="hidden" name="intent" value="unschedule" />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Remove the schedule
                </button>
              </Form>
            </div>
          ) : null}
          <p className="mt-3">
            <Link to={adminPaths.sendNewsletter(newsletter.id)} className="btn-primary">
              Send to {recipients} confirmed {recipients === 1 ? "subscriber" : "subscribers"}
            </Link>
          </p>
          <ScheduleForm
            scheduledAt={newsletter.scheduledAt}
            lastResult={actionData?.intent === "schedule" ? actionData.result : undefined}
          />
        </StaffSection>
      )}

      <StaffSection id="test" title="Send me a test" size="lg">
        <TestForm staffEmail={staffEmail} lastResult={actionData?.intent === "test" ? actionData.result : undefined} />
      </StaffSection>

      <StaffSection id="preview" title="Preview" size="lg">
        <NewsletterPreview id={newsletter.id} previewText={previewText} />
      </StaffSection>

      {sent ? null : (
        <StaffSection id="edit" title="Edit" size="lg">
          <NewsletterForm
            lastResult={actionData?.intent === "save" ? actionData.result : undefined}
            defaultValue={{
              subject: newsletter.subject,
              preheader: newsletter.preheader,
              body: newsletter.body,
              image: newsletter.image,
            }}
            uploads={uploads}
            submitLabel="Save"
          />
        </StaffSection>
      )}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

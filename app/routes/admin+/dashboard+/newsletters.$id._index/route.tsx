// Long because a newsletter's page does several things staff expect on one screen: edit the
// draft, preview it, send a test, schedule it, send it, and watch its progress (reload link
// without JavaScript, revalidation with it).
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { IntentForm } from "~/components/admin/intent-form";
import { BackLink } from "~/components/admin/back-link";
import { NewsletterForm } from "~/components/admin/newsletter-form";
import { NewsletterState } from "~/components/admin/newsletter-state";
import { StaffSection } from "~/components/admin/table";
import { TextField } from "~/components/ui/form";
import { newsletterStaff } from "~/content/newsletters";
import { site } from "~/content/site";
import { readFormData } from "~/infra/body.server";
import { getEnv } from "~/infra/env.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { newsletterDraftSchema, newsletterScheduleSchema, newsletterTestSchema } from "~/schemas/newsletters";
import { setFlash, takeFlash } from "~/services/flash.server";
import {
  composeChoices,
  confirmedRecipientCount,
  newsletterProgress,
  newsletterWebPath,
  previewNewsletter,
  requireNewsletter,
  saveNewsletterDraft,
  scheduleNewsletter,
  sendNewsletterTest,
} from "~/services/newsletter-issues.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDateTime, fromLondonLocal, toLondonLocal } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data ? `Newsletter: ${data.newsletter.subject}` : "Newsletter",
    description: `A newsletter of ${site.name}.`,
    noindex: true,
  });

/** How often the page asks for fresh progress while messages are queued (with JavaScript). */
const PROGRESS_POLL_MS = 5_000;

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
  const preview = previewNewsletter(newsletter);
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
    },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireRole(request, "newsletters");
  const newsletter = await requireNewsletter(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "save") {
    const body = formData.get("body");
    if (typeof body === "string") formData.set("body", body.replace(/\r\n?/g, "\n"));
    const submission = parseWithZod(formData, { schema: newsletterDraftSchema });
    if (submission.status !== "success") return json({ intent, result: submission.reply(), notice: null }, 400);
    const saved = await saveNewsletterDraft(newsletter.id, submission.value, user.username);
    if (!saved.ok) {
      const reply = submission.reply(
        saved.field ? { fieldErrors: { [saved.field]: [saved.message] } } : { formErrors: [saved.message] },
      );
      return json({ intent, result: reply, notice: null }, 400);
    }
    return redirect(adminPaths.newsletter(newsletter.id), {
      status: 303,
      headers: { "Set-Cookie": await setFlash("newsletter-saved") },
    });
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
    const done = await scheduleNewsletter(newsletter.id, fromLondonLocal(submission.value.send_at)!, user.username);
    if (!done.ok) {
      return json(
        { intent, result: submission.reply({ fieldErrors: { send_at: [done.message] } }), notice: null },
        400,
      );
    }
    return json({ intent, result: submission.reply(), notice: newsletterStaff.scheduled });
  }

  if (intent === "unschedule") {
    const done = await scheduleNewsletter(newsletter.id, null, user.username);
    return json(
      { intent, result: null, notice: done.ok ? newsletterStaff.unscheduled : done.message },
      done.ok ? 200 : 409,
    );
  }

  return json({ intent: null, result: null, notice: "Unknown action." }, 400);
}

function Progress({
  id,
  progress,
  recipientCount,
}: {
  id: number;
  progress: { queued: number; sent: number; failed: number };
  recipientCount: number | null;
}) {
  const revalidator = useRevalidator();
  const sending = progress.queued > 0;
  // With JavaScript, fresh figures every few seconds while messages wait; without it, the link.
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const items: [string, number][] = [
    ["Queued", progress.queued],
    ["Sent", progress.sent],
    ["Failed", progress.failed],
  ];
  return (
    <>
      <p className="mt-2">
        {sending ? "Sending" : "Done"}: queued for {recipientCount ?? 0}{" "}
        {recipientCount === 1 ? "subscriber" : "subscribers"}, at most MAIL_MAX_PER_MINUTE a minute.
      </p>
      <dl className="mt-3 flex flex-wrap gap-4" aria-live="polite">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-300 px-4 py-2 dark:border-slate-600">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 flex flex-wrap gap-4">
        <a href={adminPaths.newsletter(id)} className="link">
          Reload the figures
        </a>
        {progress.failed > 0 ? (
          <Link to={`${adminPaths.mail}?status=failed`} className="link">
            Failed messages in the mail log (retry there)
          </Link>
        ) : null}
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        A message refused for good (the address does not exist) is not retried; an address refused for two newsletters
        in a row gets no more until it subscribes again. The mail log keeps messages for 30 days.
      </p>
    </>
  );
}

function TestForm({ staffEmail }: { staffEmail: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "newsletter-test",
    lastResult: actionData?.intent === "test" ? actionData.result : undefined,
    defaultValue: { to: staffEmail },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterTestSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <IntentForm
      form={form}
      intent="test"
      note={
        <>
          Filled in with your account&apos;s address (or STAFF_EMAIL when your account has none). The test goes to this
          one address only, marked “[Test]”.
        </>
      }
    >
      <TextField meta={fields.to} label="Your e-mail address" type="email" autoComplete="email" className="flex-1" />
      <button type="submit" className="btn-secondary sm:mt-7">
        Send me a test
      </button>
    </IntentForm>
  );
}

function ScheduleForm({ scheduledAt }: { scheduledAt: string | null }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "newsletter-schedule",
    lastResult: actionData?.intent === "schedule" ? actionData.result : undefined,
    defaultValue: { send_at: scheduledAt ? toLondonLocal(scheduledAt) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterScheduleSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <IntentForm form={form} intent="schedule" className="mt-4 max-w-xl">
      <TextField meta={fields.send_at} label="Send at (UK time)" type="datetime-local" className="flex-1" />
      <button type="submit" className="btn-secondary sm:mt-7">
        {scheduledAt ? "Change the time" : "Schedule"}
      </button>
    </IntentForm>
  );
}

export default function NewsletterPage() {
  const { newsletter, uploads, recipients, progress, previewText, flash, staffEmail, mailConfigured } =
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
          No mail server is configured (SMTP_URL is not set): messages wait in the mail log.
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
          <Progress id={newsletter.id} progress={progress} recipientCount={newsletter.recipientCount} />
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
          <ScheduleForm scheduledAt={newsletter.scheduledAt} />
        </StaffSection>
      )}

      <StaffSection id="test" title="Send me a test" size="lg">
        <TestForm staffEmail={staffEmail} />
      </StaffSection>

      <StaffSection id="preview" title="Preview" size="lg">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          The message as subscribers get it; each has their own unsubscribe link where this one says “example”.{" "}
          <a href={adminPaths.newsletterPreview(newsletter.id)} className="link" target="_blank" rel="noreferrer">
            Open the HTML version on its own<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        <h4 className="mt-4 font-semibold">HTML version</h4>
        <iframe
          title="HTML version of the e-mail"
          src={adminPaths.newsletterPreview(newsletter.id)}
          sandbox=""
          className="mt-2 h-[36rem] w-full rounded-md border border-slate-300 bg-white dark:border-slate-600"
        />
        <h4 className="mt-4 font-semibold">Text version</h4>
        <pre className="mt-2 overflow-x-auto rounded-md border border-slate-300 bg-slate-50 p-4 font-mono text-sm break-words whitespace-pre-wrap dark:border-slate-600 dark:bg-slate-900">
          {previewText}
        </pre>
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

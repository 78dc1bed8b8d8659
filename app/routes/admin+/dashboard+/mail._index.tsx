import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { IntentForm } from "~/components/admin/intent-form";
import { MailStatus } from "~/components/admin/mail-status";
import { Pagination } from "~/components/admin/pagination";
import { listCell, listRow, StaffSection, StaffTable } from "~/components/admin/table";
import { FormError, TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { mailLogPage } from "~/mail/index.server";
import { mailTestSchema } from "~/mail/schemas/mail-test";
import { queueTestMail, retryFailedMail } from "~/mail/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { assertPageExists, requirePage } from "~/routes/_glue/page-param.server";
import { PAGE_SIZE, pageCount } from "~/utils/pagination";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Mail log", description: `Messages sent by ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "mail");
  const page = requirePage(request);
  // ?status=failed (the overview's link) shows only the messages that need a retry.
  const failedOnly = new URL(request.url).searchParams.get("status") === "failed";
  const { rows, total } = await mailLogPage(page, PAGE_SIZE, failedOnly);
  assertPageExists(page, total);
  const { SMTP_URL, STAFF_EMAIL } = getEnv();
  return json({
    messages: rows,
    failedOnly,
    page,
    pages: pageCount(total),
    total,
    mailConfigured: Boolean(SMTP_URL),
    staffEmail: STAFF_EMAIL ?? null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form: formData } = await staffAction(request, "mail");
  if (formData.get("intent") === "retry") {
    const id = Number(formData.get("id"));
    const done = Number.isSafeInteger(id) && id > 0 && (await retryFailedMail(id));
    if (!done) return json({ notice: null, error: "That message is not a failed one (any more)." }, { status: 404 });
    logger.info({ event: "mail.retried", mail_id: id, user_id: user.id }, "Failed mail queued again by staff");
    return json({ notice: `Message ${id} is queued again.`, error: null });
  }
  const submission = parseWithZod(formData, { schema: mailTestSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), notice: null, error: null }, { status: 400 });
  }
  const to = submission.value.to ?? getEnv().STAFF_EMAIL;
  if (!to) {
    return json(
      {
        result: submission.reply({ fieldErrors: { to: ["Enter an address: no address for staff alerts is set up."] } }),
        notice: null,
        error: null,
      },
      { status: 400 },
    );
  }
  const id = await queueTestMail(to);
  logger.info({ event: "mail.test_queued", mail_id: id, user_id: user.id }, "Test message queued");
  return json({
    result: submission.reply({ resetForm: true }),
    notice: `Test message queued (number ${id}).`,
    error: null,
  });
}

function TestMailForm({ staffEmail }: { staffEmail: string | null }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "mail-test",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mailTestSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <IntentForm form={form} intent="test">
      <TextField
        meta={fields.to}
        label={staffEmail ? `Address (empty: ${staffEmail})` : "Address"}
        type="email"
        className="flex-1"
      />
      <button type="submit" className="btn-primary sm:mt-7">
        Send test message
      </button>
    </IntentForm>
  );
}

export default function MailLog() {
  const { messages, failedOnly, page, pages, total, mailConfigured, staffEmail } = useLoaderData<typeof loader>();
  const listPath = (n: number) => {
    const params = new URLSearchParams(failedOnly ? { status: "failed" } : {});
    if (n > 1) params.set("page", String(n));
    const query = params.toString();
    return query ? `${adminPaths.mail}?${query}` : adminPaths.mail;
  };
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 className="text-2xl font-semibold">Mail log</h2>
      {failedOnly ? (
        <p className="mt-2">
          Showing failed messages only.{" "}
          <Link to={adminPaths.mail} className="link">
            Show every message
          </Link>
        </p>
      ) : null}
      {mailConfigured ? null : (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          No mail server is set up for this site yet, so nothing is sent: messages wait here, queued, and you can read
          them.
        </p>
      )}
      <p role="status" className="mt-3 font-medium text-brand-800 dark:text-brand-200">
        {actionData?.notice ?? ""}
      </p>
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      <StaffSection id="mail-test" title="Send a test message" size="lg" className="mt-4">
        <TestMailForm staffEmail={staffEmail} />
      </StaffSection>
      <StaffSection id="mail-list" title={`Messages (${total})`} size="lg">
        {messages.length === 0 ? (
          <p className="mt-3 text-slate-700 dark:text-slate-300">No messages yet.</p>
        ) : (
          <StaffTable
            className="mt-3"
            caption="Messages"
            stacked
            columns={[
              "Created",
              "To and subject",
              "Status",
              "Tries",
              "Next attempt or sent",
              "Last error",
              { key: "actions", label: <span className="sr-only">Actions</span> },
            ]}
          >
            {messages.map((m) => (
              <tr key={m.id} className={listRow}>
                <td data-label="Created" className={`${listCell} whitespace-nowrap`}>
                  {formatDateTime(m.createdAt)}
                </td>
                <td data-label="To and subject" className={`${listCell} min-w-48 break-words`}>
                  <Link to={adminPaths.mailMessage(m.id)} className="link">
                    {m.subject}
                  </Link>
                  <br />
                  <span className="break-all text-slate-700 dark:text-slate-300">{m.toAddress}</span>
                </td>
                <td data-label="Status" className={listCell}>
                  <MailStatus status={m.status} />
                </td>
                <td data-label="Tries" className={listCell}>
                  {m.tries}
                </td>
                <td data-label="Next attempt or sent" className={`${listCell} whitespace-nowrap`}>
                  {m.status === "sent" && m.sentAt
                    ? formatDateTime(m.sentAt)
                    : m.status === "queued"
                      ? formatDateTime(m.nextAttemptAt)
                      : "—"}
                </td>
                <td data-label="Last error" className={`${listCell} break-words`}>
                  {m.lastError ?? ""}
                </td>
                <td className={listCell}>
                  {m.status === "failed" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="id" value={m.id} />
                      <button type="submit" className="btn-secondary" disabled={busy}>
                        Retry<span className="sr-only"> message {m.id}</span>
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
        <Pagination page={page} lastPage={pages} href={listPath} label="Mail log pages" />
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { MailStatus } from "~/components/admin/mail-status";
import { site } from "~/content/site";
import { findMail } from "~/mail/index.server";
import { currentSender } from "~/mail/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { findRecordOr404 } from "~/utils/record-id";
import { withholdSecretLinks } from "~/utils/secret-links";
import { BackLink } from "~/components/admin/back-link";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Mail message", description: `A message sent by ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "mail");
  const row = await findRecordOr404(params.id, findMail, "There is no message with this number.");
  return json({
    message: {
      id: row.id,
      kind: row.kind,
      to: row.toAddress,
      from: await currentSender(),
      subject: row.subject,
      // Single-use links (invitations, resets, statements, newsletter links) are credentials: never shown here.
      text: withholdSecretLinks(row.textBody),
      headers: row.headers
        ? Object.fromEntries(
            Object.entries(JSON.parse(row.headers) as Record<string, string>).map(([name, value]) => [
              name,
              withholdSecretLinks(value),
            ]),
          )
        : {},
      status: row.status,
      tries: row.tries,
      nextAttemptAt: row.nextAttemptAt,
      lastError: row.lastError,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
    },
  });
}

export default function MailMessage() {
  const { message } = useLoaderData<typeof loader>();
  const fields: [string, string][] = [
    ["To", message.to],
    // The display name is the charity's name in Settings when the message goes.
    [message.status === "sent" ? "From (the name as in Settings now)" : "From", message.from],
    ["Subject", message.subject],
    ["Kind", message.kind],
    ["Created", formatDateTime(message.createdAt)],
    ["Tries", String(message.tries)],
    ...(message.sentAt ? [["Sent", formatDateTime(message.sentAt)] as [string, string]] : []),
    ...(message.status === "queued"
      ? [["Next attempt", formatDateTime(message.nextAttemptAt)] as [string, string]]
      : []),
    ...(message.lastError ? [["Last error", message.lastError] as [string, string]] : []),
    ...Object.entries(message.headers),
  ];
  return (
    <>
      <BackLink to={adminPaths.mail}>Back to the mail log</BackLink>
      <h2 className="mt-4 flex flex-wrap items-center gap-3 text-2xl font-semibold break-words">
        Message {message.id} <MailStatus status={message.status} />
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {message.status === "failed" ? (
        <Form method="post" action={`${adminPaths.mail}?index`} className="mt-4">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="id" value={message.id} />
          <button type="submit" className="btn-primary">
            Retry
          </button>
        </Form>
      ) : null}
      <section aria-labelledby="mail-text-heading" className="mt-6">
        <h3 id="mail-text-heading" className="text-lg font-semibold">
          Text part
        </h3>
        <pre className="mt-2 overflow-x-auto rounded-md border border-slate-300 bg-slate-50 p-4 font-mono text-sm whitespace-pre-wrap break-words dark:border-slate-600 dark:bg-slate-900">
          {message.text}
        </pre>
      </section>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

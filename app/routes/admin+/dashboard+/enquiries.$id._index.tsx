import { useIsPending } from "~/utils/pending";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { ConfirmForm } from "~/components/admin/confirm-form";
import { EnquiryStatusBadge } from "~/components/admin/enquiry-status";
import { dangerButtonClass } from "~/components/admin/styles";
import { FormError } from "~/components/ui/form";
import { contactSubjectLabel, isContactSubject } from "~/content/contact";
import { enquiryMessages } from "~/content/enquiries";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { findEnquiry } from "~/supporters/index.server";
import { historyOf } from "~/site/index.server";
import { enquiryIntentSchema } from "~/supporters/schemas/enquiry";
import { changeEnquiryStatus } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";
import { replyMailtoUrl } from "~/utils/contact-handoff";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Enquiry", description: `A contact enquiry to ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "enquiries");
  const enquiry = await findRecordOr404(params.id, findEnquiry, enquiryMessages.notFound);
  const subjectLabel = isContactSubject(enquiry.subject) ? contactSubjectLabel(enquiry.subject) : enquiry.subject;
  return json({
    enquiry: { ...enquiry, subjectLabel, replyHref: replyMailtoUrl(enquiry.email, subjectLabel) },
    history: await historyOf("enquiry", enquiry.id),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "enquiries");
  const id = requireRecordId(params.id, enquiryMessages.notFound);
  const intent = form.get("intent");
  const parsed = enquiryIntentSchema.safeParse({ intent: intent ?? undefined });
  if (!parsed.success) return json({ error: "Choose Mark as handled or Reopen." }, { status: 400 });
  const outcome = await changeEnquiryStatus(id, parsed.data.intent === "handled" ? "handled" : "new", user.username);
  if (outcome === "missing") throw notFound(enquiryMessages.notFound);
  return redirect(adminPaths.enquiry(id), 303);
}

export default function EnquiryDetail() {
  const { enquiry, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending();

  return (
    <>
      <p>
        <Link to={adminPaths.enquiries} className="link">
          ← All enquiries
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold break-words">{enquiry.subjectLabel}</h2>
        <EnquiryStatusBadge status={enquiry.status} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">From</dt>
        <dd className="break-words">{enquiry.name}</dd>
        <dt className="font-medium">E-mail</dt>
        <dd className="break-all">{enquiry.email}</dd>
        <dt className="font-medium">Received</dt>
        <dd>
          <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
        </dd>
        <dt className="font-medium">Sent with</dt>
        <dd>{enquiry.channel === "whatsapp" ? "WhatsApp" : "E-mail"}</dd>
        {enquiry.handledAt ? (
          <>
            <dt className="font-medium">Handled</dt>
            <dd>
              <time dateTime={enquiry.handledAt}>{formatDateTime(enquiry.handledAt)}</time>
            </dd>
          </>
        ) : null}
      </dl>

      <h3 className="mt-6 text-lg font-semibold">Message</h3>
      {/* Text, never HTML; line breaks kept by CSS. */}
      <p className="mt-2 rounded-md border border-slate-200 bg-white p-4 whitespace-pre-wrap break-words dark:border-slate-700 dark:bg-slate-900">
        {enquiry.message}
      </p>

      <div className="mt-4">
        <FormError errors={actionData?.error ? [actionData.error] : null} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={enquiry.replyHref} className="btn-primary">
          Reply<span className="sr-only"> to {enquiry.name} by e-mail</span>
        </a>
        <Form method="post">
          {enquiry.status === "new" ? (
            <button type="submit" name="intent" value="handled" className="btn-secondary" disabled={busy}>
              Mark as handled
            </button>
          ) : (
            <button type="submit" name="intent" value="reopen" className="btn-secondary" disabled={busy}>
              Reopen
            </button>
          )}
        </Form>
        <ConfirmForm action={adminPaths.deleteEnquiry(enquiry.id)} question={enquiryMessages.deleteConfirmation}>
          <button type="submit" className={dangerButtonClass}>
            Delete
          </button>
        </ConfirmForm>
      </div>

      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

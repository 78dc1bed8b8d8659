import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { StaffSection } from "~/components/admin/table";
import { VolunteerStatusBadge } from "~/components/admin/volunteer-status";
import { CheckboxField, TextareaField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import {
  nextVolunteerStatuses,
  volunteerKindLabels,
  volunteerMailStaff,
  volunteerStaff as copy,
  volunteerStatusLabels,
  type VolunteerStatus,
} from "~/content/volunteers";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { volunteerStatusSchema } from "~/supporters/schemas/volunteer";
import { takeFlash } from "~/site/index.server";
import { changeVolunteerStatus, findVolunteerApplication, VolunteerError } from "~/supporters/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime, formatLongDateTime } from "~/utils/dates";
import { PhoneLink } from "~/components/phone-link";
import { useIsPending } from "~/utils/pending";
import { pageMeta } from "~/utils/meta";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";

// One application: what the applicant sent, its status with the buttons that move it on (each
// change through staffAction, kept in the history with who, when and the note), and its history.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Volunteer application", description: `An application to ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "volunteers");
  const application = await findRecordOr404(params.id, findVolunteerApplication, copy.notFound);
  const flash = await takeFlash(request);
  return json(
    { application, next: nextVolunteerStatuses(application.status), notice: flash.message },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "volunteers", { schema: volunteerStatusSchema });
  const id = requireRecordId(params.id, copy.notFound);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  let emailed = false;
  try {
    ({ emailed } = await changeVolunteerStatus(
      id,
      submission.value.status,
      submission.value.note,
      user.username,
      undefined,
      { emailApplicant: submission.value.emailApplicant },
    ));
  } catch (error) {
    if (!(error instanceof VolunteerError)) throw error;
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  return savedRedirect(adminPaths.volunteer(id), emailed ? "volunteer-status-emailed" : "volunteer-status");
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="break-words whitespace-pre-wrap">{children}</dd>
    </>
  );
}

/** The status buttons and the note; keyed by the history's length, so a saved change starts it afresh. */
function StatusForm({ next }: { next: VolunteerStatus[] }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "volunteer-status",
    lastResult: actionData?.result,
    constraint: getZodConstraint(volunteerStatusSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: volunteerStatusSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = useIsPending({ state: "submitting" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl space-y-4">
      <ErrorSummary form={form} />
      <TextareaField meta={fields.note} label={copy.noteLabel} rows={3} optional hint={copy.noteHint} />
      <div>
        <CheckboxField meta={fields.emailApplicant} label={volunteerMailStaff.emailApplicant} />
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {volunteerMailStaff.emailApplicantHint}{" "}
          <Link to={adminPaths.volunteerMails} className="link">
            {volunteerMailStaff.link}
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        {next.map((status) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={status}
            className={status === "declined" || status === "inactive" ? "btn-secondary" : "btn-primary"}
            disabled={busy}
          >
            Mark as {volunteerStatusLabels[status]}
          </button>
        ))}
      </div>
    </Form>
  );
}

export default function VolunteerApplicationPage() {
  const { application: a, next, notice } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to={adminPaths.volunteers}>All applications</BackLink>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold break-words">{a.name}</h2>
        <VolunteerStatusBadge status={a.status} />
      </div>
      <p role="status" className="mt-3 font-medium text-brand-800 dark:text-brand-200">
        {notice ?? ""}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <Detail term="Applied for">{volunteerKindLabels[a.kind]}</Detail>
        <Detail term="Received">
          <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
        </Detail>
        <Detail term="E-mail">
          <a href={`mailto:${a.email}`} className="link break-all">
            {a.email}
          </a>
        </Detail>
        <Detail term="Phone">
          <PhoneLink number={a.phone} none="Not given" />
        </Detail>
        <Detail term="Postcode district">{a.district}</Detail>
        <Detail term="Availability">{a.availability}</Detail>
        <Detail term="Interests">{a.interests.join(", ") || "None ticked"}</Detail>
        <Detail term="Experience">{a.experience || "Not given"}</Detail>
        <Detail term="Why">{a.why}</Detail>
        <Detail term="Consent">{a.consentText}</Detail>
      </dl>

      <StaffSection id="status" title="Status">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Now <strong>{volunteerStatusLabels[a.status]}</strong>. {copy.statusIntro}
        </p>
        <StatusForm key={a.history.length} next={next} />
      </StaffSection>

      <StaffSection id="history" title="History">
        <ol className="mt-3 space-y-2">
          <li className="text-sm text-slate-800 dark:text-slate-200">
            <time dateTime={a.createdAt} className="font-medium">
              {formatLongDateTime(a.createdAt)}
            </time>
            {" · "}Application received
          </li>
          {a.history.map((change) => (
            <li key={change.id} className="text-sm text-slate-800 dark:text-slate-200">
              <time dateTime={change.createdAt} className="font-medium">
                {formatLongDateTime(change.createdAt)}
              </time>
              {" · "}
              {volunteerStatusLabels[change.fromStatus]} → {volunteerStatusLabels[change.toStatus]} by {change.actor}
              {change.note ? (
                <p className="mt-1 ml-4 border-l-2 border-slate-300 pl-3 whitespace-pre-wrap break-words dark:border-slate-600">
                  {change.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

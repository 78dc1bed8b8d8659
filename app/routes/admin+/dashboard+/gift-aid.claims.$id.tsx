// Long because a batch's page holds its figures, its schedule, and both ways to HMRC: marking it
// submitted by hand, or "Submit to HMRC" with its confirmation, its state and HMRC's answers.
import { londonToday } from "~/infra/clock.server";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import {
  GatewayNote,
  HmrcSubmissions,
  submissionStateWords,
  SubmitToHmrcConfirm,
} from "~/components/admin/hmrc-submission";
import {
  HmrcSubmissionError,
  hmrcConfig,
  hmrcGateway,
  planSubmission,
  removeRefusedLines,
  startSubmission,
  submissionsOfClaim,
} from "~/gift-aid/index.server";
import { AuditTrail } from "~/components/admin/audit-trail";
import { dangerButtonClass } from "~/components/admin/styles";
import { figuresRow, StaffSection, StaffTable } from "~/components/admin/table";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FormError, TextField } from "~/components/ui/form";
import { GIFT_AID_ROUNDING_NOTE, giftAidStaff } from "~/content/gift-aid-staff";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { historyOf } from "~/site/index.server";
import { markSubmittedSchema } from "~/gift-aid/schemas/gift-aid";
import { ConfirmForm } from "~/components/admin/confirm-form";
import { ConfirmDeletePanel } from "~/components/admin/confirm-delete";
import { isConfirmed } from "~/utils/confirmation";
import { GiftAidError } from "~/gift-aid/index.server";
import { deleteClaimBatch, getClaimDetail, markClaimSubmitted } from "~/gift-aid/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";
import { formatLongDate } from "~/utils/dates";
import { SCHEDULE_HEADER } from "~/gift-aid/utils/gift-aid";
import { HMRC_SCHEDULE_TEMPLATE, schedulePartCount } from "~/gift-aid/utils/gift-aid-schedule";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { BackLink } from "~/components/admin/back-link";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Gift Aid claim batch", description: `A Gift Aid claim batch of ${site.name}.`, noindex: true });

const NOT_FOUND = "There is no such claim batch.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const detail = await findRecordOr404(params.id, getClaimDetail, NOT_FOUND);
  const submissions = await submissionsOfClaim(detail.claim.id);
  const hmrcOn = hmrcConfig() !== null;
  return json({
    ...detail,
    today: londonToday(),
    history: await historyOf("claim", detail.claim.id),
    hmrcOn,
    gateway: hmrcGateway(),
    plan: hmrcOn && !detail.claim.submittedOn ? await planSubmission(detail.claim.id) : null,
    submissions: submissions.map(({ submission, errors, heldBack, messages }) => ({
      submission,
      errors,
      heldBack,
      messages: messages.map(({ id, direction, kind, at }) => ({ id, direction, kind, at })),
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "gift-aid");
  const id = requireRecordId(params.id, NOT_FOUND);
  try {
    if (form.get("intent") === "hmrc") {
      // Asked first on the page (?confirm=hmrc), which posts confirmed=yes.
      if (!isConfirmed(form)) return redirect(`${adminPaths.giftAidClaim(id)}?confirm=hmrc#hmrc`, 303);
      await startSubmission(id, user.username, { includeGasds: form.get("gasds") === "yes" });
      return redirect(adminPaths.giftAidClaim(id), 303);
    }
    if (form.get("intent") === "remove-refused") {
      await removeRefusedLines(id, user.username);
      return redirect(adminPaths.giftAidClaim(id), 303);
    }
    if (form.get("intent") === "delete") {
      // Without JavaScript nobody was asked yet: the page asks first (confirmed=yes on the answer).
      if (!isConfirmed(form)) return json({ result: null, error: null, confirmDelete: true });
      await deleteClaimBatch(id, user.username);
      return redirect(adminPaths.giftAid, 303);
    }
    const submission = parseWithZod(form, { schema: markSubmittedSchema(londonToday()) });
    if (submission.status !== "success")
      return json({ result: submission.reply(), error: null, confirmDelete: false }, { status: 400 });
    await markClaimSubmitted(id, submission.value.submittedOn, user.username);
    return redirect(adminPaths.giftAidClaim(id), 303);
  } catch (error) {
    if (error instanceof GiftAidError || error instanceof HmrcSubmissionError)
      return json({ result: null, error: error.message, confirmDelete: false }, { status: error.status });
    throw error;
  }
}

/** Deleting a draft batch asks first: with JavaScript in a dialog, without it on the page. */
function DeleteBatch({ id }: { id: number }) {
  const actionData = useActionData<typeof action>();
  const question = `Delete Gift Aid claim batch ${id}? Its payments become claimable again.`;
  if (actionData && "confirmDelete" in actionData && actionData.confirmDelete) {
    return (
      <ConfirmDeletePanel
        questionId="delete-batch-question"
        question={question}
        hidden={{ intent: "delete" }}
        deleteLabel="Delete the batch"
        cancelTo={adminPaths.giftAidClaim(id)}
      />
    );
  }
  return (
    <ConfirmForm
      action={adminPaths.giftAidClaim(id)}
      question={question}
      hidden={{ intent: "delete" }}
      className="mt-6"
    >
      <button type="submit" className={dangerButtonClass}>
        Delete this batch (its payments become claimable again)
      </button>
    </ConfirmForm>
  );
}

function SubmitForm({ today }: { today: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "mark-submitted",
    lastResult: actionData?.result ?? null,
    defaultValue: { submittedOn: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: markSubmittedSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <ErrorSummary form={form} className="mt-4" />
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="submit" />
        <TextField meta={fields.submittedOn} label="Date submitted to HMRC" type="date" />
        <button type="submit" className="btn-primary">
          Mark as submitted
        </button>
      </Form>
    </>
  );
}

function SendToHmrc() {
  const { claim, plan, submissions, gateway } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const latest = submissions[0]?.submission;
  const live = latest && ["submitted", "polling", "accepted"].includes(latest.state);
  return (
    <StaffSection id="hmrc" title="Submit to HMRC">
      <GatewayNote gateway={gateway} />
      <HmrcSubmissions views={submissions} />
      {latest && (latest.state === "submitted" || latest.state === "polling") ? (
        <p className="mt-3">
          <Link className="underline" to={adminPaths.giftAidClaim(claim.id)}>
            Check for HMRC's answer
          </Link>
        </p>
      ) : null}
      {latest?.state === "rejected" &&
      !claim.submittedOn &&
      submissions[0].errors.some((e) => e.declarationId !== null) ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="remove-refused" />
          <button type="submit" className="btn-secondary">
            Take the lines HMRC refused out of this batch
          </button>
        </Form>
      ) : null}
      {plan && !live ? (
        plan.blockers.length > 0 ? (
          <ul className="mt-3 list-disc pl-5 text-slate-700 dark:text-slate-300">
            {plan.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        ) : params.get("confirm") === "hmrc" ? (
          <SubmitToHmrcConfirm claimId={claim.id} plan={plan} />
        ) : (
          <p className="mt-3">
            <Link to={`${adminPaths.giftAidClaim(claim.id)}?confirm=hmrc#hmrc`} className="btn-primary">
              {latest?.state === "rejected" || latest?.state === "error" ? "Submit to HMRC again" : "Submit to HMRC"}
            </Link>
          </p>
        )
      ) : null}
    </StaffSection>
  );
}

function statusOf(
  claim: { submittedOn: string | null; hmrcReceipt: string | null },
  latest: { state: string; gatewayTest: number } | undefined,
) {
  if (claim.hmrcReceipt) return `Accepted by HMRC ${claim.submittedOn ? formatLongDate(claim.submittedOn) : ""}`.trim();
  if (claim.submittedOn) return `Submitted ${formatLongDate(claim.submittedOn)}`;
  if (latest) return submissionStateWords(latest.state, latest.gatewayTest);
  return "Not submitted";
}

export default function ClaimBatch() {
  const { claim, items, today, history, hmrcOn, submissions } = useLoaderData<typeof loader>();
  const odsParts = schedulePartCount(items.length);
  const actionData = useActionData<typeof action>();
  const latest = submissions[0]?.submission;
  const latestState = latest?.state;
  const sending = latestState === "submitted" || latestState === "polling";
  return (
    <>
      <BackLink to={adminPaths.giftAid}>Back to Gift Aid</BackLink>
      <h2 className="mt-4 text-2xl font-semibold">Claim batch {claim.id}</h2>
      {claim.refundNote ? (
        <div
          role="note"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">A payment in this batch was refunded: HMRC must be told.</p>
          <p className="mt-1 whitespace-pre-line">{claim.refundNote}</p>
        </div>
      ) : null}
      <dl className="mt-4 grid gap-4 sm:grid-cols-4">
        {[
          ["Payments", String(claim.itemCount)],
          ["Total donations", formatPence(claim.totalPence)],
          ["Gift Aid to claim", formatPence(claim.giftAidPence)],
          ...(claim.adjustmentPence > 0
            ? [["Adjustment: over-claimed before", `− ${formatPence(claim.adjustmentPence)}`]]
            : []),
          ["Status", statusOf(claim, latest)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        Made {formatLongDate(claim.createdAt)} by {claim.createdBy}. {GIFT_AID_ROUNDING_NOTE}
      </p>

      {actionData?.error ? (
        <div className="mt-4">
          <FormError errors={[actionData.error]} />
        </div>
      ) : null}

      <StaffSection id="schedule" title="HMRC schedule">
        <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{giftAidStaff.scheduleNote}</p>
        <p className="mt-3 flex flex-wrap gap-3">
          {Array.from({ length: odsParts }, (_, i) => i + 1).map((part) => (
            <a key={part} href={adminPaths.giftAidScheduleOds(claim.id, part)} className="btn-primary" download>
              {odsParts === 1
                ? "Download the schedule (OpenDocument, .ods)"
                : `Download schedule ${part} of ${odsParts} (OpenDocument, .ods, rows ${(part - 1) * HMRC_SCHEDULE_TEMPLATE.rowsPerSheet + 1} to ${Math.min(part * HMRC_SCHEDULE_TEMPLATE.rowsPerSheet, items.length)})`}
            </a>
          ))}
          <a href={adminPaths.giftAidSchedule(claim.id)} className="btn-secondary" download>
            Download the schedule (CSV)
          </a>
        </p>
        <StaffTable
          look="dense"
          className="mt-4"
          caption={`Schedule rows of batch ${claim.id}`}
          columns={SCHEDULE_HEADER}
        >
          {items.map((item) => (
            <tr key={item.id} className={figuresRow}>
              {item.cells.map((cell, index) => (
                <td key={SCHEDULE_HEADER[index]} className="px-2 py-2 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </StaffTable>
      </StaffSection>

      {hmrcOn || submissions.length > 0 ? <SendToHmrc /> : null}

      <StaffSection id="submit" title="Submission">
        {claim.submittedOn ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{giftAidStaff.submittedLocked}</p>
        ) : sending ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            This batch is being sent to HMRC: it cannot change until HMRC answers.
          </p>
        ) : (
          <>
            <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
              When you have sent this schedule to HMRC, record the date: the batch then can no longer change.
            </p>
            <SubmitForm today={today} />
            <DeleteBatch id={claim.id} />
          </>
        )}
      </StaffSection>

      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

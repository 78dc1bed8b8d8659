import { Link } from "@remix-run/react";
import { ConfirmedForm } from "~/components/admin/confirm-form";
import { adminPaths } from "~/utils/admin-paths";
import { formatPence } from "~/utils/money";

// The batch page's "Submit to HMRC" part: the confirmation with the figures, the lines held back
// with their reasons and a link to fix each, and each submission's state, receipt or errors.

export interface HeldBackLineView {
  itemId: number;
  declarationId: number;
  donor: string;
  amountPence: number;
  problems: string[];
}

export interface SubmissionPlanView {
  lines: unknown[];
  heldBack: HeldBackLineView[];
  totalPence: number;
  giftAidPence: number;
  adjustmentPence: number;
  blockers: string[];
  gasds: { year: number; label: string; amountPence: number; topUpPence: number } | null;
}

export interface SubmissionErrorView {
  number: string;
  type: string;
  text: string;
  line: number | null;
  declarationId: number | null;
}

export interface SubmissionViewData {
  submission: {
    id: number;
    state: string;
    irmark: string;
    correlationId: string | null;
    receipt: string | null;
    problem: string | null;
    createdAt: string;
    createdBy: string;
    lineCount: number;
    totalPence: number;
    giftAidPence: number;
    /** 1: sent with GatewayTest 1, a test that claims nothing. */
    gatewayTest: number;
  };
  errors: SubmissionErrorView[];
  heldBack: HeldBackLineView[];
  messages: { id: number; direction: string; kind: string; at: string }[];
}

const STATE_WORDS: Record<string, string> = {
  submitted: "Sending to HMRC",
  polling: "Sent: waiting for HMRC's answer",
  accepted: "Accepted by HMRC",
  rejected: "Rejected by HMRC",
  error: "Not completed",
};

/** A test submission's states (HMRC_GATEWAY_TEST=1): never "accepted", never a claim. */
const TEST_STATE_WORDS: Record<string, string> = {
  submitted: "Test only: sending to HMRC's test service",
  polling: "Test only: sent to HMRC's test service, waiting for its answer",
  tested: "Test only: HMRC's test service found no errors (nothing was claimed)",
  rejected: "Test only: HMRC's test service found errors (nothing was claimed)",
  error: "Test only: not completed",
};

/** A submission's state in words, a test's labelled as such. */
export function submissionStateWords(state: string, gatewayTest: boolean | number): string {
  return (gatewayTest ? TEST_STATE_WORDS[state] : STATE_WORDS[state]) ?? state;
}

/** Which gateway this server sends to, for the Gift Aid pages. */
export function GatewayNote({ gateway }: { gateway: "production" | "test" | null }) {
  if (gateway === null) {
    return (
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        HMRC gateway: not set up on this server (upload the schedule in Charities Online by hand).
      </p>
    );
  }
  if (gateway === "test") {
    return (
      <p
        role="note"
        className="mt-2 max-w-3xl rounded-md bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        <strong>HMRC gateway: test service</strong> (HMRC_GATEWAY_TEST=1). A submission from this server is a test: HMRC
        checks it and claims nothing, and the batch stays open to be claimed for real.
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
      HMRC gateway: production. Submissions from this server are real claims.
    </p>
  );
}

function HeldBack({ lines }: { lines: HeldBackLineView[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="mt-4 rounded-md border border-amber-300 p-4 dark:border-amber-700">
      <h4 className="font-semibold">Lines held back (HMRC would refuse them)</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={line.itemId}>
            {line.donor}, {formatPence(line.amountPence)}: {line.problems.join("; ")}.{" "}
            <Link className="underline" to={adminPaths.giftAidDeclaration(line.declarationId)}>
              Fix the declaration of {line.donor}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        They leave this batch when it is sent, and are claimable again once fixed.
      </p>
    </div>
  );
}

export function SubmitToHmrcConfirm({ claimId, plan }: { claimId: number; plan: SubmissionPlanView }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="hmrc-question"
      className="mt-4 rounded-md border p-4 dark:border-slate-600"
    >
      <p id="hmrc-question" className="font-semibold">
        Submit claim batch {claimId} to HMRC?
      </p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-700 dark:text-slate-300">Lines</dt>
          <dd className="font-semibold">{plan.lines.length}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700 dark:text-slate-300">Total donations</dt>
          <dd className="font-semibold">{formatPence(plan.totalPence)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700 dark:text-slate-300">Gift Aid claimed</dt>
          <dd className="font-semibold">{formatPence(plan.giftAidPence)}</dd>
        </div>
      </dl>
      {plan.adjustmentPence > 0 ? (
        <p className="mt-2">Adjustment (over-claimed before): − {formatPence(plan.adjustmentPence)}</p>
      ) : null}
      <HeldBack lines={plan.heldBack} />
      <ConfirmedForm
        action={adminPaths.giftAidClaim(claimId)}
        hidden={{ intent: "hmrc" }}
        className="mt-4 flex flex-wrap gap-3"
      >
        {plan.gasds ? (
          <p className="w-full">
            <label className="flex items-start gap-2">
              <input type="checkbox" name="gasds" value="yes" className="mt-1" />
              <span>
                Also claim small donations (GASDS) of the tax year {plan.gasds.label}:{" "}
                {formatPence(plan.gasds.amountPence)}, a top-up of {formatPence(plan.gasds.topUpPence)}
              </span>
            </label>
          </p>
        ) : null}
        <button type="submit" className="btn-primary">
          Yes, submit to HMRC
        </button>
        <Link to={adminPaths.giftAidClaim(claimId)} className="btn-secondary">
          Cancel
        </Link>
      </ConfirmedForm>
    </div>
  );
}

export function HmrcSubmissions({ views }: { views: SubmissionViewData[] }) {
  if (views.length === 0) return null;
  return (
    <ol className="mt-4 space-y-4">
      {views.map(({ submission, errors, heldBack, messages }) => (
        <li key={submission.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <p className="font-semibold">
            {submissionStateWords(submission.state, submission.gatewayTest)}{" "}
            <span className="font-normal text-slate-700 dark:text-slate-300">
              (sent by {submission.createdBy}, {submission.lineCount} lines, donations{" "}
              {formatPence(submission.totalPence)}, Gift Aid {formatPence(submission.giftAidPence)})
            </span>
          </p>
          <p className="mt-1 text-sm break-all">IRmark {submission.irmark}</p>
          {submission.correlationId ? (
            <p className="text-sm break-all">HMRC's correlation id {submission.correlationId}</p>
          ) : null}
          {submission.receipt ? (
            <p className="mt-2">
              {submission.gatewayTest ? "Receipt of HMRC's test service (a test: nothing was claimed): " : ""}
              {submission.receipt}
            </p>
          ) : null}
          {submission.problem ? <p className="mt-2 text-red-800 dark:text-red-300">{submission.problem}</p> : null}
          {errors.length > 0 ? (
            <div className="mt-2">
              <p className="font-semibold">HMRC's errors</p>
              <ul className="list-disc pl-5">
                {errors.map((error, index) => (
                  <li key={index}>
                    {error.line !== null ? `Line ${error.line}: ` : ""}
                    {error.text} (error {error.number})
                    {error.declarationId !== null ? (
                      <>
                        {" "}
                        <Link className="underline" to={adminPaths.giftAidDeclaration(error.declarationId)}>
                          Fix line {error.line}
                        </Link>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <HeldBack lines={heldBack} />
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {messages.length} message{messages.length === 1 ? "" : "s"} with HMRC kept (
            {messages.map((m) => `${m.direction} ${m.kind}`).join(", ")}).
          </p>
        </li>
      ))}
    </ol>
  );
}

import { useIsPending } from "~/utils/pending";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { figuresCell as td, figuresRow as rowBorder, StaffSection, StaffTable } from "~/components/admin/table";
import { FormError } from "~/components/ui/form";
import { GIFT_AID_ROUNDING_NOTE, giftAidOnPence, giftAidStaff } from "~/content/gift-aid";
import { site } from "~/content/site";
import { smallDonationsStaff } from "~/content/small-donations";
import { readFormData } from "~/infra/body.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { createBatchSchema } from "~/schemas/gift-aid";
import { GiftAidError, listDeclarationsForStaff } from "~/services/gift-aid-declarations.server";
import {
  createClaimBatch,
  listClaimBatches,
  listClaimCandidates,
  type ClaimCandidate,
} from "~/services/gift-aid-claims.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { scheduleDate } from "~/utils/gift-aid";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Gift Aid", description: `Gift Aid claims of ${site.name}.`, noindex: true });

const candidateView = (candidate: ClaimCandidate) => ({
  paymentId: candidate.paymentId,
  declarationId: candidate.declarationId,
  pledgeReference: candidate.pledgeReference,
  donorName: candidate.donorName,
  receivedOn: candidate.receivedOn,
  amountPence: candidate.amountPence,
  problems: candidate.problems,
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const [candidates, claims, declarations] = await Promise.all([
    listClaimCandidates(),
    listClaimBatches(),
    listDeclarationsForStaff(),
  ]);
  return json({
    claimable: candidates.claimable.map(candidateView),
    rejected: candidates.rejected.map(candidateView),
    notCovered: candidates.notCovered.map(candidateView),
    claims,
    declarations: declarations.map((d) => ({
      id: d.id,
      name: `${d.firstName} ${d.lastName}`,
      pledgeReference: d.pledgeReference,
      declaredAt: d.declaredAt,
      cancelledAt: d.cancelledAt,
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireRole(request, "gift-aid");
  const submission = parseWithZod(await readFormData(request), { schema: createBatchSchema });
  if (submission.status !== "success") {
    return json({ error: "Choose the payments to claim, or claim them all." }, { status: 400 });
  }
  const { scope, paymentId } = submission.value;
  if (scope === "selected" && paymentId.length === 0) {
    return json({ error: "Select at least one payment, or create a batch from all of them." }, { status: 400 });
  }
  try {
    const claim = await createClaimBatch({ paymentIds: scope === "all" ? "all" : paymentId, actor: user.username });
    return redirect(adminPaths.giftAidClaim(claim.id), 303);
  } catch (error) {
    if (error instanceof GiftAidError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

type Row = ReturnType<typeof candidateView>;

function Money({ pence }: { pence: number }) {
  return <span className="tabular-nums">{formatPence(pence)}</span>;
}

const right = (label: string) => ({ label, key: label, align: "right" as const });

function ProblemTable({ rows, caption }: { rows: Row[]; caption: string }) {
  return (
    <StaffTable
      look="figures"
      className="mt-3"
      caption={caption}
      columns={["Received", "Donor", "Amount", "Why it is left out"]}
    >
      {rows.map((row) => (
        <tr key={row.paymentId} className={rowBorder}>
          <td className={td}>{scheduleDate(row.receivedOn)}</td>
          <td className={td}>
            <Link to={adminPaths.giftAidDeclaration(row.declarationId)} className="link">
              {row.donorName}
            </Link>{" "}
            <span className="font-mono text-xs">{row.pledgeReference}</span>
          </td>
          <td className={td}>
            <Money pence={row.amountPence} />
          </td>
          <td className={td}>
            <ul className="list-disc pl-4">
              {row.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

export default function GiftAid() {
  const { claimable, rejected, notCovered, claims, declarations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ formAction: adminPaths.giftAid, state: "submitting" });
  const total = claimable.reduce((sum, row) => sum + row.amountPence, 0);

  return (
    <>
      <h2 className="text-2xl font-semibold">{giftAidStaff.sectionTitle}</h2>
      <p className="mt-2">
        <Link to={adminPaths.smallDonations()} className="link">
          {smallDonationsStaff.linkFromGiftAid}
        </Link>
      </p>

      <StaffSection id="claimable" title="Claimable payments" className="mt-6">
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{giftAidStaff.intro}</p>
        {actionData?.error ? (
          <div className="mt-4">
            <FormError errors={[actionData.error]} />
          </div>
        ) : null}
        {claimable.length === 0 ? (
          <p className="mt-4 text-slate-700 dark:text-slate-300">There are no payments to claim just now.</p>
        ) : (
          <Form method="post" action={adminPaths.giftAid} className="mt-2">
            <StaffTable
              look="figures"
              className="mt-3"
              caption="Claimable payments"
              columns={["Select", "Received", "Donor", "Pledge", right("Amount"), right("Gift Aid")]}
            >
              {claimable.map((row) => (
                <tr key={row.paymentId} className={rowBorder}>
                  <td className={td}>
                    <input
                      type="checkbox"
                      name="paymentId"
                      value={row.paymentId}
                      id={`payment-${row.paymentId}`}
                      aria-label={`Select ${row.donorName}, ${formatPence(row.amountPence)} received ${scheduleDate(row.receivedOn)}`}
                      className="h-4 w-4 accent-brand-700"
                    />
                  </td>
                  <td className={td}>{scheduleDate(row.receivedOn)}</td>
                  <td className={td}>
                    <Link to={adminPaths.giftAidDeclaration(row.declarationId)} className="link">
                      {row.donorName}
                    </Link>
                  </td>
                  <td className={`${td} font-mono`}>{row.pledgeReference}</td>
                  <td className={`${td} text-right`}>
                    <Money pence={row.amountPence} />
                  </td>
                  <td className={`${td} text-right`}>
                    <Money pence={giftAidOnPence(row.amountPence)} />
                  </td>
                </tr>
              ))}
            </StaffTable>
            <p className="mt-4 text-slate-800 dark:text-slate-200">
              {claimable.length} payment{claimable.length === 1 ? "" : "s"}: donations <Money pence={total} />, Gift Aid{" "}
              <Money pence={giftAidOnPence(total)} />. <span className="text-sm">{GIFT_AID_ROUNDING_NOTE}</span>
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="submit" name="scope" value="all" className="btn-primary" disabled={busy}>
                Create a batch of all claimable payments
              </button>
              <button type="submit" name="scope" value="selected" className="btn-secondary" disabled={busy}>
                Create a batch of the selected payments
              </button>
            </div>
          </Form>
        )}
      </StaffSection>

      {rejected.length > 0 ? (
        <StaffSection id="rejected" title="Rows HMRC would reject" className="mt-10">
          <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{giftAidStaff.rejectedIntro}</p>
          <ProblemTable rows={rejected} caption="Rows HMRC would reject" />
        </StaffSection>
      ) : null}

      {notCovered.length > 0 ? (
        <StaffSection id="not-covered" title="Payments no declaration covers" className="mt-10">
          <ProblemTable rows={notCovered} caption="Payments no declaration covers" />
        </StaffSection>
      ) : null}

      <StaffSection id="claims" title="Claim batches" className="mt-10">
        {claims.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No batches yet.</p>
        ) : (
          <StaffTable
            look="figures"
            className="mt-3"
            caption="Claim batches"
            columns={["Batch", "Made", "Payments", right("Donations"), right("Gift Aid"), "Status"]}
          >
            {claims.map((claim) => (
              <tr key={claim.id} className={rowBorder}>
                <td className={td}>
                  <Link to={adminPaths.giftAidClaim(claim.id)} className="link">
                    Batch {claim.id}
                  </Link>
                </td>
                <td className={td}>{formatLongDate(claim.createdAt)}</td>
                <td className={td}>{claim.itemCount}</td>
                <td className={`${td} text-right`}>
                  <Money pence={claim.totalPence} />
                </td>
                <td className={`${td} text-right`}>
                  <Money pence={claim.giftAidPence} />
                </td>
                <td className={td}>
                  {claim.submittedOn ? `Submitted ${formatLongDate(claim.submittedOn)}` : "Not submitted"}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>

      <StaffSection id="declarations" title="Latest declarations" className="mt-10">
        {declarations.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No declarations yet.</p>
        ) : (
          <ul className="mt-3 space-y-1">
            {declarations.map((declaration) => (
              <li key={declaration.id} className="text-sm">
                <Link to={adminPaths.giftAidDeclaration(declaration.id)} className="link">
                  {declaration.name}
                </Link>{" "}
                · <span className="font-mono">{declaration.pledgeReference}</span> · made{" "}
                {formatLongDate(declaration.declaredAt)}
                {declaration.cancelledAt ? ` · cancelled ${formatLongDate(declaration.cancelledAt)}` : ""}
              </li>
            ))}
          </ul>
        )}
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

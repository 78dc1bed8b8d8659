import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StaffSection } from "~/components/admin/table";
import { FormError } from "~/components/ui/form";
import { giftAidStaff } from "~/content/gift-aid-staff";
import { site } from "~/content/site";
import { smallDonationsStaff } from "~/content/small-donations";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { createBatchSchema } from "~/gift-aid/schemas/gift-aid";
import { formatPence } from "~/utils/money";
import { GiftAidError, listDeclarationsForStaff } from "~/gift-aid/index.server";
import {
  createClaimBatch,
  listClaimBatches,
  listClaimCandidates,
  pendingClaimAdjustment,
} from "~/gift-aid/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { hmrcGateway, latestSubmissions } from "~/gift-aid/index.server";
import { GatewayNote } from "~/components/admin/hmrc-submission";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { candidateView } from "./candidate-row";
import { ClaimBatchesTable } from "./claim-batches-table";
import { ClaimableForm } from "./claimable-form";
import { ProblemTable } from "./problem-table";

// The Gift Aid page: the payments a claim can take (claimable-form.tsx), those it cannot and why
// (problem-table.tsx), the claim batches made so far and the latest declarations.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Gift Aid", description: `Gift Aid claims of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const [candidates, claims, declarations, adjustment, submissions] = await Promise.all([
    listClaimCandidates(),
    listClaimBatches(),
    listDeclarationsForStaff(),
    pendingClaimAdjustment(),
    latestSubmissions(),
  ]);
  return json({
    adjustment: { refundedPence: adjustment.refundedPence, giftAidPence: adjustment.giftAidPence },
    claimable: candidates.claimable.map(candidateView),
    rejected: candidates.rejected.map(candidateView),
    notCovered: candidates.notCovered.map(candidateView),
    claims: claims.map((claim) => ({ ...claim, hmrc: submissions.get(claim.id) ?? null })),
    gateway: hmrcGateway(),
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
  const { user, submission } = await staffAction(request, "gift-aid", { schema: createBatchSchema });
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

export default function GiftAid() {
  const { claimable, rejected, notCovered, claims, declarations, adjustment, gateway } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
        {adjustment.giftAidPence > 0 ? (
          <p
            role="note"
            className="mt-4 max-w-3xl rounded-md bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {giftAidStaff.adjustmentNote(formatPence(adjustment.giftAidPence), formatPence(adjustment.refundedPence))}
          </p>
        ) : null}
        <FormError className="mt-4" errors={[actionData?.error]} />
        {claimable.length === 0 ? (
          <p className="mt-4 text-slate-700 dark:text-slate-300">There are no payments to claim just now.</p>
        ) : (
          <ClaimableForm claimable={claimable} />
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
        <GatewayNote gateway={gateway} />
        {claims.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">No batches yet.</p>
        ) : (
          <ClaimBatchesTable claims={claims} />
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
                ·{" "}
                {declaration.pledgeReference ? (
                  <span className="font-mono">{declaration.pledgeReference}</span>
                ) : (
                  "made by the donor at Your giving"
                )}{" "}
                · made {formatLongDate(declaration.declaredAt)}
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

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PaymentDialog, usePaymentDialogForm } from "~/components/admin/payment-dialog";
import { TextareaField } from "~/components/ui/form";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { REMOVE_REASON_MAX_LENGTH, removePaymentSchema } from "~/giving/schemas/donations";
import { DonationError, getPaymentOfPledge, removePayment } from "~/giving/index.server";
import { donationRefusals } from "~/content/admin";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pledgePaymentIds } from "~/utils/record-id";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { paymentReceived } from "~/giving/utils/payment-method";

// Undoing a payment recorded by mistake. A nested route of the pledge: with JavaScript it is a
// dialog over the pledge page; without it the server renders the same dialog over the page, a
// confirmation step of its own. A reason is required: it goes into the pledge's history.

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Remove Payment",
    description: `Remove a payment recorded by mistake at ${site.name}.`,
    noindex: true,
  });

const PAYMENT_NOT_FOUND = "There is no such payment on this pledge. It may have been removed already.";

/** Why a claimed payment stays, in words staff can act on. */
const claimedMessage = (claim: { claimId: number; submitted: boolean }) =>
  donationRefusals.paymentClaimed(claim.claimId, claim.submitted);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const found = pledgePaymentIds(params);
  const record = found === null ? undefined : await getPaymentOfPledge(found.pledgeId, found.paymentId);
  if (!record) throw notFound(PAYMENT_NOT_FOUND);
  const { pledge, payment, claim } = record;
  return json({
    pledge: { id: pledge.id, reference: pledge.reference },
    payment: {
      id: payment.id,
      receivedOn: payment.receivedOn,
      amountPence: payment.amountPence,
      fromBank: payment.method === "bank-import",
    },
    claim: claim ? { claimId: claim.claimId, message: claimedMessage(claim) } : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "donations", { schema: removePaymentSchema });
  const found = pledgePaymentIds(params);
  if (found === null) throw notFound(PAYMENT_NOT_FOUND);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await removePayment({ ...found, reason: submission.value.reason }, user.username);
  } catch (error) {
    if (!(error instanceof DonationError)) throw error;
    if (error.status === 404) throw notFound(PAYMENT_NOT_FOUND);
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  return savedRedirect(adminPaths.donation(found.pledgeId), "payment-removed");
}

export default function RemovePayment() {
  const { pledge, payment, claim } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = usePaymentDialogForm(removePaymentSchema, actionData?.result);

  return (
    <PaymentDialog
      title="Remove payment"
      role="alertdialog"
      pledgeId={pledge.id}
      refusal={
        claim && {
          message: claim.message,
          links: (
            <Link to={adminPaths.giftAidClaim(claim.claimId)} className="btn-secondary">
              Open claim batch {claim.claimId}
            </Link>
          ),
        }
      }
      question={
        <>
          Remove the payment of {paymentReceived(payment)} from pledge{" "}
          <span className="font-mono">{pledge.reference}</span>? The pledge&rsquo;s total and status follow, and its
          history keeps what was removed, by whom and why.
          {payment.fromBank ? " The bank statement line can then be imported again." : ""}
        </>
      }
      note={
        <>
          Say why in a few words (at most {REMOVE_REASON_MAX_LENGTH} characters), for example &ldquo;recorded against
          the wrong pledge&rdquo;. The history keeps it, so leave out the donor&rsquo;s personal details.
        </>
      }
      form={form}
      cancelLabel="Keep it"
      submitLabel="Remove payment"
      busyLabel="Removing…"
    >
      <TextareaField meta={fields.reason} label="Reason" rows={2} />
    </PaymentDialog>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

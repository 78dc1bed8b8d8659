import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PaymentDialog, usePaymentDialogForm } from "~/components/admin/payment-dialog";
import { TextareaField, TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import { londonToday } from "~/infra/clock.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { REFUND_REASON_MAX_LENGTH, refundPaymentSchema } from "~/giving/schemas/record-gift";
import { DonationError, getRefundablePayment, refundPayment } from "~/giving/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { paymentReceived } from "~/giving/utils/payment-method";
import { formatPence } from "~/utils/money";
import { pledgePaymentIds } from "~/utils/record-id";

// Giving back some or all of a payment made by hand or by bank. A nested route of the pledge:
// with JavaScript a dialog over the pledge page; without it the server renders the same dialog
// over the page. The refund goes through the ledger (a negative payment linked to this one), so
// the pledge's totals, Gift Aid, statements and the Payments list read the net, as for card refunds.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Record a refund", description: `Record money given back by ${site.name}.`, noindex: true });

const PAYMENT_NOT_FOUND =
  "There is no payment made by hand or by bank with this number on this pledge. Card payments are refunded in Stripe.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const found = pledgePaymentIds(params);
  const record = found === null ? undefined : await getRefundablePayment(found.pledgeId, found.paymentId);
  if (!record) throw notFound(PAYMENT_NOT_FOUND);
  const { pledge, payment, refundablePence } = record;
  return json({
    today: londonToday(),
    pledge: { id: pledge.id, reference: pledge.reference },
    payment: { id: payment.id, receivedOn: payment.receivedOn, amountPence: payment.amountPence },
    refundablePence,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "donations", { schema: refundPaymentSchema(londonToday()) });
  const found = pledgePaymentIds(params);
  if (found === null) throw notFound(PAYMENT_NOT_FOUND);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { amount, refundedOn, reason } = submission.value;
  try {
    await refundPayment({ ...found, amountPence: amount, refundedOn, reason }, user.username);
  } catch (error) {
    if (!(error instanceof DonationError)) throw error;
    if (error.status === 404) throw notFound(PAYMENT_NOT_FOUND);
    return json({ result: submission.reply({ fieldErrors: { amount: [error.message] } }) }, { status: error.status });
  }
  return savedRedirect(adminPaths.donation(found.pledgeId), "refund-recorded");
}

export default function RefundPayment() {
  const { today, pledge, payment, refundablePence } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = usePaymentDialogForm(refundPaymentSchema(today), actionData?.result, {
    id: `refund-${payment.id}`,
    defaultValue: { amount: (refundablePence / 100).toFixed(2), refundedOn: today },
  });
  const what = paymentReceived(payment);

  return (
    <PaymentDialog
      title="Record a refund"
      pledgeId={pledge.id}
      refusal={
        refundablePence <= 0
          ? { message: `The payment of ${what} has been given back in full already: there is nothing left to refund.` }
          : null
      }
      question={
        <>
          Money given back of the payment of {what} on pledge <span className="font-mono">{pledge.reference}</span>: at
          most {formatPence(refundablePence)}. Record it once the bank has paid it out. The pledge&rsquo;s total, its
          Gift Aid and the donor&rsquo;s statement count what the donor kept.
        </>
      }
      form={form}
      cancelLabel="Cancel"
      submitLabel="Record refund"
      busyLabel="Recording…"
    >
      <TextField meta={fields.amount} label="Amount given back (£)" inputMode="decimal" />
      <TextField meta={fields.refundedOn} label="Date given back" type="date" />
      <TextareaField
        meta={fields.reason}
        label="Reason"
        rows={2}
        hint={`At most ${REFUND_REASON_MAX_LENGTH} characters. The pledge's history keeps it: leave out personal details.`}
      />
    </PaymentDialog>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ScrollTable, TableHead, TotalRow, tdClass } from "~/components/admin/table";
import type { PledgePayment } from "~/giving/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime, formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { giftMethodLabel, paymentMethodLabel } from "~/giving/utils/payment-method";

/** The pledge's payments, each with the way to remove it or where its Gift Aid claim is, and the total. */
export function PaymentsTable({
  pledge,
  payments,
}: {
  pledge: { id: number; paidPence: number; type: "one-time" | "monthly"; payBy: "bank" | "card"; directDebit: boolean };
  payments: SerializeFrom<PledgePayment>[];
}) {
  return (
    <section aria-labelledby="payments-heading" className="mt-8">
      <h3 id="payments-heading" className="text-xl font-semibold">
        Payments
      </h3>
      {payments.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">No payments recorded yet.</p>
      ) : (
        <ScrollTable label="Payments received">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <TableHead
              columns={[
                "Received",
                "Amount",
                "Matched",
                "Note",
                "Recorded by",
                <span key="undo" className="sr-only">
                  Remove, refund or Gift Aid claim
                </span>,
              ]}
            />
            <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <time dateTime={payment.receivedOn}>{formatLongDate(`${payment.receivedOn}T12:00:00Z`)}</time>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatPence(payment.amountPence)}</td>
                  <td className={tdClass}>
                    {paymentMethodLabel(payment.method, payment.amountPence, pledge.directDebit)}
                    {payment.method === "manual" && payment.amountPence > 0
                      ? `: ${giftMethodLabel(pledge, payment)}`
                      : null}
                    {payment.stripeId ? (
                      <span className="block font-mono text-xs break-all text-slate-700 dark:text-slate-300">
                        {payment.stripeId}
                      </span>
                    ) : null}
                  </td>
                  <td className={`${tdClass} whitespace-pre-line break-words`}>{payment.note ?? ""}</td>
                  <td className={tdClass}>
                    {payment.recordedBy}, <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                  </td>
                  <td className={tdClass}>
                    {payment.method === "card" ? (
                      // Card money comes and goes through Stripe (refund it there): never removed here.
                      <span className="whitespace-nowrap text-slate-700 dark:text-slate-300">
                        {payment.claim ? (
                          <Link to={adminPaths.giftAidClaim(payment.claim.claimId)} className="link">
                            In Gift Aid claim {payment.claim.claimId}
                          </Link>
                        ) : payment.amountPence > 0 ? (
                          "Refunds go through Stripe"
                        ) : null}
                      </span>
                    ) : (
                      <span className="flex flex-col gap-1">
                        {payment.claim ? (
                          // A payment in a Gift Aid claim batch cannot be removed: say where it is.
                          <Link to={adminPaths.giftAidClaim(payment.claim.claimId)} className="link whitespace-nowrap">
                            In Gift Aid claim {payment.claim.claimId}
                            {payment.claim.submitted ? " (submitted)" : " (draft)"}
                          </Link>
                        ) : (
                          <PaymentLink to={adminPaths.removePayment(pledge.id, payment.id)} payment={payment}>
                            Remove
                          </PaymentLink>
                        )}
                        {payment.amountPence > 0 ? (
                          // Money given back of a payment by hand or by bank (card refunds are Stripe's).
                          <PaymentLink to={adminPaths.refundPayment(pledge.id, payment.id)} payment={payment}>
                            Refund
                          </PaymentLink>
                        ) : null}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <TotalRow label="Total" pence={pledge.paidPence} valueSpan={5} />
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

/** A link that acts on one payment (Remove, Refund): its name says which, for screen readers. */
function PaymentLink({
  to,
  payment,
  children,
}: {
  to: string;
  payment: { amountPence: number; receivedOn: string };
  children: string;
}) {
  const refund = payment.amountPence < 0;
  return (
    <Link to={to} className="link whitespace-nowrap" preventScrollReset>
      {children}
      <span className="sr-only">
        {" "}
        the {refund ? "refund" : "payment"} of {formatPence(payment.amountPence)} {refund ? "given back" : "received"}{" "}
        {formatLongDate(`${payment.receivedOn}T12:00:00Z`)}
      </span>
    </Link>
  );
}

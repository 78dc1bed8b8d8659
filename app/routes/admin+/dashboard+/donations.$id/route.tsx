// Long because a pledge's page is where staff do most of their work on one gift: what the donor
// gave, its payments (record, remove, card refunds and disputes), its Gift Aid and its history.
import { useIsPending } from "~/utils/pending";
import { londonToday } from "~/infra/clock.server";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { PLEDGE_NOT_FOUND, PledgeStatusBadge, SavedNotice } from "~/components/admin/donations";
import { ScrollTable, TableHead, tdClass, thClass } from "~/components/admin/table";
import { dangerButtonClass } from "~/components/admin/styles";
import { CheckboxField, FormError, TextareaField, TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import { readFormData } from "~/infra/body.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import { pledgeTypeLabels, recordPaymentSchema } from "~/schemas/donations";
import { getPledgeRecord, recordManualPayment } from "~/services/donations.server";
import { donorTaxYears } from "~/services/giving-statements.server";
import { supporterIdOfPledge } from "~/services/supporters.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { parseRecordId } from "~/utils/record-id";
import { QUIET_MONTHLY_DAYS } from "~/utils/attention";
import { formatDateTime, formatLongDate } from "~/utils/dates";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { paymentMethodLabel } from "~/utils/payment-method";
import { taxYearLabel } from "~/utils/tax-year";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data ? `Pledge ${data.pledge.reference}` : "Pledge not found",
    description: `A donation pledge of ${site.name}.`,
    noindex: true,
  });

/** What each ?saved= after a redirect says. */
const savedMessages: Record<string, string> = {
  payment: "Payment recorded.",
  "payment-thanked": "Payment recorded. The donor's thank-you e-mail is on its way.",
  cancelled: "Pledge cancelled.",
  "payment-removed": "Payment removed.",
  "subscription-cancelled": "Monthly card gift cancelled in Stripe, and the pledge with it.",
  "statement-sent": "Giving statement sent: the e-mail with its download link is on its way.",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const id = parseRecordId(params.id);
  const record = id === null ? undefined : await getPledgeRecord(id);
  if (!record) throw notFound(PLEDGE_NOT_FOUND);
  const { pledge, payments, history } = record;
  return json({
    pledge,
    payments,
    history,
    statementYears: await donorTaxYears(pledge),
    saved: new URL(request.url).searchParams.get("saved"),
    today: londonToday(),
    supporterId: await supporterIdOfPledge(pledge.id),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireRole(request, "donations");
  const id = parseRecordId(params.id);
  if (id === null) throw notFound(PLEDGE_NOT_FOUND);
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: recordPaymentSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { receivedOn, amount, note, sendThanks } = submission.value;
  const recorded = await recordManualPayment(
    { pledgeId: id, receivedOn, amountPence: amount, note, sendThanks },
    user.username,
  );
  if (!recorded) throw notFound(PLEDGE_NOT_FOUND);
  return redirect(`${adminPaths.donation(id)}?saved=${recorded.thanked ? "payment-thanked" : "payment"}`, 303);
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="break-words text-slate-900 sm:col-span-2 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export default function PledgeDetail() {
  const { pledge, payments, history, saved, today, statementYears, supporterId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `record-payment-${pledge.id}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { receivedOn: today, amount: "", note: "", sendThanks: "on" },
    constraint: getZodConstraint(recordPaymentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recordPaymentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = useIsPending({ intent: "record-payment", state: "submitting" });
  const outstanding = Math.max(0, pledge.amountPence - pledge.paidPence);

  return (
    <>
      <Link to={adminPaths.donations} className="link text-sm">
        ← All donations
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-2xl font-semibold">Pledge {pledge.reference}</h2>
        <PledgeStatusBadge status={pledge.status} type={pledge.type} />
      </div>
      {saved && Object.hasOwn(savedMessages, saved) ? <SavedNotice>{savedMessages[saved]}</SavedNotice> : null}
      {pledge.disputedAt ? (
        <div
          role="note"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">A card payment of this pledge is disputed (a chargeback).</p>
          <p className="mt-1">
            {pledge.disputeNote}, opened {formatDateTime(pledge.disputedAt)}. Answer it in the Stripe Dashboard before
            its deadline.
          </p>
        </div>
      ) : null}
      {/* Removing a payment: a dialog over this page (or its refusal, shown here). */}
      <Outlet />

      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="pledge-heading">
          <h3 id="pledge-heading" className="text-xl font-semibold">
            The pledge
          </h3>
          <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
            <Detail term="Reference">
              <span className="font-mono">{pledge.reference}</span>
            </Detail>
            <Detail term="Type">{pledgeTypeLabels[pledge.type]}</Detail>
            <Detail term="Amount">
              {formatPence(pledge.amountPence)}
              {pledge.type === "monthly" ? " a month (standing order)" : ""}
            </Detail>
            <Detail term="Received so far">
              {formatPence(pledge.paidPence)} in {payments.length} {payments.length === 1 ? "payment" : "payments"}
            </Detail>
            {pledge.type === "monthly" ? (
              <Detail term="Last payment">
                {pledge.lastPaidOn ? formatLongDate(pledge.lastPaidOn) : "None yet"}
                {pledge.status === "lapsed" ? (
                  <span className="mt-1 block text-sm font-semibold text-red-800 dark:text-red-300">
                    No payment for more than {QUIET_MONTHLY_DAYS} days: the standing order may have stopped.
                  </span>
                ) : null}
              </Detail>
            ) : null}
            {pledge.type === "one-time" && pledge.status !== "cancelled" ? (
              <Detail term="Outstanding">{formatPence(outstanding)}</Detail>
            ) : null}
            <Detail term="Paying by">
              {pledge.payBy === "card" ? "Card, through Stripe Checkout" : "Bank transfer"}
            </Detail>
            {pledge.stripeSubscription ? (
              <Detail term="Stripe subscription">
                <span className="font-mono break-all">{pledge.stripeSubscription}</span>
              </Detail>
            ) : null}
            <Detail term="Pledged on">
              <time dateTime={pledge.createdAt}>{formatDateTime(pledge.createdAt)}</time>
            </Detail>
            <Detail term="Name">
              {pledge.firstName} {pledge.lastName}
              {supporterId ? (
                <>
                  {" "}
                  <Link to={adminPaths.supporter(supporterId)} className="link">
                    (supporter {supporterId}: all their gifts)
                  </Link>
                </>
              ) : null}
            </Detail>
            <Detail term="E-mail">
              <a href={`mailto:${pledge.email}`} className="link break-all">
                {pledge.email}
              </a>
            </Detail>
            <Detail term="Phone">{pledge.phone ?? "Not given"}</Detail>
            <Detail term="In honour or memory of someone">
              {pledge.inHonour ? (pledge.honoreeName ? `Yes: ${pledge.honoreeName}` : "Yes") : "No"}
            </Detail>
            {pledge.cancelledAt ? (
              <>
                <Detail term="Cancelled on">
                  <time dateTime={pledge.cancelledAt}>{formatDateTime(pledge.cancelledAt)}</time>
                </Detail>
                <Detail term="Reason">
                  <span className="whitespace-pre-line">{pledge.cancelReason}</span>
                </Detail>
              </>
            ) : null}
          </dl>
          {pledge.cancelledAt ? null : (
            <Link to={adminPaths.cancelDonation(pledge.id)} className={`${dangerButtonClass} mt-4`}>
              {pledge.stripeSubscription ? "Cancel the monthly card gift" : "Cancel this pledge"}
            </Link>
          )}
        </section>

        <section aria-labelledby="record-heading">
          <h3 id="record-heading" className="text-xl font-semibold">
            Record a payment
          </h3>
          <Form method="post" {...getFormProps(form)} key={payments.length} className="mt-2 space-y-4">
            <input type="hidden" name="intent" value="record-payment" />
            <FormError id={form.errorId} errors={form.errors} />
            <TextField meta={fields.receivedOn} label="Date received" type="date" />
            <TextField meta={fields.amount} label="Amount (£)" inputMode="decimal" placeholder="25.00" />
            <TextareaField meta={fields.note} label="Note" rows={2} optional />
            <CheckboxField meta={fields.sendThanks} label="Send a thank-you e-mail" />
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? "Recording…" : "Record payment"}
            </button>
          </Form>

          <h3 id="statement-heading" className="mt-8 text-xl font-semibold">
            Giving statement
          </h3>
          {statementYears.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              No payments yet from this donor: there is nothing to put on a statement.
            </p>
          ) : (
            <Form
              method="get"
              action={adminPaths.donationStatement(pledge.id)}
              aria-labelledby="statement-heading"
              className="mt-2 flex flex-wrap items-end gap-3"
            >
              <div>
                <label
                  htmlFor="statement-year"
                  className="block text-sm font-medium text-slate-800 dark:text-slate-200"
                >
                  Tax year (6 April to 5 April)
                </label>
                <select id="statement-year" name="year" className="field-input" defaultValue={statementYears[0]}>
                  {statementYears.map((year) => (
                    <option key={year} value={year}>
                      {taxYearLabel(year)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-secondary">
                Preview and send
              </button>
            </Form>
          )}
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Every gift made with this e-mail address in the year, as a PDF the donor downloads from a link in the
            e-mail.{" "}
            <Link to={adminPaths.donationsStatements} className="link">
              Send every donor their statement
            </Link>
          </p>
        </section>
      </div>

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
                    Remove or Gift Aid claim
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
                      {paymentMethodLabel(payment.method, payment.amountPence)}
                      {payment.stripeId ? (
                        <span className="block font-mono text-xs break-all text-slate-700 dark:text-slate-300">
                          {payment.stripeId}
                        </span>
                      ) : null}
                    </td>
                    <td className={`${tdClass} whitespace-pre-line break-words`}>{payment.note ?? ""}</td>
                    <td className={tdClass}>
                      {payment.recordedBy},{" "}
                      <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
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
                      ) : payment.claim ? (
                        // A payment in a Gift Aid claim batch cannot be removed: say where it is.
                        <Link to={adminPaths.giftAidClaim(payment.claim.claimId)} className="link whitespace-nowrap">
                          In Gift Aid claim {payment.claim.claimId}
                          {payment.claim.submitted ? " (submitted)" : " (draft)"}
                        </Link>
                      ) : (
                        <Link
                          to={adminPaths.removePayment(pledge.id, payment.id)}
                          className="link whitespace-nowrap"
                          preventScrollReset
                        >
                          Remove
                          <span className="sr-only">
                            {" "}
                            the payment of {formatPence(payment.amountPence)} received{" "}
                            {formatLongDate(`${payment.receivedOn}T12:00:00Z`)}
                          </span>
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className={thClass}>
                    Total
                  </th>
                  <td className={`${tdClass} font-semibold`} colSpan={5}>
                    {formatPence(pledge.paidPence)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </ScrollTable>
        )}
      </section>

      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

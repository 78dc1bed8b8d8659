// A pledge's page, where staff do most of their work on one gift: what the donor gave
// (pledge-details.tsx), its payments (payments-table.tsx: record here, remove, card refunds and
// disputes), its giving statement (giving-statement-form.tsx) and its history.
import { useIsPending } from "~/utils/pending";
import { londonToday } from "~/infra/clock.server";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { PLEDGE_NOT_FOUND, PledgeStatusBadge, SavedNotice } from "~/components/admin/donations";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { takeFlash } from "~/site/index.server";
import { isPaidInFull, paidWithOptions, payMethodOf, recordPaymentSchema } from "~/giving/schemas/donations";
import { getPledgeRecord, recordManualPayment } from "~/giving/index.server";
import { donorTaxYears } from "~/supporters/index.server";
import { supporterIdOfPledge } from "~/supporters/index.server";
import { causeLabels } from "~/causes/index.server";
import { pledgeGiftAid } from "~/gift-aid/index.server";
import { directDebitOfPledge } from "~/giving/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { parseRecordId } from "~/utils/record-id";
import { formatDateTime } from "~/utils/dates";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { GiftAidState } from "./gift-aid-state";
import { GivingStatementForm } from "./giving-statement-form";
import { PaymentsTable } from "./payments-table";
import { PledgeDetails } from "./pledge-details";
import { DirectDebitPanel } from "./direct-debit-panel";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data ? `Pledge ${data.pledge.reference}` : "Pledge not found",
    description: `A donation pledge of ${site.name}.`,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const id = parseRecordId(params.id);
  const record = id === null ? undefined : await getPledgeRecord(id);
  if (!record) throw notFound(PLEDGE_NOT_FOUND);
  const { pledge, payments, history } = record;
  const flash = await takeFlash(request);
  return json(
    {
      pledge,
      payments,
      history,
      statementYears: await donorTaxYears(pledge),
      saved: flash.message,
      today: londonToday(),
      supporterId: await supporterIdOfPledge(pledge.id),
      givenTo: (await causeLabels([pledge]))(pledge),
      giftAid: await pledgeGiftAid(pledge.id, payments),
      directDebit: await directDebitOfPledge(pledge),
    },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "donations", { schema: recordPaymentSchema(londonToday()) });
  const id = parseRecordId(params.id);
  if (id === null) throw notFound(PLEDGE_NOT_FOUND);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { receivedOn, amount, note, paidWith, sendThanks } = submission.value;
  const recorded = await recordManualPayment(
    { pledgeId: id, receivedOn, amountPence: amount, note, paidWith: paidWith ?? null, sendThanks },
    user.username,
  );
  if (!recorded) throw notFound(PLEDGE_NOT_FOUND);
  return savedRedirect(adminPaths.donation(id), recorded.thanked ? "payment-thanked" : "payment");
}

export default function PledgeDetail() {
  const { pledge, payments, history, saved, today, statementYears, supporterId, givenTo, giftAid, directDebit } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `record-payment-${pledge.id}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { receivedOn: today, amount: "", note: "", paidWith: "bank-transfer", sendThanks: "on" },
    constraint: getZodConstraint(recordPaymentSchema(today)),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recordPaymentSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = useIsPending({ intent: "record-payment", state: "submitting" });

  return (
    <>
      <Link to={adminPaths.donations} className="link text-sm">
        ← All donations
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-2xl font-semibold">Pledge {pledge.reference}</h2>
        <PledgeStatusBadge status={pledge.status} type={pledge.type} payBy={payMethodOf(pledge)} />
      </div>
      {directDebit ? <DirectDebitPanel directDebit={directDebit} /> : null}
      {saved ? <SavedNotice>{saved}</SavedNotice> : null}
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
        <PledgeDetails pledge={pledge} paymentCount={payments.length} supporterId={supporterId} givenTo={givenTo} />

        <section aria-labelledby="record-heading">
          <h3 id="record-heading" className="text-xl font-semibold">
            {isPaidInFull(pledge) ? "Paid in full" : "Record a payment"}
          </h3>
          {isPaidInFull(pledge) ? (
            <p className="mt-2">This pledge is paid in full: there is nothing more to record.</p>
          ) : (
            <Form method="post" {...getFormProps(form)} key={payments.length} className="mt-2 space-y-4">
              <input type="hidden" name="intent" value="record-payment" />
              <ErrorSummary form={form} />
              <TextField meta={fields.receivedOn} label="Date received" type="date" />
              <TextField meta={fields.amount} label="Amount (£)" inputMode="decimal" placeholder="25.00" />
              <SelectField meta={fields.paidWith} label="Paid with" options={paidWithOptions} />
              <TextareaField meta={fields.note} label="Note" rows={2} optional />
              <CheckboxField meta={fields.sendThanks} label="Send a thank-you e-mail" />
              <button type="submit" className="btn-primary" disabled={saving}>
                {saving ? "Recording…" : "Record payment"}
              </button>
            </Form>
          )}

          <GivingStatementForm pledgeId={pledge.id} statementYears={statementYears} />
        </section>
      </div>

      <PaymentsTable pledge={pledge} payments={payments} />

      <GiftAidState giftAid={giftAid} />

      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

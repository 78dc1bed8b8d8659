import { useIsPending } from "~/utils/pending";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PLEDGE_NOT_FOUND } from "~/components/admin/donations";
import { dangerButtonClass } from "~/components/admin/styles";
import { TextareaField } from "~/components/ui/form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { cancelPledgeSchema, isPaidInFull } from "~/giving/schemas/donations";
import { cancelPledge, DonationError, findPledge } from "~/giving/index.server";
import { donationRefusals } from "~/content/admin";
import { cancelCardSubscription, CardGiftError } from "~/giving/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { parseRecordId } from "~/utils/record-id";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// Cancelling is its own page: the confirmation step, with the reason, the same with or
// without JavaScript.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Cancel Pledge", description: `Cancel a donation pledge of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const id = parseRecordId(params.id);
  const pledge = id === null ? undefined : await findPledge(id);
  if (!pledge) throw notFound(PLEDGE_NOT_FOUND);
  return json({
    pledge: {
      id: pledge.id,
      reference: pledge.reference,
      amountPence: pledge.amountPence,
      type: pledge.type,
      cancelled: pledge.cancelledAt !== null,
      paidInFull: isPaidInFull(pledge),
      /** A monthly card gift: cancelling also ends its Stripe subscription. */
      cardSubscription: pledge.stripeSubscription !== null,
    },
  });
}

const PAID_IN_FULL = donationRefusals.paidInFull;

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, submission } = await staffAction(request, "donations", { schema: cancelPledgeSchema });
  const id = parseRecordId(params.id);
  if (id === null) throw notFound(PLEDGE_NOT_FOUND);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const pledge = await findPledge(id);
  if (!pledge) throw notFound(PLEDGE_NOT_FOUND);
  try {
    if (pledge.stripeSubscription && !pledge.cancelledAt) {
      // Stripe first: the pledge is cancelled only once the donor's card will not be charged again.
      await cancelCardSubscription(id, submission.value.reason, user.username);
      return savedRedirect(adminPaths.donation(id), "subscription-cancelled");
    }
    await cancelPledge(id, submission.value.reason, user.username);
  } catch (error) {
    if (!(error instanceof DonationError || error instanceof CardGiftError)) throw error;
    if (error.status === 404) throw notFound(PLEDGE_NOT_FOUND);
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  return savedRedirect(adminPaths.donation(id), "cancelled");
}

export default function CancelPledge() {
  const { pledge } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(cancelPledgeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cancelPledgeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = useIsPending({ state: "submitting" });

  return (
    <>
      <Link to={adminPaths.donation(pledge.id)} className="link text-sm">
        ← Back to the pledge
      </Link>
      <h2 className="mt-3 text-2xl font-semibold">
        Cancel pledge <span className="font-mono">{pledge.reference}</span>
      </h2>
      {pledge.cancelled ? (
        <p className="mt-4 text-slate-800 dark:text-slate-200">This pledge is already cancelled.</p>
      ) : pledge.paidInFull ? (
        <p className="mt-4 text-slate-800 dark:text-slate-200">{PAID_IN_FULL}</p>
      ) : (
        <>
          <p className="mt-4 max-w-prose text-slate-800 dark:text-slate-200">
            Are you sure you want to cancel this{" "}
            {pledge.type !== "monthly"
              ? "pledge"
              : pledge.cardSubscription
                ? "monthly card gift"
                : "monthly standing order"}{" "}
            of {formatPence(pledge.amountPence)}? Payments already recorded are kept. This cannot be undone.
          </p>
          {pledge.cardSubscription ? (
            <p className="mt-3 max-w-prose font-semibold text-slate-900 dark:text-white">
              This is a monthly card gift: its Stripe subscription is cancelled at once, so the donor&apos;s card is not
              charged again.
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 max-w-xl space-y-4">
            <ErrorSummary form={form} />
            <TextareaField meta={fields.reason} label="Reason" rows={3} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={dangerButtonClass} disabled={busy}>
                {busy ? "Cancelling…" : pledge.cardSubscription ? "Cancel the monthly card gift" : "Cancel pledge"}
              </button>
              <Link to={adminPaths.donation(pledge.id)} className="btn-secondary">
                Keep it
              </Link>
            </div>
          </Form>
        </>
      )}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";

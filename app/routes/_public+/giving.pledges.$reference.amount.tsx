import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NewsletterPage } from "~/components/newsletter-page";
import { errorSummaryHeading } from "~/content/forms";
import { givingWords as words } from "~/content/giving";
import {
  changeMonthlyCardAmountByDonor,
  donorAction,
  DonorPortalError,
  getStoppableMonthlyGift,
  GIVING_HEADERS,
  json,
  redirect,
  refusalResponse,
  requireDonor,
  savedRedirect,
} from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// A donor changes the monthly amount of their card gift: Stripe's subscription is updated from
// the next payment, and the pledge follows from Stripe's webhook (docs/decisions.md §28). A
// plain form (one field, the server checks it as the donate form does), with or without JavaScript.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supporterId = await requireDonor(request);
  const gift = await getStoppableMonthlyGift(supporterId, params.reference ?? "").catch(refusalResponse);
  if (gift.payBy !== "card") return redirect(givingPaths.account, { status: 303, headers: GIVING_HEADERS });
  return json({ gift }, { headers: GIVING_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supporterId, form } = await donorAction(request);
  const amount = form.get("amount");
  try {
    await changeMonthlyCardAmountByDonor(supporterId, params.reference ?? "", typeof amount === "string" ? amount : "");
  } catch (error) {
    if (!(error instanceof DonorPortalError) || error.status === 404) return refusalResponse(error);
    return json(
      { error: error.message, amount: typeof amount === "string" ? amount : "" },
      { status: error.status, headers: GIVING_HEADERS },
    );
  }
  return savedRedirect(givingPaths.account, "giving-amount-changed", "giving");
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.changeTitle, description: words.description, noindex: true }, matches);

export default function ChangeMonthlyAmount() {
  const { gift } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <NewsletterPage title={words.changeTitle}>
      <p>{words.changeLead(formatPence(gift.amountPence), gift.reference)}</p>
      <Form method="post" noValidate className="space-y-4">
        {/* The error summary's markup (GOV.UK), without its module: one field, no focus management to share. */}
        {refused ? (
          <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 dark:bg-slate-800">
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{errorSummaryHeading}</h2>
            <a href="#amount" className="link text-base">
              {refused.error}
            </a>
          </div>
        ) : null}
        <div>
          <label htmlFor="amount" className="block text-base font-medium text-slate-900 dark:text-white">
            {words.changeLabel}
          </label>
          <p id="amount-hint" className="text-sm text-slate-700 dark:text-slate-300">
            {words.changeHint}
          </p>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            required
            maxLength={12}
            defaultValue={refused?.amount ?? ""}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "amount-hint amount-error" : "amount-hint"}
            className="field-input mt-1 max-w-xs"
          />
          {refused ? (
            <p id="amount-error" className="field-error mt-1 text-sm">
              {refused.error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary" disabled={busy}>
            {words.changeButton}
          </button>
          <Link to={givingPaths.account} className="link text-base">
            {words.stopKeep}
          </Link>
        </div>
      </Form>
    </NewsletterPage>
  );
}

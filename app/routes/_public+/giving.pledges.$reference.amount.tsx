import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GivingConfirmPage, givingMeta } from "~/components/giving/confirm-page";
import { errorSummaryHeading } from "~/content/forms";
import { givingWords as words } from "~/content/giving";
import {
  changeMonthlyCardAmountByDonor,
  donorForm,
  donorPage,
  getStoppableMonthlyGift,
  GIVING_HEADERS,
  monthlyAmountSchema,
} from "~/routes/_glue/giving-page.server";
import { formatPence } from "~/utils/money";

// A donor changes the monthly amount of their card gift: Stripe's subscription is updated from
// the next payment, and the pledge follows from Stripe's webhook (docs/decisions/0028-your-giving.md). One
// field, checked by the server as the donate form checks an amount, with or without JavaScript.

export function loader({ request, params }: LoaderFunctionArgs) {
  return donorPage(request, async (supporterId) => {
    const gift = await getStoppableMonthlyGift(supporterId, params.reference ?? "");
    return gift.payBy === "card" ? { gift } : null;
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  return donorForm(
    request,
    monthlyAmountSchema,
    (supporterId, { amount }) => changeMonthlyCardAmountByDonor(supporterId, params.reference ?? "", amount),
    "giving-amount-changed",
  );
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta = givingMeta(words.changeTitle);

export default function ChangeMonthlyAmount() {
  const { gift } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.result;
  const error = refused?.error?.[""]?.[0] ?? refused?.error?.amount?.[0];
  const typed = refused?.initialValue?.amount;
  return (
    <GivingConfirmPage
      title={words.changeTitle}
      lead={words.changeLead(formatPence(gift.amountPence), gift.reference)}
      confirm={words.changeButton}
      keep={words.stopKeep}
      form={{ noValidate: true, id: "giving-amount" }}
    >
      {/* The error summary's markup (GOV.UK) without its module, which would put the page over its JavaScript budget. */}
      {error ? (
        <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 dark:bg-slate-800">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{errorSummaryHeading}</h2>
          <a href="#amount" className="link text-base">
            {error}
          </a>
        </div>
      ) : null}
      <label htmlFor="amount" className="block text-base font-medium text-slate-900 dark:text-white">
        {words.changeLabel}
        <span id="amount-hint" className="block text-sm font-normal text-slate-700 dark:text-slate-300">
          {words.changeHint}
        </span>
      </label>
      <input
        id="amount"
        name="amount"
        inputMode="decimal"
        required
        maxLength={12}
        defaultValue={typeof typed === "string" ? typed : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "amount-hint amount-error" : "amount-hint"}
        className="field-input max-w-xs"
      />
      {error ? (
        <p id="amount-error" className="field-error text-sm">
          {error}
        </p>
      ) : null}
    </GivingConfirmPage>
  );
}

import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GivingConfirmPage, givingMeta } from "~/components/giving/confirm-page";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextField } from "~/components/ui/form";
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
// the next payment, and the pledge follows from Stripe's webhook (docs/decisions.md §28). One
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
      <ErrorSummary problems={error ? [{ message: error, fieldId: "amount" }] : []} />
      <TextField
        meta={{
          id: "amount",
          name: "amount",
          errorId: "amount-error",
          formId: "giving-amount",
          errors: error ? [error] : undefined,
          initialValue: typeof typed === "string" ? typed : "",
          required: true,
          maxLength: 12,
        }}
        label={words.changeLabel}
        hint={words.changeHint}
        inputMode="decimal"
        className="max-w-xs"
      />
    </GivingConfirmPage>
  );
}

import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GivingConfirmPage, givingMeta } from "~/components/giving/confirm-page";
import { givingWords as words } from "~/content/giving";
import {
  cancelDeclarationByDonor,
  donorChange,
  donorPage,
  getDonorDeclaration,
  GIVING_HEADERS,
} from "~/routes/_glue/giving-page.server";
import { formatLongDate } from "~/utils/date-format";
import { requireRecordId } from "~/utils/record-id";

// A donor cancels their own Gift Aid declaration after this confirmation: what cancelling
// means, then "Yes" posts. Audited as the donor's own.

export function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireRecordId(params.id, words.noSuchDeclaration);
  return donorPage(request, async (supporterId) => {
    const declaration = await getDonorDeclaration(supporterId, id);
    return declaration.cancelledOn ? null : { declaration };
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  const id = requireRecordId(params.id, words.noSuchDeclaration);
  return donorChange(
    request,
    (supporterId) => cancelDeclarationByDonor(supporterId, id),
    "giving-declaration-cancelled",
  );
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta = givingMeta(words.cancelTitle);

export default function CancelDeclaration() {
  const { declaration } = useLoaderData<typeof loader>();
  return (
    <GivingConfirmPage
      title={words.cancelTitle}
      lead={words.cancelLead(formatLongDate(declaration.declaredOn))}
      effects={words.cancelEffects}
      confirm={words.cancelConfirm}
      keep={words.cancelKeep}
    />
  );
}

import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GivingConfirmPage, givingMeta } from "~/components/giving/confirm-page";
import { givingWords as words } from "~/content/giving";
import {
  confirmDeclarationByDonor,
  donorChange,
  donorPage,
  getDonorPortal,
  GIVING_HEADERS,
} from "~/routes/_glue/giving-page.server";
import { formatLongDate } from "~/utils/date-format";
import { requireRecordId } from "~/utils/record-id";

// The address's owner confirms a Gift Aid declaration made with their address on a public form
// (it covers only its own gift until then; docs/gift-aid.md): the name and address it was made
// with, what confirming means, then "Yes" posts. Audited as the donor's own.

export function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireRecordId(params.id, words.noSuchDeclaration);
  return donorPage(request, async (supporterId) => {
    const declaration = (await getDonorPortal(supporterId)).declarations.find((d) => d.id === id);
    if (!declaration) return null;
    return declaration.waiting ? { declaredOn: declaration.declaredOn, waiting: declaration.waiting } : null;
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  const id = requireRecordId(params.id, words.noSuchDeclaration);
  return donorChange(
    request,
    (supporterId) => confirmDeclarationByDonor(supporterId, id),
    "giving-declaration-confirmed",
  );
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta = givingMeta(words.confirmTitle);

export default function ConfirmDeclaration() {
  const { declaredOn, waiting } = useLoaderData<typeof loader>();
  return (
    <GivingConfirmPage
      title={words.confirmTitle}
      lead={words.confirmLead(formatLongDate(declaredOn))}
      effects={words.confirmEffects(waiting.name, waiting.address)}
      confirm={words.confirmConfirm}
      keep={words.confirmKeep}
    />
  );
}

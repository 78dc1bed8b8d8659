import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CharityText } from "~/components/charity";
import { GivingConfirmPage, givingMeta } from "~/components/giving/confirm-page";
import { givingWords as words } from "~/content/giving";
import { CURRENT_DECLARATION_VERSION, DECLARATION_COVERS, GIFT_AID_DECLARATION_VERSIONS } from "~/content/gift-aid";
import {
  detailsComplete,
  donorChange,
  donorPage,
  getDonorDetails,
  GIVING_HEADERS,
  makeDeclarationByDonor,
} from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";

// The donor makes a Gift Aid declaration at Your giving: HMRC's model enduring declaration in its
// current version (the 4 years before today and every gift after it), made with the name and
// home address we hold; without an address, they are sent to add it first.

export function loader({ request }: LoaderFunctionArgs) {
  return donorPage(request, async (supporterId) => {
    const details = await getDonorDetails(supporterId);
    return { details, complete: detailsComplete(details) };
  });
}

export function action({ request }: ActionFunctionArgs) {
  return donorChange(request, makeDeclarationByDonor, "giving-declaration-made");
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta = givingMeta(words.declareTitle);

export default function NewDeclaration() {
  const { details, complete } = useLoaderData<typeof loader>();
  const name = [details.title, details.firstName, details.lastName].filter(Boolean).join(" ");
  return (
    <GivingConfirmPage
      title={words.declareTitle}
      lead={
        <>
          <p>{words.declareLead}</p>
          <blockquote className="border-l-4 border-brand-600 pl-3 text-base text-slate-800 italic dark:border-brand-300 dark:text-slate-200">
            <CharityText text={GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION]} />
          </blockquote>
          <p className="text-base">{DECLARATION_COVERS}</p>
          {complete ? (
            <>
              <p className="text-base">{words.declareAs}</p>
              <p className="text-base font-medium text-slate-900 dark:text-white">
                {name}
                <br />
                {details.house} {details.street}, {details.town}, {details.postcode}
              </p>
            </>
          ) : (
            <p className="text-base font-medium text-slate-900 dark:text-white">{words.declareNeedsAddress}</p>
          )}
          <p className="text-base">
            <Link to={givingPaths.details} className="link">
              {complete ? words.declareChangeAddress : words.detailsLink}
            </Link>
          </p>
        </>
      }
      confirm={words.declareConfirm}
      keep={words.declareKeep}
    />
  );
}

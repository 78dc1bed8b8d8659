import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { NewsletterPage } from "~/components/newsletter-page";
import { givingWords as words } from "~/content/giving";
import {
  cancelDeclarationByDonor,
  donorAction,
  getDonorDeclaration,
  GIVING_HEADERS,
  json,
  redirect,
  refusalResponse,
  requireDonor,
  savedRedirect,
} from "~/routes/_glue/giving-page.server";
import { formatLongDate } from "~/utils/date-format";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";
import { requireRecordId } from "~/utils/record-id";

// A donor cancels their own Gift Aid declaration after this confirmation (a page, with or
// without JavaScript): what cancelling means, then "Yes" posts. Audited as the donor's own.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supporterId = await requireDonor(request);
  const id = requireRecordId(params.id, words.noSuchDeclaration);
  const declaration = await getDonorDeclaration(supporterId, id).catch(refusalResponse);
  if (declaration.cancelledOn) return redirect(givingPaths.account, { status: 303, headers: GIVING_HEADERS });
  return json({ declaration }, { headers: GIVING_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supporterId } = await donorAction(request);
  const id = requireRecordId(params.id, words.noSuchDeclaration);
  await cancelDeclarationByDonor(supporterId, id).catch(refusalResponse);
  return savedRedirect(givingPaths.account, "giving-declaration-cancelled", "giving");
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.cancelTitle, description: words.description, noindex: true }, matches);

export default function CancelDeclaration() {
  const { declaration } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <NewsletterPage title={words.cancelTitle}>
      <p>{words.cancelLead(formatLongDate(declaration.declaredOn))}</p>
      <ul className="list-disc space-y-1 pl-6 text-base">
        {words.cancelEffects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap items-center gap-4 pt-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {words.cancelConfirm}
        </button>
        <Link to={givingPaths.account} className="link text-base">
          {words.cancelKeep}
        </Link>
      </Form>
    </NewsletterPage>
  );
}

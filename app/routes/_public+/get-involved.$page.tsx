import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GetInvolvedArticle, getInvolvedMeta, HowToTakePart } from "~/components/get-involved-article";
import { VolunteerForm } from "~/components/volunteer-form";
import { getInvolvedAction, loadGetInvolvedPage, pageHeaders } from "~/routes/_imports/get-involved-page.server";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

// The Get Involved pages without a route of their own: the Volunteers, Internships and Advisory
// Board pages, which end in an application form (docs/volunteers.md), and any page added to
// app/content/get-involved.ts without a form, which ends in an e-mail link. Share My Day and In
// Memoriam, which end in "Start your page", are get-involved.share-my-day.tsx and
// get-involved.memoriam.tsx (static segments win over `$page`), so no page ships both forms; this
// loader and action still answer for them, as they did before the split
// (app/routes/_glue/get-involved.server.ts).
export async function loader({ params }: LoaderFunctionArgs) {
  return loadGetInvolvedPage(params.page ?? "");
}

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export async function action({ request, params }: ActionFunctionArgs) {
  return getInvolvedAction(request, params.page ?? "");
}

export const meta = getInvolvedMeta;

export default function GetInvolvedPage() {
  const { page, mailto, email, interests } = useLoaderData<typeof loader>();
  return (
    <GetInvolvedArticle page={page}>
      {interests ? (
        <VolunteerForm key={page.slug} interests={interests} email={email} mailto={mailto} />
      ) : (
        <HowToTakePart mailto={mailto} email={email} />
      )}
    </GetInvolvedArticle>
  );
}

import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { VolunteerForm } from "~/components/volunteer-form";
import { getInvolvedAction, loadGetInvolvedPage, pageHeaders } from "~/routes/_glue/get-involved-page.server";
import { pageMeta } from "~/utils/meta";

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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({ title: data.page.title, description: data.page.summary }, matches)
    : pageMeta(
        { title: "Page not found", description: `There is no such way to get involved with ${site.name}.` },
        matches,
      );

// The frame (the way back, the title, the words) is also in app/components/start-page.tsx, the
// two other Get Involved pages' module: apart, so that neither page's JavaScript carries a chunk
// of its own for it.
export default function GetInvolvedPage() {
  const { page, mailto, email, interests } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-12">
      <article className="max-w-3xl">
        <Link to="/get-involved" className="link">
          <span aria-hidden="true">← </span>Back to Get Involved
        </Link>
        <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-white">{page.title}</h1>
        {page.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-5 text-lg text-slate-700 dark:text-slate-300">
            {paragraph}
          </p>
        ))}
        {interests ? (
          <VolunteerForm key={page.slug} interests={interests} email={email} mailto={mailto} />
        ) : (
          // The look of app/components/ui/panel.tsx, written out: this page's JavaScript is near its budget.
          <section
            aria-labelledby="how-to-take-part-heading"
            className="mt-10 rounded-lg border border-brand-200 bg-brand-50 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <h2 id="how-to-take-part-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
              How to take part
            </h2>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Please contact us by e-mail at{" "}
              <a href={mailto} className="link">
                {email}
              </a>{" "}
              and tell us a little about yourself. We will reply as soon as we can.
            </p>
          </section>
        )}
      </article>
    </div>
  );
}

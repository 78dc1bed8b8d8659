import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { getGetInvolvedPage } from "~/content/get-involved";
import { publicSitePage } from "~/publishing/index.server";
import { site } from "~/content/site";
import { STARTED_PANEL_ID, startedCopy } from "~/content/start-page";
import type { PageCacheHandle } from "~/infra/page-cache.server";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";

/** The same words for everyone (nothing about the supporter), so it may be cached. */
export const handle: PageCacheHandle = { pageCache: true };

const START_PAGES = ["share-my-day", "memoriam"];

// Where "Start your page" lands (a 303 from the form's action, to #page-started): GOV.UK's
// confirmation pattern, a panel at the top of its own page, which takes focus (the address's
// fragment without JavaScript, a focus call with it). A reload or the back button never sends the
// form again.
export async function loader({ params }: LoaderFunctionArgs) {
  const page = getGetInvolvedPage(params.page ?? "");
  if (!page || !START_PAGES.includes(page.slug)) throw notFound("Not Found");
  // The page's title as staff last published it (docs/site-editor.md).
  return json({ title: (await publicSitePage(page.slug)).fields.title, slug: page.slug });
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: startedCopy.title, description: `Your page for ${site.name}.`, noindex: true }, matches);

export default function Started() {
  const { title, slug } = useLoaderData<typeof loader>();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <div className="container-page py-12">
      <div className="max-w-3xl">
        <div
          id={STARTED_PANEL_ID}
          ref={panel}
          tabIndex={-1}
          className="rounded-lg bg-green-800 p-6 text-center text-white outline-offset-4 sm:p-8 dark:bg-green-900"
        >
          <h1 className="text-3xl font-bold sm:text-4xl">{startedCopy.title}</h1>
          <p className="mt-4 text-lg">{startedCopy.panelText}</p>
        </div>
        <h2 className="mt-8 text-2xl font-bold text-slate-900 dark:text-white">{startedCopy.nextHeading}</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-lg text-slate-700 dark:text-slate-300">
          {startedCopy.next.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <p className="mt-5 text-slate-700 dark:text-slate-300">{startedCopy.noMail}</p>
        <p className="mt-6 flex flex-wrap gap-6">
          <Link to={`/get-involved/${slug}`} className="link">
            Back to {title}
          </Link>
          <Link to="/get-involved" className="link">
            Back to Get Involved
          </Link>
        </p>
      </div>
    </div>
  );
}

import { CardGrid, CardItem } from "~/components/ui/card-grid";
import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getInvolvedCards } from "~/routes/_glue/get-involved-index.server";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Get Involved",
      description: `Share your special day, give in memory of a loved one or volunteer with ${site.name}.`,
    },
    matches,
  );

// Each page's title and summary are its live revision's (staff edit them: docs/site-editor.md).
export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => json({ pages: await getInvolvedCards() }));
}

export default function GetInvolved() {
  const { pages } = useLoaderData<typeof loader>();
  const featuredGetInvolvedPages = pages.filter((p) => p.featured);
  const otherPages = pages.filter((p) => !p.featured);
  return (
    <div className="container-page py-12">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Get Involved</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        There are many ways to support our work besides giving money. Choose the one that suits you.
      </p>
      <CardGrid>
        {featuredGetInvolvedPages.map((page) => (
          <CardItem
            key={page.slug}
            title={page.title}
            text={page.summary}
            headingLevel={2}
            action={
              <Link to={`/get-involved/${page.slug}`} className="link mt-4 self-start">
                Find out more<span className="sr-only"> about {page.title}</span> <span aria-hidden="true">→</span>
              </Link>
            }
          />
        ))}
      </CardGrid>
      <section aria-labelledby="more-heading" className="mt-12">
        <h2 id="more-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
          More ways to help
        </h2>
        <ul className="mt-4 space-y-2">
          {otherPages.map((page) => (
            <li key={page.slug} className="text-slate-700 dark:text-slate-300">
              <Link to={`/get-involved/${page.slug}`} className="link">
                {page.title}
              </Link>
              : {page.summary}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AboutOverviewView } from "~/components/site-pages/about-pages";
import { site } from "~/content/site";
import { publicSitePage } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "About Us",
      description: `${site.name} is the UK chapter of an international medical health charity. Registered charity number ${site.charityNumber}.`,
    },
    matches,
  );

// The words are the page's live revision (staff edit them: docs/site-editor.md).
export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => json({ page: await publicSitePage("about") }));
}

export default function AboutOverview() {
  const { page } = useLoaderData<typeof loader>();
  return <AboutOverviewView page={page} />;
}

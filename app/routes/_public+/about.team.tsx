import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TeamView } from "~/components/site-pages/about-pages";
import { site } from "~/content/site";
import { publicSitePage } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Our Team", description: `The board of trustees and the officers of ${site.name}.` }, matches);

// The people are the page's live revision (staff edit them: docs/site-editor.md).
export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => json({ page: await publicSitePage("team") }));
}

export default function Team() {
  const { page } = useLoaderData<typeof loader>();
  return <TeamView page={page} />;
}

import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HistoryView } from "~/components/site-pages/about-pages";
import { site } from "~/content/site";
import { publicSitePage } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Our History",
      description: `${site.name} from its incorporation in ${site.incorporated} to charity status in ${site.charityStatus}.`,
    },
    matches,
  );

// The milestones are the page's live revision (staff edit them: docs/site-editor.md).
export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => json({ page: await publicSitePage("history") }));
}

export default function History() {
  const { page } = useLoaderData<typeof loader>();
  return <HistoryView page={page} />;
}

import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SitePageView } from "~/components/site-pages/page-view";
import { loadPagePreview } from "~/routes/_glue/site-page-preview.server";
import { pageMeta } from "~/utils/meta";

// The staff-only preview of a page's draft (docs/site-editor.md): the page exactly as visitors
// will see it once published, in the public frame, at its own address. A visitor (not signed in,
// or without the Pages section) gets a 404: nothing says a draft exists. Never cached.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPagePreview(request, params.key ?? ""), {
    headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
  });
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    { title: `Preview: ${data?.label ?? "page"}`, description: "A draft's preview, for staff only.", noindex: true },
    matches,
  );

const stateWords: Record<string, string> = {
  draft: "the draft",
  submitted: "the draft submitted for review",
  scheduled: "the scheduled version",
  published: "the published page (no draft)",
  original: "the page's original words (no draft)",
};

export default function PagePreview() {
  const { key, label, page, state, articles, legal, editPath } = useLoaderData<typeof loader>();
  return (
    <>
      <div
        role="status"
        className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="container-page py-2 text-sm">
          Preview of {stateWords[state] ?? "the draft"} of {label}: only staff see this address.{" "}
          <Link to={editPath} className="font-semibold underline">
            Back to editing
          </Link>
        </p>
      </div>
      <SitePageView pageKey={key} page={page} articles={articles} legal={legal} />
    </>
  );
}

import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SitePageView } from "~/components/site-pages/page-view";
import { loadPagePreview, previewUnsavedInput } from "~/routes/_glue/site-page-preview.server";
import { pageMeta } from "~/utils/meta";

// The staff-only preview of a page's draft (docs/site-editor.md): the page exactly as visitors
// will see it once published, in the public frame, at its own address. A visitor (not signed in,
// or without the Pages section) gets a 404: nothing says a draft exists. Never cached.
// The edit form's Preview button posts here: the words as typed, unsaved, shown the same way.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPagePreview(request, params.key ?? ""), { headers: PRIVATE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return json(await previewUnsavedInput(request, params.key ?? ""), { headers: PRIVATE });
}

export const headers: HeadersFunction = () => PRIVATE;

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
  unsaved: "your unsaved words (nothing is saved; your browser's Back button returns to them)",
};

export default function PagePreview() {
  const saved = useLoaderData<typeof loader>();
  // After the form's Preview button: its unsaved words, not the saved draft.
  const { key, label, page, state, problems, articles, legal, editPath } = useActionData<typeof action>() ?? saved;
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
        {problems.length > 0 ? (
          <div className="container-page pb-2 text-sm">
            <p>Publishing would be refused until these are fixed:</p>
            <ul className="list-disc pl-5">
              {problems.map((problem, i) => (
                <li key={i}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <SitePageView pageKey={key} page={page} articles={articles} legal={legal} />
    </>
  );
}

import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicationCard } from "~/components/publication-card";
import { PageBanner } from "~/components/page-banner";
import { publicationsPage } from "~/content/publications";
import { previewPublication } from "~/publishing/index.server";
import { PREVIEW_HEADERS, staffPreview } from "~/routes/_glue/content-preview.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

// The staff-only preview of a publication's newest words (docs/site-editor.md): its card exactly
// as visitors will see it on /publications once published. A visitor (not signed in, or without
// the Publications section) gets a 404. Never cached.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { card, state } = await staffPreview(request, "publications", params.id, previewPublication);
  return json({ id: Number(params.id), card, state }, { headers: PREVIEW_HEADERS });
}

export const headers: HeadersFunction = () => PREVIEW_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    {
      title: `Preview: ${data?.card.title ?? "publication"}`,
      description: "A draft's preview, for staff only.",
      noindex: true,
    },
    matches,
  );

export default function PublicationPreview() {
  const { id, card, state } = useLoaderData<typeof loader>();
  return (
    <>
      <div
        role="status"
        className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="container-page py-2 text-sm">
          Preview of{" "}
          {state === "draft" || state === "submitted"
            ? "the draft"
            : state === "scheduled"
              ? "the scheduled version"
              : "the published words"}{" "}
          of {card.title}: only staff see this address.{" "}
          <Link to={adminPaths.publication(id)} className="font-semibold underline">
            Back to editing
          </Link>
        </p>
      </div>
      <PageBanner title={publicationsPage.title} lead={publicationsPage.intro} headingId="publications-heading" />
      <div className="container-page py-12">
        <section aria-labelledby="publications-heading">
          <ul className="grid gap-6 md:grid-cols-3">
            <PublicationCard publication={card} />
          </ul>
        </section>
      </div>
    </>
  );
}

import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/components/legal-document";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { termsOfUse, termsOfUseFor } from "~/content/legal";
import { processorsOf } from "~/site/index.server";
import { publicSitePage } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: termsOfUse.title, description: termsOfUse.description }, matches);

/** How a gift is paid depends on whether card gifts are configured. */
export async function loader() {
  // Its introduction is the page's live revision (staff edit it: docs/site-editor.md).
  const { fields } = await publicSitePage("terms");
  return json({ processors: processorsOf(), intro: fields.intro });
}

export default function Terms() {
  const { processors, intro } = useLoaderData<typeof loader>();
  return <LegalDocument page={{ ...termsOfUseFor(processors), intro }} />;
}
